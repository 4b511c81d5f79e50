import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type AmqpTable,
  type AmqpValue,
  createHeadersIndex,
  type ProfileName,
  valuesEqual,
} from '../../src/engine'
import { assertSeeded } from '../support/prop-seeds'

type Binding = { xMatch?: string; args: AmqpTable; dest: string }

/** Linear reference: every binding tested on its own with the broker's per-argument rule. */
function linearMatch(bindings: Binding[], headers: AmqpTable, profile: ProfileName): string[] {
  const out = new Set<string>()
  for (const b of bindings) {
    const xm =
      b.xMatch ?? (b.args['x-match']?.type === 'longstr' ? (b.args['x-match'].value as string) : 'all')
    const any = xm === 'any' || xm === 'any-with-x'
    const withX = xm === 'all-with-x' || xm === 'any-with-x'
    const results: boolean[] = []
    for (const [k, v] of Object.entries(b.args)) {
      if (k === 'x-match' || (!withX && k.startsWith('x-'))) continue
      const h = headers[k]
      results.push(
        v.type === 'void'
          ? h !== undefined
          : h !== undefined && h.type !== 'void' && valuesEqual(v, h, profile),
      )
    }
    if (any ? results.some(Boolean) : results.every(Boolean)) out.add(b.dest)
  }
  return [...out].sort()
}

const value: fc.Arbitrary<AmqpValue> = fc.constantFrom<AmqpValue>(
  { type: 'longstr', value: '1' },
  { type: 'bytes', value: '1' },
  { type: 'longstr', value: 'pdf' },
  { type: 'byte', value: 1 },
  { type: 'long', value: 1 },
  { type: 'int', value: 2 },
  { type: 'double', value: 1 },
  { type: 'float', value: 1.5 },
  { type: 'double', value: 1.5 },
  { type: 'bool', value: true },
  { type: 'timestamp', value: 1 },
  { type: 'void', value: null },
  { type: 'decimal', value: { places: 1, digits: 10 } },
  { type: 'array', value: [{ type: 'int', value: 1 }] },
  { type: 'array', value: [{ type: 'long', value: 1 }] },
  // Integers given as decimal strings (beyond 2^53 they have to be), at and past the safe range,
  // and floats that equal an integer (equal to it under 3.10's equality, not under 4.x's).
  { type: 'long', value: '1' },
  { type: 'unsignedint', value: 2 },
  { type: 'timestamp', value: '2' },
  { type: 'long', value: '9007199254740991' },
  { type: 'long', value: 9007199254740991 },
  { type: 'long', value: '9007199254740992' },
  { type: 'double', value: 9007199254740992 },
  { type: 'long', value: '-9223372036854775808' },
  { type: 'double', value: 2 },
  { type: 'double', value: -0 },
  { type: 'int', value: 0 },
  { type: 'bytes', value: 'pdf' },
)
const key = fc.constantFrom('a', 'b', 'c', 'x-k', 'x-match')
const table = fc.dictionary(key, value, { maxKeys: 4 })
const binding: fc.Arbitrary<Binding> = fc.record(
  {
    xMatch: fc.constantFrom('all', 'any', 'all-with-x', 'any-with-x', 'bogus'),
    args: table,
    dest: fc.constantFrom('q0', 'q1', 'q2', 'q3', 'q4'),
  },
  { requiredKeys: ['args', 'dest'] },
)
const profile = fc.constantFrom<ProfileName>('rabbitmq-4', 'rabbitmq-3.10')

/**
 * Removes the `removals` (by position among those left) from `ix`, which holds `bindings`; returns
 * the bindings left. Identical duplicates are one binding: removing it removes them all.
 */
function removeFrom(
  ix: ReturnType<typeof createHeadersIndex>,
  bindings: Binding[],
  removals: number[],
): Binding[] {
  const live = [...bindings]
  for (const r of removals) {
    if (live.length === 0) break
    const [gone] = live.splice(r % live.length, 1)
    ix.remove({ xMatch: gone.xMatch, args: gone.args }, gone.dest)
    const same = (b: Binding) =>
      b.dest === gone.dest && b.xMatch === gone.xMatch && sameTable(b.args, gone.args)
    for (let i = live.length - 1; i >= 0; i--) if (same(live[i])) live.splice(i, 1)
  }
  return live
}

/** Builds an index from `bindings`, removes the `removals` (by position), compares every message. */
function checkAgainstLinear(
  prof: ProfileName,
  bindings: Binding[],
  removals: number[],
  messages: AmqpTable[],
) {
  const ix = createHeadersIndex({ profile: prof })
  for (const b of bindings) ix.add({ xMatch: b.xMatch, args: b.args }, b.dest)
  const live = removeFrom(ix, bindings, removals)
  for (const h of messages) {
    const got = ix.match(h)
    expect(new Set(got).size, 'a destination twice').toBe(got.length)
    expect([...got].sort()).toEqual(linearMatch(live, h, prof))
  }
}

