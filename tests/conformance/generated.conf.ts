import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, inject, it } from 'vitest'
import { randomScenario } from './generator/random-scenario'
import { type BrokerTarget, checkScenario, mapPool } from './harness/check-scenario'
import { MgmtApi } from './harness/mgmt-api'
import { newTally, saveTally } from './harness/stats'

// Seeded random topologies: reproduce a run with CONFORMANCE_SEED, change its size with CONFORMANCE_COUNT.
// CI uses a fixed seed so a landing is judged on a reproducible set; elsewhere each run explores a new
// window (the seed is printed, and failing scenarios are kept under regressions/).
const CI_SEED = 20261129
const seed = process.env.CONFORMANCE_SEED
  ? Number(process.env.CONFORMANCE_SEED)
  : process.env.CI
    ? CI_SEED
    : Date.now() % 2 ** 31
const count = Number(process.env.CONFORMANCE_COUNT ?? 220)
const concurrency = Number(process.env.CONFORMANCE_CONCURRENCY ?? 6)
const target: BrokerTarget = { amqpUrl: inject('rabbitAmqpUrl'), api: new MgmtApi(inject('rabbitMgmtUrl')) }
const tally = newTally()
const textDiffs = new Set<string>()
/** At most this many failing scenarios per run become regression files (one bug tends to fail many). */
const KEEP = 3

it(`${count} random scenarios agree with the broker (CONFORMANCE_SEED=${seed})`, async () => {
  if (!Number.isInteger(seed) || !Number.isInteger(count))
    throw new Error('CONFORMANCE_SEED/COUNT must be integers')
  console.log(`conformance: random scenarios with CONFORMANCE_SEED=${seed} CONFORMANCE_COUNT=${count}`)
  const indices = Array.from({ length: count }, (_, i) => i)
  const checked = await mapPool(indices, concurrency, (i) =>
    checkScenario(`seed ${seed} #${i}`, randomScenario(seed, i), target),
  )
  const failed: string[] = []
  for (const [i, c] of checked.entries()) {
    tally.scenarios++
    tally.agreed += c.agreed
    tally.disagreed += c.disagreed.length
    tally.textsMatched = (tally.textsMatched ?? 0) + c.textsMatched
    tally.textsDiffered = (tally.textsDiffered ?? 0) + c.textDiffs.length
    for (const t of c.textDiffs)
      textDiffs.add(`${t.broker.replace(/vhost '[^']*'/, "vhost 'V'")} / engine: ${t.engine}`)
    if (c.equal) continue
    failed.push(`${c.name}: ${c.report.split('\n').slice(1, 3).join(' |').trim()}`)
    if (failed.length > KEEP) continue
    // Keep the failing scenario as a regression file; it runs with the hand-written ones from now on.
    const file = join(import.meta.dirname, 'regressions', `seed-${seed}-${i}.json`)
    const description = `random scenario ${i} of CONFORMANCE_SEED=${seed}: engine and broker disagreed`
    writeFileSync(file, `${JSON.stringify({ description, ...randomScenario(seed, i) }, null, 2)}\n`)
    // Format as the repo's linter wants it, so a kept file can be committed as is.
    spawnSync(join(process.cwd(), 'node_modules', '.bin', 'biome'), ['format', '--write', file], {
      stdio: 'ignore',
    })
    console.error(`${c.report}\nkept as ${file}`)
  }
  if (failed.length > 0)
    console.error(`disagreeing random scenarios (first diff lines):\n${failed.join('\n')}`)
  expect(
    failed,
    `${failed.length} random scenarios disagree (seed ${seed}); the first ${KEEP} are kept in regressions/`,
  ).toEqual([])
})

afterAll(() => {
  saveTally(inject('conformanceStatsDir'), 'generated', tally)
  if (textDiffs.size > 0)
    console.warn(`error texts worded differently (distinct):\n${[...textDiffs].join('\n')}`)
})
