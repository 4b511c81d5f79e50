/** Deleting a binding from the topic trie: the index's own removal, and which nodes pruning frees. */
import { describe, expect, it } from 'vitest'
import { traceTrieMatch, traceTrieRemoval } from '../../src/engine'

const B = [
  { pattern: 'order.eu.paid', dest: 'eu.paid' },
  { pattern: 'order.eu.*', dest: 'eu.any' },
  { pattern: 'order.#', dest: 'all' },
  { pattern: 'a', dest: 'q1' },
  { pattern: 'a', dest: 'q2' },
]
const without = (n: number) => B.filter((_, m) => m !== n)

describe('traceTrieRemoval', () => {
  it('frees the leaf and every ancestor left without a binding or a child', () => {
    const r = traceTrieRemoval([{ pattern: 'x.y.z', dest: 'q' }], { pattern: 'x.y.z', dest: 'q' })
    expect(r).toEqual({ found: true, nodesBefore: 4, nodesAfter: 1, pruned: ['x.y.z', 'x.y', 'x'] })
  })
  it('stops pruning at a node another binding still uses', () => {
    const r = traceTrieRemoval(B, B[0] as (typeof B)[number])
    expect(r.found).toBe(true)
    expect(r.pruned).toEqual(['order.eu.paid'])
    expect(r.nodesAfter).toBe(traceTrieMatch(without(0), '').nodes.length)
  })
  it('frees nothing when another queue is bound with the same pattern', () => {
    const r = traceTrieRemoval(B, { pattern: 'a', dest: 'q1' })
    expect(r).toMatchObject({ found: true, pruned: [] })
    expect(r.nodesAfter).toBe(r.nodesBefore)
  })
  it('reports a binding that is not there, and changes nothing', () => {
    const r = traceTrieRemoval(B, { pattern: 'order.#', dest: 'nobody' })
    expect(r).toMatchObject({ found: false, pruned: [] })
    expect(r.nodesAfter).toBe(r.nodesBefore)
  })
  it('agrees with a trie built without the binding, for every binding', () => {
    B.forEach((b, n) => {
      expect(traceTrieRemoval(B, b).nodesAfter, `${b.pattern} → ${b.dest}`).toBe(
        traceTrieMatch(without(n), 'k').nodes.length,
      )
    })
  })
})
