import { describe, expect, it } from 'vitest'
import { createTopicIndex } from '../../src/engine'
import { PrefixMemo } from '../../src/engine/topic/topic-index-prefix-memo'

/** Builds an index where each binding's destination is its own pattern (plus a tag when given). */
function indexOf(...patterns: string[]) {
  const ix = createTopicIndex()
  for (const p of patterns) ix.add(p, p)
  return ix
}

const sorted = (xs: string[]) => [...xs].sort()

describe('topic index: RabbitMQ word rules', () => {
  it('"" is zero words: # matches it, * does not, "" matches only ""', () => {
    const ix = indexOf('#', '*', '', '#.#', '*.#')
    expect(sorted(ix.match(''))).toEqual(sorted(['', '#', '#.#']))
    expect(sorted(ix.match('a'))).toEqual(sorted(['#', '#.#', '*', '*.#']))
  })

  it('"." is two empty words: matched by *.* and ".", not by *', () => {
    const ix = indexOf('*', '*.*', '.', '', '#', '*.#.*')
    expect(sorted(ix.match('.'))).toEqual(sorted(['#', '*.#.*', '*.*', '.']))
    expect(sorted(ix.match('a.b'))).toEqual(sorted(['#', '*.#.*', '*.*']))
  })

  it('empty words are literal words', () => {
    const ix = indexOf('a..b', 'a.*.b', '.a', 'a.', '*.a', 'a.*')
    expect(sorted(ix.match('a..b'))).toEqual(sorted(['a..b', 'a.*.b']))
    expect(sorted(ix.match('a.x.b'))).toEqual(sorted(['a.*.b']))
    expect(sorted(ix.match('.a'))).toEqual(sorted(['*.a', '.a']))
    expect(sorted(ix.match('a.'))).toEqual(sorted(['a.', 'a.*']))
  })

  it('a.# matches a, a.b.c but not ab; #.a and a.#.b allow zero words', () => {
    const ix = indexOf('a.#', '#.a', 'a.#.b')
    expect(sorted(ix.match('a'))).toEqual(sorted(['#.a', 'a.#']))
    expect(sorted(ix.match('a.b'))).toEqual(sorted(['a.#', 'a.#.b']))
    expect(sorted(ix.match('a.x.y.b'))).toEqual(sorted(['a.#', 'a.#.b']))
    expect(ix.match('ab')).toEqual([])
  })

  it('#.# is #, and #.*.# needs at least one word', () => {
    const ix = indexOf('#.#', '#.*.#', '#.#.#')
    expect(sorted(ix.match(''))).toEqual(sorted(['#.#', '#.#.#']))
    expect(sorted(ix.match('x'))).toEqual(sorted(['#.#', '#.#.#', '#.*.#']))
    expect(sorted(ix.match('x.y.z'))).toEqual(sorted(['#.#', '#.#.#', '#.*.#']))
  })

  it('wildcards count only as whole words; keys compare exactly', () => {
    const ix = indexOf('foo#bar', '#x', 'x*', '**', 'Order.created', 'p.q')
    expect(ix.match('foo#bar')).toEqual(['foo#bar'])
    expect(ix.match('fooXbar')).toEqual([])
    expect(ix.match('x*')).toEqual(['x*'])
    expect(ix.match('xy')).toEqual([])
    expect(ix.match('**')).toEqual(['**'])
    expect(ix.match('order.created')).toEqual([])
    // A wildcard in the routing key is an ordinary word.
    expect(ix.match('*.q')).toEqual([])
  })

  it('compares words as exact strings, including non-ASCII', () => {
    const ix = indexOf('订单.创建', 'e\u0301', '❤️.*')
    expect(ix.match('订单.创建')).toEqual(['订单.创建'])
    expect(ix.match('\u00e9')).toEqual([])
    expect(ix.match('❤️.x')).toEqual(['❤️.*'])
    expect(ix.match('❤.x')).toEqual([])
  })
})

