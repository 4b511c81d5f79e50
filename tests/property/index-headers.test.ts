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

describe('headers index ≡ linear scan with valuesEqual', () => {
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
          const live = [...bindings]
          for (const r of removals) {
            if (live.length === 0) break
            const [gone] = live.splice(r % live.length, 1)
            ix.remove({ xMatch: gone.xMatch, args: gone.args }, gone.dest)
            // Identical duplicates are one binding: removing it removes them all.
            const same = (b: Binding) =>
              b.dest === gone.dest && b.xMatch === gone.xMatch && sameTable(b.args, gone.args)
            for (let i = live.length - 1; i >= 0; i--) if (same(live[i])) live.splice(i, 1)
          }
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