describe('headers index ≡ linear scan with valuesEqual', () => {
  it('with many bindings on few keys (long posting lists, counted `all` bindings, churn)', () => {
    const fewKeys = fc.constantFrom('a', 'b', 'x-k')
    const smallTable = fc.dictionary(fewKeys, value, { minKeys: 1, maxKeys: 3 })
    const many = fc.record(
      {
        xMatch: fc.constantFrom('all', 'all', 'any', 'all-with-x', 'any-with-x'),
        args: smallTable,
        dest: fc.constantFrom('q0', 'q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'),
      },
      { requiredKeys: ['args', 'dest'] },
    )
    assertSeeded(
      fc.property(
        profile,
        fc.array(many, { minLength: 20, maxLength: 120 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        fc.array(fc.dictionary(fewKeys, value, { maxKeys: 3 }), { minLength: 1, maxLength: 12 }),
        checkAgainstLinear,
      ),
      20261201,
      { numRuns: 150 },
    )
  })

  it('with destination ids across bitset words and past the range the accumulator scans whole', () => {
    // Fillers take destination ids first, so the tested bindings' destinations land just below, on
    // and past word boundaries (32, 64) and past 16 words (ids ≥ 512, where the accumulator lists the
    // words it set instead of scanning them). Half the fillers go midway: their ids are reused, their
    // bits cleared and bitsets shortened. A message with `f` hits up to a third of them in one posting.
    const fewKeys = fc.constantFrom('a', 'b', 'x-k')
    const wide = fc.record(
      {
        xMatch: fc.constantFrom('all', 'all', 'any', 'all-with-x', 'any-with-x'),
        args: fc.dictionary(fewKeys, value, { minKeys: 1, maxKeys: 3 }),
        dest: fc.nat({ max: 79 }).map((n) => `q${n}`),
      },
      { requiredKeys: ['args', 'dest'] },
    )
    const message = fc
      .tuple(fc.dictionary(fewKeys, value, { maxKeys: 3 }), fc.option(fc.constantFrom('0', '1', '2')))
      .map(([h, f]): AmqpTable => (f === null ? h : { ...h, f: { type: 'longstr', value: f } }))
    assertSeeded(
      fc.property(
        profile,
        fc.constantFrom(0, 30, 31, 32, 63, 500, 511, 512, 1000),
        fc.array(wide, { minLength: 20, maxLength: 150 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.array(message, { minLength: 1, maxLength: 12 }),
        (prof, fillerCount, bindings, removals, messages) => {
          const fillers: Binding[] = Array.from({ length: fillerCount }, (_, i) => ({
            xMatch: 'any',
            args: { f: { type: 'longstr', value: String(i % 3) } },
            dest: `filler${i}`,
          }))
          const ix = createHeadersIndex({ profile: prof })
          const add = (b: Binding) => ix.add({ xMatch: b.xMatch, args: b.args }, b.dest)
          const half = bindings.length >> 1
          fillers.forEach(add)
          bindings.slice(0, half).forEach(add)
          const kept = fillers.filter((_, i) => i % 2 === 0)
          for (const b of fillers.filter((_, i) => i % 2 === 1))
            ix.remove({ xMatch: b.xMatch, args: b.args }, b.dest)
          bindings.slice(half).forEach(add)
          const live = removeFrom(ix, bindings, removals)
          for (const h of messages) {
            const got = ix.match(h)
            expect(new Set(got).size, 'a destination twice').toBe(got.length)
            expect([...got].sort()).toEqual(linearMatch([...kept, ...live], h, prof))
          }
        },
      ),
      20261207,
      { numRuns: 60 },
    )
  })

  it('named case: removing an `any` binding with nothing to test keeps an `all` one to the same queue', () => {
    // `all` with no considered argument matches every message, `any` with none matches nothing; the
    // two are different bindings, and removing the `any` one once removed the `all` one's match.
    checkAgainstLinear(
      'rabbitmq-4',
      [
        { xMatch: 'all', args: {}, dest: 'q0' },
        { xMatch: 'any', args: {}, dest: 'q0' },
        { args: {}, dest: 'q0' },
      ],
      [0, 0],
      [{}],
    )
  })

  it('on random bindings, removals and messages', () => {
    assertSeeded(
      fc.property(
        profile,
        fc.array(binding, { maxLength: 25 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.array(table, { minLength: 1, maxLength: 10 }),
        (prof, bindings, removals, messages) => {
          const ix = createHeadersIndex({ profile: prof })
          for (const b of bindings) ix.add({ xMatch: b.xMatch, args: b.args }, b.dest)
          const live = removeFrom(ix, bindings, removals)
          for (const h of messages) expect(ix.match(h).sort()).toEqual(linearMatch(live, h, prof))
        },
      ),
      20261129,
      { numRuns: 500 },
    )
  })
})

/** Binding identity as the broker keys it: same keys, same types, same values. */
function sameTable(a: AmqpTable, b: AmqpTable): boolean {
  const ka = Object.keys(a).sort()
  const kb = Object.keys(b).sort()
  return (
    ka.length === kb.length &&
    ka.every((k, i) => k === kb[i] && JSON.stringify(a[k]) === JSON.stringify(b[k]))
  )
}
