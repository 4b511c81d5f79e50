/**
 * Policy patterns: the engine's backtracking-free matcher against Erlang's `re` on this machine — the
 * one the broker runs on — with RabbitMQ's own calls (re:compile for validation, re:run with
 * [{capture, none}] for matching). policy-pattern-bytes.json checks the broker applies them the same way.
 * POLICY_PATTERN_COUNT random patterns (default 1000) from POLICY_PATTERN_SEED (default 1).
 */
import { expect, inject, it } from 'vitest'
import { Rng } from './generator/prng'
import { newTally, saveTally } from './harness/stats'
import { askEngine, askErlang, differences } from './pcre/oracle'
import { CURATED, NAMES, randomName, randomPattern } from './pcre/pattern-cases'

const COUNT = Number(process.env.POLICY_PATTERN_COUNT ?? 1000)
const SEED = Number(process.env.POLICY_PATTERN_SEED ?? 1)

it(`policy patterns agree with Erlang re (${CURATED.length} written, ${COUNT} random from seed ${SEED})`, () => {
  const rng = new Rng(SEED)
  const names = [...NAMES, ...Array.from({ length: 40 }, () => randomName(rng))]
  const patterns = [...CURATED, ...Array.from({ length: COUNT }, () => randomPattern(rng))]
  const erlang = askErlang(patterns, names)
  const tally = newTally()
  const diffs: string[] = []
  let unsupported = 0
  let gaveUp = 0
  patterns.forEach((p, i) => {
    const engine = askEngine(p, names)
    const erl = erlang[i]
    if ('unsupported' in engine) unsupported++
    if ('matches' in erl) gaveUp += erl.matches.filter((m) => m === 'gave-up').length
    const d = differences(p, names, erl, engine)
    tally.scenarios++
    if (d === '') tally.agreed++
    else {
      tally.disagreed++
      diffs.push(d)
    }
  })
  saveTally(inject('conformanceStatsDir'), 'policy-patterns', tally)
  console.log(
    `policy patterns: ${patterns.length} × ${names.length} names, ${tally.agreed} agreed; ` +
      `${unsupported} refused as not simulated; ${gaveUp} pairs past PCRE's match limit (not compared)`,
  )
  expect(diffs.join('\n')).toBe('')
  // The written cases must keep exercising both sides of the comparison.
  expect(unsupported).toBeGreaterThan(20)
  expect(erlang.filter((v) => 'error' in v).length).toBeGreaterThan(40)
})
