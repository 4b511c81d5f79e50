import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createTopicIndex, type TrieTrace, topicMatchReference, traceTrieMatch } from '../../src/engine'

const word = fc.constantFrom('', 'a', 'b', '*', '#', 'a#')
const pattern = fc.array(word, { maxLength: 5 }).map((w) => w.join('.'))
const key = fc.array(fc.constantFrom('', 'a', 'b', 'c', '#'), { maxLength: 6 }).map((w) => w.join('.'))
const bindings = fc.array(fc.record({ pattern, dest: fc.constantFrom('q0', 'q1', 'q2') }), { maxLength: 12 })

/** Every recorded transition must be one the matching rules allow. */
function checkTransitions(t: TrieTrace): void {
  const node = new Map(t.nodes.map((n) => [n.id, n]))
  let before = t.start.map((s) => s.node)
  for (const step of t.steps) {
    expect(step.before).toEqual(before)
    const after = new Set(step.after.map((s) => s.node))
    for (const s of step.after) {
      const n = node.get(s.node)
      expect(n).toBeDefined()
      for (const v of s.via) {
        if (v.origin === 'hash-zero') {
          expect(n?.kind).toBe('hash')
          expect(after.has(v.from as number)).toBe(true)
        } else {
          expect(step.before).toContain(v.from)
          if (v.origin === 'literal') expect([n?.kind, n?.word]).toEqual(['literal', step.word])
          if (v.origin === 'star') expect(n?.kind).toBe('star')
          if (v.origin === 'hash-stay') expect([n?.kind, v.from]).toEqual(['hash', s.node])
          expect(n?.parent === v.from || v.origin === 'hash-stay').toBe(true)
        }
      }
    }
    before = step.after.map((s) => s.node)
  }
  expect(t.final).toEqual(before)
}

describe('trie trace', () => {
  it('routes like the index and the reference, with lawful transitions, as plain data', () => {
    fc.assert(
      fc.property(bindings, key, (bs, k) => {
        const t = traceTrieMatch(bs, k)
        const ix = createTopicIndex()
        for (const b of bs) ix.add(b.pattern, b.dest)
        const want = [
          ...new Set(bs.filter((b) => topicMatchReference(b.pattern, k)).map((b) => b.dest)),
        ].sort()
        expect([...t.destinations].sort()).toEqual(want)
        expect(ix.match(k).sort()).toEqual(want)
        expect(t.words).toEqual(k === '' ? [] : k.split('.'))
        checkTransitions(t)
        expect(JSON.parse(JSON.stringify(t))).toEqual(t)
      }),
      { seed: 20261129, numRuns: 300 },
    )
  })

  it('shows shared prefixes and the # closure for a.# / a.* / #.b on a.b', () => {
    const t = traceTrieMatch(
      [
        { pattern: 'a.#', dest: 'q1' },
        { pattern: 'a.*', dest: 'q1' },
        { pattern: '#.b', dest: 'q2' },
        { pattern: 'a.#', dest: 'q1' },
      ],
      'a.b',
    )
    const id = (p: string) => t.nodes.find((n) => n.pattern === p)?.id
    // a.# and a.* share the node for `a`; the duplicate binding is one row.
    expect(t.nodes.map((n) => n.pattern)).toEqual(['', 'a', 'a.#', 'a.*', '#', '#.b'])
    expect(t.nodes.find((n) => n.pattern === 'a.#')?.dests).toEqual(['q1'])
    expect(t.start.map((s) => s.node)).toEqual([id(''), id('#')])
    const first = t.steps[0].after
    expect(first.find((s) => s.node === id('a.#'))?.via).toEqual([{ origin: 'hash-zero', from: id('a') }])
    expect(first.find((s) => s.node === id('#'))?.via).toEqual([{ origin: 'hash-stay', from: id('#') }])
    expect(t.accepted.map((a) => a.pattern).sort()).toEqual(['#.b', 'a.#', 'a.*'])
    expect(t.destinations.sort()).toEqual(['q1', 'q2'])
  })

  it('the empty key has no steps: the start states decide', () => {
    const t = traceTrieMatch(
      [
        { pattern: '', dest: 'e' },
        { pattern: '#', dest: 'h' },
        { pattern: '*', dest: 's' },
      ],
      '',
    )
    expect(t.steps).toEqual([])
    expect(t.destinations.sort()).toEqual(['e', 'h'])
  })
})
