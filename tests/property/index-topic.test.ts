import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createTopicIndex } from '../../src/engine'
import { assertSeeded } from '../support/prop-seeds'

/**
 * Independent reference: RabbitMQ's rules as a memoised recursion over (pattern word, key word).
 * Polynomial, so it can check keys and patterns with many `#`.
 */
function referenceMatch(pattern: string, key: string): boolean {
  const p = pattern === '' ? [] : pattern.split('.')
  const k = key === '' ? [] : key.split('.')
  const memo = new Map<number, boolean>()
  const go = (i: number, j: number): boolean => {
    const id = i * (k.length + 1) + j
    const known = memo.get(id)
    if (known !== undefined) return known
    let r: boolean
    if (i === p.length) r = j === k.length
    else if (p[i] === '#') r = go(i + 1, j) || (j < k.length && go(i, j + 1))
    else r = j < k.length && (p[i] === '*' || p[i] === k[j]) && go(i + 1, j + 1)
    memo.set(id, r)
    return r
  }
  return go(0, 0)
}

type Op = { add: boolean; pattern: string; dest: string }

/** Replays `ops` into an index and into a plain set, then compares every key. */
function check(ops: Op[], keys: string[]): void {
  const ix = createTopicIndex()
  const live = new Map<string, Op>()
  for (const op of ops) {
    const id = `${op.pattern}\u0000${op.dest}`
    if (op.add) {
      ix.add(op.pattern, op.dest)
      live.set(id, op)
    } else {
      ix.remove(op.pattern, op.dest)
      live.delete(id)
    }
  }
  expect(ix.size).toBe(live.size)
  for (const key of keys) {
    const want = new Set<string>()
    for (const b of live.values()) if (referenceMatch(b.pattern, key)) want.add(b.dest)
    const got = ix.match(key)
    expect(new Set(got).size, `duplicates for ${JSON.stringify(key)}`).toBe(got.length)
    expect([...got].sort(), `key ${JSON.stringify(key)}`).toEqual([...want].sort())
  }
  // A message's routing key with its CC / BCC keys: one destination list, each destination once.
  for (let i = 0; i < keys.length; i += 3) {
    const group = keys.slice(i, i + 3)
    const want = new Set<string>()
    for (const b of live.values()) if (group.some((k) => referenceMatch(b.pattern, k))) want.add(b.dest)
    const got = ix.matchKeys(group)
    expect(new Set(got).size, `duplicates for ${JSON.stringify(group)}`).toBe(got.length)
    expect([...got].sort(), `keys ${JSON.stringify(group)}`).toEqual([...want].sort())
  }
}

/** Like `check`, but compares after every operation (each add or remove changes what routes). */
function checkEachStep(ops: Op[], keys: string[]): void {
  for (let i = 1; i <= ops.length; i++) check(ops.slice(0, i), keys)
}

/**
 * One index routes `keys` after every op, between the changes (so nothing it learned from earlier
 * keys, such as its memo of first words, outlives a change of the bindings).
 */
function checkLive(ops: Op[], keys: string[]): void {
  const ix = createTopicIndex()
  const live = new Map<string, Op>()
  for (const op of ops) {
    const id = `${op.pattern}\u0000${op.dest}`
    if (op.add) {
      ix.add(op.pattern, op.dest)
      live.set(id, op)
    } else {
      ix.remove(op.pattern, op.dest)
      live.delete(id)
    }
    for (const key of keys) {
      const want = new Set<string>()
      for (const b of live.values()) if (referenceMatch(b.pattern, key)) want.add(b.dest)
      expect([...ix.match(key)].sort(), `key ${JSON.stringify(key)}`).toEqual([...want].sort())
    }
  }
}

// Small vocabularies so patterns and keys collide often; '' gives empty words.
const patternWord = fc.constantFrom('', 'a', 'b', 'c', '*', '#', '#', 'a#', '*b')
const keyWord = fc.constantFrom('', 'a', 'b', 'c', '*', '#', 'a#')
const pattern = fc.array(patternWord, { maxLength: 6 }).map((w) => w.join('.'))
const key = fc.array(keyWord, { maxLength: 8 }).map((w) => w.join('.'))
const op = fc.record({
  add: fc.boolean(),
  pattern,
  dest: fc.constantFrom('q0', 'q1', 'q2', 'q3'),
})
// Removes refer mostly to patterns that were added, so remove paths are exercised.
const ops = fc.array(op, { maxLength: 40 }).map((list) => {
  const out: Op[] = []
  for (const o of list) {
    if (!o.add && out.length > 0 && o.pattern.length % 2 === 0) {
      const prev = out[o.pattern.length % out.length]
      out.push({ add: false, pattern: prev.pattern, dest: prev.dest })
    } else out.push(o)
  }
  return out
})

const SEED = 20261129

