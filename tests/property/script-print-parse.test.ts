// print → parse → print is an identity on every script the parser accepts (generated from the grammar,
// tests/property/script-grammar.ts), and the printed script means the same operations.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Operation, parseScript, printScript } from '../../src/engine'
import { scriptText } from './script-grammar'

const printed = (text: string) => {
  const r = parseScript(text)
  return { r, text: printScript(r.ops, { profile: r.profile, vhosts: r.vhosts }) }
}

/** Drops empty tables (`args {}` means the same as no args); keeps everything else, -0 included. */
function dropEmpty(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(dropEmpty)
  if (v === null || typeof v !== 'object') return v
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(v)) {
    const isEmptyTable =
      x !== null && typeof x === 'object' && !Array.isArray(x) && Object.keys(x).length === 0
    if (!isEmptyTable) Object.defineProperty(out, k, { value: dropEmpty(x), enumerable: true })
  }
  return out
}

/** Operations without source locations, as the parser's meaning. */
const meaning = (ops: Operation[]) => dropEmpty(ops.map(({ loc, ...rest }) => rest))

describe('print → parse → print', () => {
  it('is an identity on every accepted generated script', () => {
    let accepted = 0
    fc.assert(
      fc.property(scriptText, (text) => {
        const first = printed(text)
        if (first.r.diagnostics.length > 0) return
        accepted++
        const second = printed(first.text)
        expect(second.r.diagnostics, first.text).toEqual([])
        expect(second.text, text).toBe(first.text)
        // toEqual tells -0 from 0, so a number that prints differently is caught here too.
        expect(meaning(second.r.ops), first.text).toEqual(meaning(first.r.ops))
      }),
      { seed: 17, numRuns: 2500 },
    )
    // The generator must mostly produce valid scripts, or the property says little.
    expect(accepted).toBeGreaterThan(1000)
    console.log(`print-parse: ${accepted} of 2500 generated scripts accepted and round-tripped`)
  })

  it('the two cases the audit found', () => {
    for (const text of ['publish to x headers {n: 1e400}', 'queue declare q args {n: long 1e400}']) {
      expect(parseScript(text).diagnostics.map((d) => [d.code, d.loc.column])).toEqual([
        ['number-range', text.indexOf('1e400') + 1],
      ])
    }
    const typeless = 'exchange declare x passive transient auto_delete args {a: 1}'
    const once = printed(typeless)
    expect(once.r.diagnostics).toEqual([])
    expect(once.text).toBe(`${typeless}\n`)
    expect(printed(once.text).r.ops[0]).toEqual({ ...once.r.ops[0], loc: expect.anything() })
  })
})
