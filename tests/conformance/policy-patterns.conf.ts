/**
 * Policy patterns: the engine's backtracking-free matcher against Erlang's `re` on this machine — the
 * one the broker runs on — with RabbitMQ's own calls (re:compile for validation, re:run with
 * [{capture, none}] for matching). policy-pattern-bytes.json checks the broker applies them the same way.
 * POLICY_PATTERN_COUNT random patterns (default 1000) from POLICY_PATTERN_SEED (default 1).
 * The lab kits' prefix-mode rewrite of a pattern (src/engine/pcre/prefixed.ts) is held against the
 * same oracle: Erlang's answer for the rewrite on PREFIX + name must be the engine's for the name.
 */
import { expect, inject, it } from 'vitest'
import { joinPrefixed, prefixedPolicyPattern } from '../../src/engine/pcre/prefixed'
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

// Prefixes as the kits make them (`lab-<fingerprint>-<random>.`), and one with PCRE metacharacters.
const PREFIXES = ['lab-89708c75-onwvgo.', 'lab-x(*)[a]\\E$^.']

it('prefix-mode rewrites of policy patterns match PREFIX + name exactly when the pattern matches name', () => {
  const rng = new Rng(SEED + 1)
  const names = [...NAMES, ...Array.from({ length: 40 }, () => randomName(rng))]
  const patterns = [...CURATED, ...Array.from({ length: COUNT / 2 }, () => randomPattern(rng))]
  const diffs: string[] = []
  let compared = 0
  for (const prefix of PREFIXES) {
    // The broker drops CR/LF from names, but a pattern must also keep a prefixed name it never sees
    // and never match a name without the prefix: other entities of the shared vhost.
    const subjects = [...names.map((n) => prefix + n), ...names.filter((n) => n !== '').slice(0, 20)]
    const rewritten: { pattern: string; source: string }[] = []
    for (const p of patterns) {
      const r = prefixedPolicyPattern(p)
      if ('parts' in r) rewritten.push({ pattern: p, source: joinPrefixed(r.parts, prefix) })
    }
    const erlang = askErlang(
      rewritten.map((r) => r.source),
      subjects,
    )
    rewritten.forEach((r, i) => {
      const erl = erlang[i]
      const engine = askEngine(r.pattern, names)
      if (!('matches' in engine)) return
      compared++
      if (!('matches' in erl)) {
        diffs.push(
          `${JSON.stringify(r.source)}: Erlang refuses the rewrite: ${'error' in erl ? erl.error : ''}`,
        )
        return
      }
      names.forEach((n, j) => {
        const got = erl.matches[j]
        if (got !== 'gave-up' && got !== engine.matches[j])
          diffs.push(
            `${JSON.stringify(r.pattern)} on ${JSON.stringify(n)} behind ${prefix}: engine ${engine.matches[j]}, rewrite ${got}`,
          )
      })
      erl.matches.slice(names.length).forEach((m, j) => {
        if (m === true)
          diffs.push(
            `${JSON.stringify(r.source)} matches an unprefixed name ${JSON.stringify(subjects[names.length + j])}`,
          )
      })
    })
  }
  console.log(
    `prefix-mode rewrites: ${compared} patterns × ${names.length} names × ${PREFIXES.length} prefixes`,
  )
  expect(diffs.slice(0, 40).join('\n')).toBe('')
  expect(compared).toBeGreaterThan(500)
})