describe('topic index ≡ reference matcher', () => {
  it('on random binding sets with empty words and many #', () => {
    assertSeeded(
      fc.property(ops, fc.array(key, { minLength: 1, maxLength: 12 }), (o, k) => check(o, k)),
      SEED,
      { numRuns: 400 },
    )
  })

  it('on keys generated from the patterns themselves (so most of them match)', () => {
    const keyFromPattern = fc
      .tuple(fc.array(pattern, { minLength: 1, maxLength: 10 }), fc.nat())
      .map(([ps, n]) => {
        const keys = ps.map((p) =>
          p
            .split('.')
            .flatMap((w, i) =>
              w === '#' ? Array.from({ length: (n + i) % 3 }, () => 'c') : w === '*' ? ['b'] : [w],
            )
            .join('.'),
        )
        return { ps, keys }
      })
    assertSeeded(
      fc.property(keyFromPattern, ({ ps, keys }) =>
        check(
          ps.map((p, i) => ({ add: true, pattern: p, dest: `q${i % 3}` })),
          keys,
        ),
      ),
      SEED + 1,
      { numRuns: 300 },
    )
  })

  it('under heavy churn with a large vocabulary (hash tables grow, shrink and backward-shift)', () => {
    const bigWord = fc.oneof(
      fc.integer({ min: 0, max: 400 }).map((i) => `w${i}`),
      fc.constantFrom('*', '#', ''),
    )
    const bigPattern = fc.array(bigWord, { minLength: 1, maxLength: 4 }).map((w) => w.join('.'))
    assertSeeded(
      fc.property(fc.array(bigPattern, { minLength: 50, maxLength: 400 }), fc.nat(), (patterns, salt) => {
        const ops: Op[] = patterns.map((pattern, i) => ({ add: true, pattern, dest: `q${(i + salt) % 7}` }))
        // Remove about two thirds again, then re-add a few, so ids and slots get reused.
        patterns.forEach((pattern, i) => {
          if ((i + salt) % 3 !== 0) ops.push({ add: false, pattern, dest: `q${(i + salt) % 7}` })
        })
        patterns.slice(0, 20).forEach((pattern, i) => {
          ops.push({ add: true, pattern, dest: `q${(i + salt) % 7}` })
        })
        const keys = patterns.slice(0, 30).map((p) => p.replace(/(^|\.)[*#](?=\.|$)/g, '$1w7'))
        check(ops, keys)
      }),
      SEED + 2,
      { numRuns: 60 },
    )
  })

  it('while `#` nodes switch between tails and live states (bindings after a `#` gain and lose wildcards)', () => {
    // Words after a `#` that are all literal are matched from the key's end; one wildcard after the
    // same `#` makes it a live state again, and removing that binding switches it back.
    const word = fc.constantFrom('a', 'b', '', '*', '#', 'a', 'b')
    const hashPattern = fc
      .tuple(fc.array(word, { maxLength: 2 }), fc.array(word, { maxLength: 3 }))
      .map(([before, after]) => [...before, '#', ...after].join('.'))
    const step = fc.record({
      add: fc.boolean(),
      pattern: fc.oneof(hashPattern, pattern),
      dest: fc.constantFrom('q0', 'q1'),
    })
    const steps = fc.array(step, { minLength: 1, maxLength: 14 }).map((list) => {
      const out: Op[] = []
      for (const o of list) {
        // Most removes take back an earlier add, so the switch back is exercised.
        if (!o.add && out.length > 0) {
          const prev = out[(o.pattern.length * 7) % out.length]
          out.push({ add: false, pattern: prev.pattern, dest: prev.dest })
        } else out.push({ ...o, add: true })
      }
      return out
    })
    assertSeeded(
      fc.property(steps, fc.array(key, { minLength: 1, maxLength: 8 }), (o, k) => checkEachStep(o, k)),
      SEED + 3,
      { numRuns: 250 },
    )
  })

  it('on one index routing between every change (bindings added and removed under traffic)', () => {
    assertSeeded(
      fc.property(ops, fc.array(key, { minLength: 1, maxLength: 12 }), (o, k) => checkLive(o, k)),
      SEED + 7,
      { numRuns: 300 },
    )
  })

  it('named case: a `#` node switches from tails to a live state and back', () => {
    const ops = (list: [boolean, string, string][]): Op[] =>
      list.map(([add, pattern, dest]) => ({ add, pattern, dest }))
    checkEachStep(
      ops([
        [true, 'a.#.b', 'q1'],
        [true, 'a.#', 'q2'],
        [true, 'a.#.*.b', 'q3'],
        [true, '#.b', 'q4'],
        [false, 'a.#.*.b', 'q3'],
        [true, 'a.#.#.b', 'q5'],
        [false, 'a.#.#.b', 'q5'],
        [false, 'a.#.b', 'q1'],
        [true, '#..', 'q6'],
      ]),
      ['a.b', 'a', 'a.x.b', 'a.b.b', 'b', 'x.b', 'a.b.x', '', '.', 'a..', '..'],
    )
  })

  it('on words of every length around the packed limit and with wide or NUL characters', () => {
    // Words of at most 12 characters below 256 are compared as packed ints, longer or wider ones as
    // text; words that differ only in a NUL, in length or in their 13th character must stay apart.
    const x12 = 'x'.repeat(12)
    const word = fc.constantFrom(
      x12,
      `${x12}x`,
      `${x12}y`,
      'x'.repeat(11),
      `${'x'.repeat(11)}y`,
      '\u0000',
      '\u0000x',
      'x\u0000',
      '\u00ff',
      '\u0100',
      '中',
      'x中',
      `${x12}中`,
      'a',
      '',
      '*',
      '#',
    )
    const wordsKey = (max: number) => fc.array(word, { maxLength: max }).map((w) => w.join('.'))
    const wideOp = fc.record({
      add: fc.boolean(),
      pattern: wordsKey(4),
      dest: fc.constantFrom('q0', 'q1', 'q2'),
    })
    const wideOps = fc
      .array(wideOp, { maxLength: 30 })
      .map((list) =>
        list.map((o, i) => (o.add || i === 0 ? { ...o, add: true } : { ...list[i - 1], add: false })),
      )
    const keyOf = wordsKey(5).map((k) => k.replace(/(^|\.)[*#](?=\.|$)/g, '$1a'))
    assertSeeded(
      fc.property(wideOps, fc.array(keyOf, { minLength: 1, maxLength: 10 }), (o, k) =>
        check(o, k.concat(o.map((b) => b.pattern.replace(/(^|\.)[*#](?=\.|$)/g, `$1${x12}`)))),
      ),
      SEED + 4,
      { numRuns: 300 },
    )
  })

  it('named case (seed 20261131): the word that makes the word table grow, removed, then routed', () => {
    // The growth rehash used to place the new word and then place it again; removing it left a
    // stale slot, and looking the word up again crashed.
    const ix = createTopicIndex()
    for (let i = 0; i <= 16; i++) ix.add(`w${i}`, 'q')
    ix.remove('w16', 'q')
    expect(ix.match('w16')).toEqual([])
    expect(ix.match('w15')).toEqual(['q'])
    ix.add('w16', 'q2')
    expect(ix.match('w16')).toEqual(['q2'])
  })

  it('named case: a node whose inline literal child is removed while its other children stay', () => {
    // A node keeps one literal child in its record and the rest in the edge table; removing the
    // inline one must leave the table's children reachable, and the next new child takes the slot.
    const ops = (list: [boolean, string, string][]): Op[] =>
      list.map(([add, pattern, dest]) => ({ add, pattern, dest }))
    check(
      ops([
        [true, 'a.b', 'q1'],
        [true, 'a.c', 'q2'],
        [true, 'a.d.x', 'q3'],
        [false, 'a.b', 'q1'],
        // Reuses the freed node's id elsewhere: a stale inline pointer would now lead from `a` to `z`.
        [true, 'z.w', 'q6'],
        [true, 'a.e', 'q4'],
        [false, 'a.c', 'q2'],
        [true, 'a.b', 'q5'],
      ]),
      ['a.b', 'a.c', 'a.d.x', 'a.e', 'a.d', 'a', 'a.z.w', 'z.w'],
    )
  })

  it('named case: # chain closure reaches a binding two # edges deep', () => {
    check(
      [
        { add: true, pattern: '#.#', dest: 'q0' },
        { add: true, pattern: '#', dest: 'q1' },
        { add: false, pattern: '#', dest: 'q1' },
      ],
      ['', 'a', 'a.b'],
    )
  })

  it('a 40-word key against patterns with 12 # finishes (visited states are memoised)', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `w${i}.#`).join('.')
    const ix = createTopicIndex()
    ix.add(twelve, 'twelve')
    ix.add(Array.from({ length: 12 }, () => '#').join('.'), 'all-hashes')
    ix.add(Array.from({ length: 12 }, () => '*.#').join('.'), 'twelve-or-more')
    const miss = Array.from({ length: 40 }, (_, i) => `w${i % 11}`).join('.')
    const hit = Array.from({ length: 40 }, (_, i) => `w${i % 12}`).join('.')
    expect(ix.match(miss).sort()).toEqual(['all-hashes', 'twelve-or-more'])
    expect(ix.match(hit).sort()).toEqual(['all-hashes', 'twelve', 'twelve-or-more'])
    expect(referenceMatch(twelve, hit)).toBe(true)
    expect(referenceMatch(twelve, miss)).toBe(false)
  })
})
