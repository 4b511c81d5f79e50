// Headers exchange: x-match modes, x- keys, presence tests, typed values, explanation rows.
import { describe, expect, it } from 'vitest'
import { type JsonValue, type ProfileName, runScenario } from '../../src/engine'

type Json = { [k: string]: JsonValue }
function routes(args: Json, headers: Json | undefined, profile: ProfileName = 'rabbitmq-4'): boolean {
  const r = runScenario({
    profile,
    exchanges: [{ name: 'h', type: 'headers' }],
    queues: [{ name: 'q' }],
    bindings: [
      { source: 'h', destination: 'q', destination_type: 'queue', routing_key: '', arguments: args },
    ],
    publishes: [{ id: 'm', exchange: 'h', routing_key: 'ignored', ...(headers ? { headers } : {}) }],
  })
  expect(r.result.errors).toEqual([])
  return r.result.queues.q?.length === 1
}

describe('x-match combinations', () => {
  it.each([
    ['missing x-match = all', { a: 1, b: 2 }, { a: 1 }, false],
    ['all, every key present', { 'x-match': 'all', a: 1, b: 2 }, { a: 1, b: 2, c: 3 }, true],
    ['any, one key', { 'x-match': 'any', a: 1, b: 2 }, { b: 2 }, true],
    ['any, none', { 'x-match': 'any', a: 1 }, { a: 2 }, false],
    ['empty args match everything', {}, undefined, true],
    ['all with only x- keys matches everything', { 'x-match': 'all', 'x-foo': 'bar' }, {}, true],
    [
      'any with only x- keys matches nothing',
      { 'x-match': 'any', 'x-foo': 'bar' },
      { 'x-foo': 'bar' },
      false,
    ],
    ['any-with-x considers x- keys', { 'x-match': 'any-with-x', 'x-foo': 'bar' }, { 'x-foo': 'bar' }, true],
    ['all-with-x needs x- keys', { 'x-match': 'all-with-x', 'x-foo': 'bar', a: 1 }, { a: 1 }, false],
    ['all skips x- keys', { 'x-match': 'all', 'x-foo': 'bar', a: 1 }, { a: 1 }, true],
  ] as [string, Json, Json | undefined, boolean][])('%s', (_l, args, headers, expected) => {
    expect(routes(args, headers)).toBe(expected)
  })
})

describe('values', () => {
  it('void binding value is a presence test, whatever the header value', () => {
    expect(routes({ a: null }, { a: 'anything' })).toBe(true)
    expect(routes({ a: null }, { a: null })).toBe(true)
    expect(routes({ a: null }, { b: 1 })).toBe(false)
  })

  it('integer types equal when numerically equal; "1" ≠ 1; bool ≠ int', () => {
    expect(routes({ a: 1 }, { a: { '!': 'long', value: 1 } })).toBe(true)
    expect(routes({ a: 1 }, { a: '1' })).toBe(false)
    expect(routes({ a: 1 }, { a: true })).toBe(false)
  })

  it('1 vs 1.0: different in rabbitmq-4, equal in rabbitmq-3.10', () => {
    const one = { '!': 'double', value: 1 }
    expect(routes({ a: 1 }, { a: one }, 'rabbitmq-4')).toBe(false)
    expect(routes({ a: 1 }, { a: one }, 'rabbitmq-3.10')).toBe(true)
  })

  it('timestamps: rabbitmq-4 sees header timestamps in ms, 3.10 compares raw', () => {
    const ts = { '!': 'timestamp', value: 7 }
    expect(routes({ a: ts }, { a: ts }, 'rabbitmq-4')).toBe(false)
    expect(routes({ a: 7000 }, { a: ts }, 'rabbitmq-4')).toBe(true)
    expect(routes({ a: ts }, { a: ts }, 'rabbitmq-3.10')).toBe(true)
    expect(routes({ a: 7 }, { a: ts }, 'rabbitmq-3.10')).toBe(true)
    const r = runScenario({
      exchanges: [{ name: 'h', type: 'headers' }],
      queues: [{ name: 'q' }],
      bindings: [
        { source: 'h', destination: 'q', destination_type: 'queue', routing_key: '', arguments: { a: 7000 } },
      ],
      publishes: [{ id: 'm', exchange: 'h', routing_key: '', headers: { a: ts } }],
    })
    const ev = r.publishes[0]?.hops[0]?.evaluations[0]
    if (ev?.reason.kind !== 'headers') throw new Error('expected a headers reason')
    expect(ev.reason.rows[0]?.messageValue).toEqual({ type: 'timestamp', value: 7 })
    expect(ev.reason.rows[0]?.comparedAs).toEqual({ type: 'long', value: 7000 })
  })

  it('nested tables and arrays compare typed and exactly', () => {
    expect(routes({ a: { b: [1, 'x'] } }, { a: { b: [1, 'x'] } })).toBe(true)
    expect(routes({ a: { b: [1] } }, { a: { b: [{ '!': 'long', value: 1 }] } })).toBe(false)
    expect(routes({ a: [1, 2] }, { a: [2, 1] })).toBe(false)
  })
})

describe('explanation rows', () => {
  it('one row per binding argument with the test and its result', () => {
    const r = runScenario({
      exchanges: [{ name: 'h', type: 'headers' }],
      queues: [{ name: 'q' }],
      bindings: [
        {
          source: 'h',
          destination: 'q',
          destination_type: 'queue',
          routing_key: '',
          arguments: { 'x-match': 'all', 'x-note': 1, a: 1, b: null, c: 'z' },
        },
      ],
      publishes: [{ id: 'm', exchange: 'h', routing_key: '', headers: { a: 1, b: false } }],
    })
    const ev = r.publishes[0]?.hops[0]?.evaluations[0]
    expect(ev?.matched).toBe(false)
    if (ev?.reason.kind !== 'headers') throw new Error('expected a headers reason')
    expect(ev.reason.xMatch).toBe('all')
    expect(ev.reason.rows.map((row) => [row.key, row.test, row.considered, row.result])).toEqual([
      ['x-match', 'skipped', false, false],
      ['x-note', 'skipped', false, false],
      ['a', 'equal', true, true],
      ['b', 'presence', true, true],
      ['c', 'equal', true, false],
    ])
    expect(ev.reason.rows[4]?.messageValue).toBeUndefined()
  })
})
