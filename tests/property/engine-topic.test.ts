// DP matcher ≡ brute-force reference ≡ trie index, on generated patterns and keys with empty words
// and many '#'. Seeded; cases that once failed or are known traps are kept as named examples.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createTopicIndex, topicDpTrace, topicMatchDp, topicMatchReference } from '../../src/engine'
import { assertSeeded } from '../support/prop-seeds'

const SEED = 20261129
const patternWord = fc.constantFrom('a', 'b', '', '*', '#', '#', 'a#', '**')
const keyWord = fc.constantFrom('a', 'b', '', '*', '#', 'a#')
const join = (ws: string[]) => ws.join('.')
const pattern = (max: number) => fc.array(patternWord, { maxLength: max }).map(join)
const key = (max: number) => fc.array(keyWord, { maxLength: max }).map(join)

/** Named regression cases: traps of the word rules (kept even when they pass). */
const REGRESSIONS: [string, string][] = [
  ['#.#', ''],
  ['*', ''],
  ['', ''],
  ['*.*', '.'],
  ['.', '.'],
  ['#.*.#', ''],
  ['#.*.#', 'a'],
  ['a.#.#', 'a'],
  ['#', '.'],
  ['a#', 'a'],
  ['*.#', ''],
]

describe('topic matchers agree', () => {
  it('DP ≡ reference (small, seeded)', () => {
    assertSeeded(
      fc.property(pattern(7), key(7), (p, k) => {
        expect(topicMatchDp(p, k), `${p} vs ${k}`).toBe(topicMatchReference(p, k))
      }),
      SEED,
      { numRuns: 3000, examples: REGRESSIONS },
    )
  })

  it('DP ≡ trie index over many bindings', () => {
    assertSeeded(
      fc.property(
        fc.uniqueArray(pattern(6), { maxLength: 25 }),
        fc.array(key(7), { maxLength: 10 }),
        (ps, ks) => {
          const index = createTopicIndex<string>()
          for (const p of ps) index.add(p, `d:${p}`)
          for (const k of ks) {
            const viaIndex = index.match(k).sort()
            const viaDp = ps
              .filter((p) => topicMatchDp(p, k))
              .map((p) => `d:${p}`)
              .sort()
            expect(viaIndex, k).toEqual(viaDp)
          }
        },
      ),
      SEED,
      { numRuns: 400 },
    )
  })

  it('DP ≡ trie on long keys (30–40 words) and patterns with 10+ #, in polynomial time', () => {
    const longKey = fc.array(fc.constantFrom('a', 'b', ''), { minLength: 30, maxLength: 40 }).map(join)
    const hashy = fc
      .array(fc.constantFrom('#', '#', 'a', '*', 'b'), { minLength: 12, maxLength: 24 })
      .filter((ws) => ws.filter((w) => w === '#').length >= 10)
      .map(join)
    assertSeeded(
      fc.property(hashy, longKey, (p, k) => {
        const start = performance.now()
        const dp = topicMatchDp(p, k)
        const index = createTopicIndex<string>()
        index.add(p, 'd')
        expect(index.match(k).length === 1, `${p} vs ${k}`).toBe(dp)
        expect(performance.now() - start).toBeLessThan(200)
      }),
      SEED,
      { numRuns: 200 },
    )
    // A worst case for naive backtracking: 15 '#' and 31 words that never match.
    const p = `${Array(15).fill('#').join('.')}.z`
    const k = Array(31).fill('a').join('.')
    const start = performance.now()
    expect(topicMatchDp(p, k)).toBe(false)
    const index = createTopicIndex<string>()
    index.add(p, 'd')
    expect(index.match(k)).toEqual([])
    expect(performance.now() - start).toBeLessThan(200)
  })

  it('the recorded trace is the DP itself: table, steps and rolling rows agree', () => {
    assertSeeded(
      fc.property(pattern(6), key(6), (p, k) => {
        const t = topicDpTrace(p, k)
        expect(t.matched).toBe(topicMatchDp(p, k))
        expect(t.steps.length).toBe((t.patternWords.length + 1) * (t.keyWords.length + 1))
        for (const s of t.steps) {
          expect(t.table[s.i]?.[s.j]).toBe(s.value)
          // A true cell always names a true cell it came from (except the origin).
          if (s.value && s.rule !== 'init') expect(s.from.some(([i, j]) => t.table[i]?.[j])).toBe(true)
        }
        t.rolling.forEach((row, i) => {
          expect(row.cur).toEqual(t.table[i])
          if (i > 0) expect(row.prev).toEqual(t.table[i - 1])
        })
      }),
      SEED,
      { numRuns: 500, examples: REGRESSIONS },
    )
  })
})
