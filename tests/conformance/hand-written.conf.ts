import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { runScenario } from '../../src/engine'
import { type BrokerTarget, type Checked, checkScenario } from './harness/check-scenario'
import { loadScenarios, type NamedScenario } from './harness/load-scenarios'
import { MgmtApi } from './harness/mgmt-api'
import { newTally, saveTally } from './harness/stats'

/**
 * Every lesson's scenario files (lessons/NN-…/*.scenario.json), run on the broker as a learner would
 * see them. Lessons 1–13 are written for the rabbitmq-4 profile: such a file runs here (as 3.10)
 * when the engine gives the same result under both profiles, so what the lesson shows is what this
 * broker does; one whose result depends on the version is listed as skipped.
 */
function lessonScenarios(): { runnable: NamedScenario[]; versionBound: string[] } {
  const root = join(import.meta.dirname, '../../lessons')
  const files = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
    .flatMap((d) =>
      loadScenarios(join(root, d.name))
        .filter((f) => f.name.endsWith('.scenario.json'))
        .map((f) => ({ ...f, name: `${d.name}/${f.name}` })),
    )
  const runnable: NamedScenario[] = []
  const versionBound: string[] = []
  for (const f of files) {
    const on310 = { ...f.scenario, profile: 'rabbitmq-3.10' as const }
    const own = runScenario(structuredClone(f.scenario)).result
    if (JSON.stringify(runScenario(structuredClone(on310)).result) === JSON.stringify(own))
      runnable.push({ ...f, scenario: on310 })
    else versionBound.push(f.name)
  }
  return { runnable, versionBound }
}
const lessons = lessonScenarios()

// Hand-written scenarios (one rule each), kept regressions from the random suite, and the lessons'.
const sets = [
  { label: 'scenarios', files: loadScenarios(join(import.meta.dirname, 'scenarios')) },
  { label: 'regressions', files: loadScenarios(join(import.meta.dirname, 'regressions')) },
  { label: 'lessons', files: lessons.runnable },
]
const target: BrokerTarget = { amqpUrl: inject('rabbitAmqpUrl'), api: new MgmtApi(inject('rabbitMgmtUrl')) }
const tally = newTally()
const textDiffs: string[] = []

function count(c: Checked): void {
  tally.scenarios++
  tally.agreed += c.agreed
  tally.disagreed += c.disagreed.length
  tally.textsMatched = (tally.textsMatched ?? 0) + c.textsMatched
  tally.textsDiffered = (tally.textsDiffered ?? 0) + c.textDiffs.length
  for (const t of c.textDiffs)
    textDiffs.push(`${c.name} ${t.id}: broker "${t.broker}" / engine "${t.engine}"`)
}

it('has at least 40 hand-written scenarios', () => {
  expect(sets[0].files.length).toBeGreaterThanOrEqual(40)
})

it('runs every lesson scenario whose result does not depend on the broker version', () => {
  expect(lessons.runnable.length).toBeGreaterThanOrEqual(40)
})
for (const name of lessons.versionBound) it.skip(`lessons/${name}: its result depends on the broker version`)

for (const set of sets.filter((s) => s.files.length > 0)) {
  describe(set.label, () => {
    for (const f of set.files) {
      it.concurrent(`${f.name}: ${f.description}`, async () => {
        const c = await checkScenario(`${set.label}/${f.name}`, f.scenario, target)
        count(c)
        if (!c.equal) console.error(c.report)
        expect(c.equal, c.report).toBe(true)
      })
    }
  })
}

afterAll(() => {
  saveTally(inject('conformanceStatsDir'), 'hand-written', tally)
  if (textDiffs.length > 0)
    console.warn(`error texts that differ from the broker's:\n${textDiffs.join('\n')}`)
})
