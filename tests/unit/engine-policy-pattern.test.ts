/**
 * Policy patterns: Erlang `re` semantics (bytes, Latin-1 tables, PCRE's error texts) on a matcher that
 * cannot backtrack. Expected values were read off RabbitMQ 3.10.8 / Erlang 25; the conformance suite
 * compares thousands more against Erlang (tests/conformance/policy-patterns.conf.ts).
 */
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { runScenario, type Scenario } from '../../src/engine'
import { compilePolicyPattern, PatternError, patternErrorText } from '../../src/engine/pcre/policy-pattern'

const matches = (pattern: string, names: string[]) => {
  const m = compilePolicyPattern(pattern)
  return names.filter((n) => m.test(n))
}
const refusal = (pattern: string) => {
  try {
    compilePolicyPattern(pattern)
  } catch (e) {
    if (e instanceof PatternError) return patternErrorText(e)
    throw e
  }
  return null
}

/** A policy whose pattern is the classic catastrophic backtracking case, against a 255-byte name. */
const hostile: Scenario = {
  profile: 'rabbitmq-3.10',
  policies: [{ name: 'evil', pattern: '(a|a)*b', definition: { 'max-length': 0 } }],
  queues: [{ name: 'a'.repeat(255), durable: false }],
  publishes: [{ id: 'm1', exchange: '', routing_key: 'a'.repeat(255) }],
}

describe('policy patterns', () => {
  it('a catastrophic pattern against a long name finishes in the route CLI (it hung on a JS RegExp)', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/route.ts', '-'], {
      input: JSON.stringify(hostile),
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(r.signal, 'the CLI was killed: the pattern match did not finish').toBeNull()
    expect(r.status).toBe(0)
    // No `b` in the name: the policy does not apply, the queue keeps the message.
    expect(JSON.parse(r.stdout).queues).toEqual({ ['a'.repeat(255)]: ['m1'] })
  })

  it('matches the UTF-8 bytes of a name, with Latin-1 classes and case folding', () => {
    const names = ['a', 'A', 'é', 'aé', 'Ã', 'ü', 'x.y', 'xzy', 'ab']
    expect(matches('^.$', names)).toEqual(['a', 'A'])
    expect(matches('^..$', names)).toEqual(['é', 'Ã', 'ü', 'ab'])
    expect(matches('^\\w', names)).toEqual(names)
    expect(matches('^\\w\\w$', names)).toEqual(['ab'])
    expect(matches('^[é]$', names)).toEqual([])
    expect(matches('\\xc3', names)).toEqual(['é', 'aé', 'Ã', 'ü'])
    expect(matches('(?i)^a$', names)).toEqual(['a', 'A'])
    expect(matches('x\\.y', names)).toEqual(['x.y'])
  })

  it('searches anywhere, with PCRE anchors: $ also before a final newline', () => {
    expect(matches('ork', ['work', 'orkney', 'wor'])).toEqual(['work', 'orkney'])
    expect(matches('^amq\\.', ['amq.gen', 'xamq.gen'])).toEqual(['amq.gen'])
    expect(matches('a$', ['a', 'a\n', 'a\nb'])).toEqual(['a', 'a\n'])
    expect(matches('a\\z', ['a', 'a\n'])).toEqual(['a'])
    expect(matches('', ['', 'x'])).toEqual(['', 'x'])
  })

  it("answers what the pattern means where PCRE gives up (documented: the broker reads 'no match')", () => {
    expect(matches('(a|a)*b|$', ['a'.repeat(40)])).toEqual(['a'.repeat(40)])
  })

  it("refuses a bad pattern with PCRE's message and byte offset, as the management API words it", () => {
    expect(refusal('(')).toBe('pattern should be regular expression but is invalid: {"missing )",1}')
    expect(refusal('é(')).toBe('pattern should be regular expression but is invalid: {"missing )",3}')
    expect(refusal('*a')).toBe('pattern should be regular expression but is invalid: {"nothing to repeat",0}')
    expect(refusal('a{2,1}')).toBe(
      `pattern should be regular expression but is invalid: {"numbers out of order in {} quantifier",\n${' '.repeat(54)}5}`,
    )
    expect(refusal('\\')).toBe(
      `pattern should be regular expression but is invalid: {"\\\\ at end of pattern",\n${' '.repeat(54)}1}`,
    )
  })

  it('refuses what it cannot run without backtracking, saying where', () => {
    for (const p of ['(?=a)', 'a(?<!b)', '(a)\\1', 'a++', '(?>a)', '\\p{L}', '(?R)'])
      expect(refusal(p), p).toMatch(/^pattern uses .* \(at byte \d+\): the playground does not simulate that/)
    expect(refusal('(x{1000}){1000}')).toMatch(/^pattern uses a pattern this large/)
  })

  it('a refused pattern is the 400 of the policy step; the other policies still apply', () => {
    const run = runScenario({
      ...hostile,
      policies: [
        { name: 'look', pattern: '^(?!amq)', definition: { 'max-length': 0 } },
        { name: 'ok', pattern: '^a', definition: { 'max-length': 0 } },
      ],
    })
    expect(run.result.errors.map((e) => [e.id, e.code])).toEqual([['policy:look', 400]])
    expect(run.result.errors[0].text).toContain('a lookahead assertion (at byte 1)')
    expect(run.result.queues['a'.repeat(255)]).toEqual([])
  })
})