describe('topic index: bindings and destinations', () => {
  it('returns each destination once, however many bindings match', () => {
    const ix = createTopicIndex()
    ix.add('a.#', 'q1')
    ix.add('a.*', 'q1')
    ix.add('#', 'q1')
    ix.add('a.b', 'q2')
    expect(sorted(ix.match('a.b'))).toEqual(sorted(['q1', 'q2']))
  })

  it('add is idempotent and remove of an unknown binding is a no-op', () => {
    const ix = createTopicIndex()
    ix.add('a.*', 'q')
    ix.add('a.*', 'q')
    expect(ix.size).toBe(1)
    ix.remove('a.#', 'q')
    ix.remove('a.*', 'other')
    ix.remove('zzz.never', 'q')
    expect(ix.match('a.b')).toEqual(['q'])
    ix.remove('a.*', 'q')
    expect(ix.match('a.b')).toEqual([])
    expect(ix.size).toBe(0)
    ix.remove('a.*', 'q')
    expect(ix.size).toBe(0)
  })

  it('bindings are keyed per (pattern, dest): removing one keeps the others', () => {
    const ix = createTopicIndex()
    ix.add('a.*', 'q1')
    ix.add('a.*', 'q2')
    ix.add('a.#', 'q1')
    ix.remove('a.*', 'q1')
    expect(sorted(ix.match('a.b'))).toEqual(sorted(['q1', 'q2']))
    ix.remove('a.#', 'q1')
    expect(ix.match('a.b')).toEqual(['q2'])
  })

  it('keeps working after heavy churn (node and word ids are recycled)', () => {
    const ix = createTopicIndex<number>()
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 300; i++) ix.add(`r${round}.w${i % 17}.${i % 5 === 0 ? '#' : `x${i}`}`, i)
      for (let i = 0; i < 300; i++)
        if (i % 3 !== 0) ix.remove(`r${round}.w${i % 17}.${i % 5 === 0 ? '#' : `x${i}`}`, i)
    }
    // Survivors: i % 3 === 0 in every round.
    expect(ix.size).toBe(3 * 100)
    // r1.w0.x51 itself, plus the surviving r1.w0.# bindings (i ≡ 0 mod 255).
    expect(ix.match('r1.w0.x51').sort((x, y) => x - y)).toEqual([0, 51, 255])
    expect(ix.match('r2.w15.anything').sort((x, y) => x - y)).toEqual([15, 270])
  })

  it('accepts any destination type, compared by identity', () => {
    const a = { name: 'a' }
    const b = { name: 'a' }
    const ix = createTopicIndex<{ name: string }>()
    ix.add('k', a)
    ix.add('k', b)
    expect(ix.match('k')).toHaveLength(2)
    ix.remove('k', a)
    expect(ix.match('k')).toEqual([b])
  })

  it('a key ending like a `#` tail but in another word does not match it (the end filter only skips)', () => {
    const ix = createTopicIndex()
    ix.add('a.#.wxyz', 'tail')
    ix.add('#.yz', 'short')
    ix.add('#.', 'empty')
    // Same last four characters, a different word: the filter passes, the tail lookup decides.
    expect(ix.match('a.b.vwxyz')).toEqual([])
    expect(ix.match('a.b.wxyz')).toEqual(['tail'])
    expect(ix.match('a.wxyz')).toEqual(['tail'])
    // A word shorter than four characters is its whole end: `xyz` and `yz` differ.
    expect(ix.match('q.xyz')).toEqual([])
    expect(ix.match('q.yz')).toEqual(['short'])
    expect(sorted(ix.match('q.'))).toEqual(['empty'])
    expect(ix.match('yz')).toEqual(['short'])
    // The filter counts tails: removing the last one that ends in `wxyz` leaves the others.
    ix.add('b.#.wxyz', 'tail2')
    ix.remove('a.#.wxyz', 'tail')
    expect(ix.match('b.c.wxyz')).toEqual(['tail2'])
    ix.remove('b.#.wxyz', 'tail2')
    expect(ix.match('b.c.wxyz')).toEqual([])
    expect(ix.match('b.yz')).toEqual(['short'])
  })

  it('the memo of the first two steps: # nodes entered in them match against each key', () => {
    const ix = indexOf('a.#.b', '*.a.#.z', 'a.*')
    // Entered after the first word (a.#), then after the second (*.a.#); each pair is walked once
    // and then taken from the memo, with this key's own tail.
    expect(sorted(ix.match('a.x.b'))).toEqual(['a.#.b'])
    expect(ix.match('a.x.c')).toEqual([])
    expect(sorted(ix.match('a.x.y.b'))).toEqual(['a.#.b'])
    expect(sorted(ix.match('a.b'))).toEqual(sorted(['a.#.b', 'a.*']))
    expect(sorted(ix.match('a.b'))).toEqual(sorted(['a.#.b', 'a.*']))
    expect(ix.match('q.a.z')).toEqual(['*.a.#.z'])
    expect(ix.match('q.a.y')).toEqual([])
    expect(ix.match('q.a.m.z')).toEqual(['*.a.#.z'])
    expect(ix.match('q.a')).toEqual([])
  })

  it('the memo is forgotten when the bindings change, and a walk that dies at once is kept too', () => {
    const ix = indexOf('a.b.*')
    // No `*` at the root: x.y dies at the first word (memoised as nothing alive).
    expect(ix.match('x.y.z')).toEqual([])
    expect(ix.match('x.y.z')).toEqual([])
    ix.add('*.y.#', 'later')
    expect(ix.match('x.y.z')).toEqual(['later'])
    expect(ix.match('a.b.c')).toEqual(sorted(['a.b.*']))
    ix.add('a.*.c', 'second')
    expect(sorted(ix.match('a.b.c'))).toEqual(sorted(['a.b.*', 'second']))
    ix.remove('a.b.*', 'a.b.*')
    expect(ix.match('a.b.c')).toEqual(['second'])
    ix.remove('*.y.#', 'later')
    expect(ix.match('x.y.z')).toEqual([])
  })

  it('past the memo cap, prefixes are walked as before', () => {
    const ix = createTopicIndex<string>()
    ix.add('*.*.end', 'end')
    ix.add('w1.*.#', 'w1')
    for (let i = 0; i < 400; i++) ix.add(`w${i}.v${i}.x`, `lit${i}`)
    for (let i = 0; i < 400; i++) ix.add(`w${i}.*.y`, `star${i}`)
    for (let i = 0; i < 400; i++) ix.add(`*.v${i}.z`, `z${i}`)
    // 1,200 distinct word pairs (v0…v399 are trie words): more than a trie of ~2,000 nodes keeps.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 400; i++) {
        const j = (i + 1) % 400
        for (const [second, z] of [
          [`v${i}`, [`z${i}`]],
          [`v${j}`, [`z${j}`]],
          ['unknown', []],
        ] as const) {
          const w1 = i === 1 ? ['w1'] : []
          expect(sorted(ix.match(`w${i}.${second}.y`))).toEqual(sorted([`star${i}`, ...w1]))
          expect(sorted(ix.match(`w${i}.${second}.end`))).toEqual(sorted(['end', ...w1]))
          expect(sorted(ix.match(`w${i}.${second}.z`))).toEqual(sorted([...z, ...w1]))
        }
      }
    }
  })

  it('stays fast with many # against a long key', () => {
    const ix = createTopicIndex()
    ix.add(Array.from({ length: 15 }, () => '#').join('.'), 'hashes')
    ix.add('#.a.#.b.#.c.#.d.#.e.#.f.#.g.#.z', 'never')
    const key = Array.from({ length: 31 }, (_, i) => String.fromCharCode(97 + (i % 7))).join('.')
    expect(ix.match(key)).toEqual(['hashes'])
  })
})

