import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyEdit, diffTexts, invertEdit, mergeEdits } from '../../src/store/text-history'

// Texts with long equal runs, so the block-wise skipping is crossed at every offset.
const text = fc
  .array(fc.constantFrom('a', 'b', '\n', 'é', '😀', 'x'.repeat(600)), { maxLength: 40 })
  .map((p) => p.join(''))

describe('undo history as edits', () => {
  it('an edit turns the text before into the text after, its inverse back', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const e = diffTexts(a, b)
        if (e === null) {
          expect(a).toBe(b)
          return
        }
        expect(applyEdit(a, e)).toBe(b)
        expect(applyEdit(b, invertEdit(e))).toBe(a)
        // the replaced range is the smallest one: it neither starts nor ends with an unchanged char
        if (e.removed && e.inserted) expect(e.removed[0]).not.toBe(e.inserted[0])
      }),
      { seed: 77, numRuns: 500 },
    )
  })
  it('two edits merge into one that does both', () => {
    fc.assert(
      fc.property(text, text, text, (a, b, c) => {
        const first = diffTexts(a, b)
        const second = diffTexts(b, c)
        if (!first || !second) return
        expect(applyEdit(a, mergeEdits(first, second, c))).toBe(c)
      }),
      { seed: 78, numRuns: 300 },
    )
  })
})
