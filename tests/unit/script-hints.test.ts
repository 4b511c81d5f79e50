/** Located hints for the common mistakes, and did-you-mean suggestions in parse errors. */
import { describe, expect, it } from 'vitest'
import { parseScript, runOperations, scriptHints } from '../../src/engine'

function hintsOf(text: string) {
  const parsed = parseScript(text)
  expect(parsed.diagnostics).toEqual([])
  const run = runOperations(parsed.ops, parsed.profile)
  return scriptHints(
    parsed.ops,
    run.outcomes.filter((o) => !o.ok),
    run.topology,
  )
}

describe('parse diagnostics carry params and a suggestion', () => {
  it('suggests the statement keyword for a typo, with the word found', () => {
    const [d] = parseScript('bnid audit to study.orders').diagnostics
    expect(d).toMatchObject({ code: 'unknown-statement', suggestion: 'bind', params: { word: 'bnid' } })
    expect(d?.params.expected).toContain('publish')
    expect(d?.message).toMatch(/did you mean bind/)
  })
  it('suggests an option word, and says what a missing name should be', () => {
    const [d] = parseScript('publish to x key k mandatroy').diagnostics
    expect(d).toMatchObject({ code: 'unexpected', suggestion: 'mandatory', params: { found: 'mandatroy' } })
    const [e] = parseScript('queue declare').diagnostics
    expect(e).toMatchObject({ code: 'expected-name', params: { what: 'queue', atEnd: 'true' } })
    const [f] = parseScript('bind audit ot x').diagnostics
    expect(f).toMatchObject({ code: 'expected-word', suggestion: 'to', params: { expected: 'to' } })
  })
  it('offers no suggestion when nothing is close', () => {
    const [d] = parseScript('hello world').diagnostics
    expect(d?.suggestion).toBeUndefined()
  })
})

describe('scriptHints', () => {
  it('names the line of a 404 and the declared name that was meant', () => {
    const hints = hintsOf(
      [
        'exchange declare study.orders topic',
        'queue declare audit',
        'bind audti to study.orders key "order.#"',
        'publish to study.order key order.created',
      ].join('\n'),
    )
    expect(hints).toEqual([
      expect.objectContaining({
        code: 'not-found',
        loc: expect.objectContaining({ line: 3 }),
        params: { kind: 'queue', name: 'audti', vhost: '/' },
        suggestion: 'audit',
      }),
      expect.objectContaining({
        code: 'not-found',
        loc: expect.objectContaining({ line: 4 }),
        params: { kind: 'exchange', name: 'study.order', vhost: '/' },
        suggestion: 'study.orders',
      }),
    ])
  })
  it('explains wildcards bound to a direct exchange, and keys bound to a fanout', () => {
    const hints = hintsOf(
      [
        'exchange declare d direct',
        'exchange declare f fanout',
        'queue declare q',
        'bind q to d key "order.#"',
        'bind q to d key order.created',
        'bind q to f key anything',
      ].join('\n'),
    )
    expect(hints.map((h) => [h.code, h.loc.line])).toEqual([
      ['wildcard-on-direct', 4],
      ['key-on-fanout', 6],
    ])
  })
  it('suggests the exchange type that was meant', () => {
    const hints = hintsOf('exchange declare x topics')
    expect(hints).toEqual([
      expect.objectContaining({ code: 'unknown-type', params: { type: 'topics' }, suggestion: 'topic' }),
    ])
  })
})