describe('topic index: the memo of first-two-word transitions', () => {
  it('finds each stored pair with its own entry, through growth, and nothing it did not store', () => {
    const memo = new PrefixMemo()
    memo.invalidate(100_000)
    const states = new Int32Array(1)
    const tails = new Int32Array([7, 2])
    for (let w1 = -1; w1 < 100; w1++) {
      for (let w2 = -1; w2 < 50; w2++) {
        states[0] = w1 * 1000 + w2
        memo.store(w1, w2, states, 1, tails, w1 === 3 ? 1 : 0)
      }
    }
    let found = 0
    for (let w1 = -1; w1 < 100; w1++) {
      for (let w2 = -1; w2 < 50; w2++) {
        const at = memo.find(w1, w2)
        if (at < 0) continue
        found++
        expect([memo.data[at], memo.data[at + 1], memo.data[at + 2]]).toEqual([
          1,
          w1 * 1000 + w2,
          w1 === 3 ? 1 : 0,
        ])
      }
    }
    // A pair with no free slot near its home is left out (walked instead), never misplaced.
    expect(found).toBeGreaterThan(4_500)
    expect(memo.find(100, 0)).toBe(-1)
    memo.invalidate(100_000)
    expect(memo.find(3, 4)).toBe(-1)
  })
})
