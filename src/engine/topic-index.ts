import { DestTable } from './routing-index-dests'
import * as layout from './topic-index-trie'
import { literalChild, ROOT, TopicTrie } from './topic-index-trie'
import * as wordRules from './topic-index-words'
import { HASH_WORD } from './topic-index-words'

// Node record layout (mirrors topic-index-trie.ts; local constants so the hot loop inlines them).
const S = 8
const F_LABEL = 1
const F_STAR = 2
const F_HASH = 3
const F_STAMP = 6
const F_DATA = 7
// FNV-1a, as WordTable hashes words (computed inline while scanning for dots).
const FNV_OFFSET = 0x811c9dc5 | 0
const FNV_PRIME = 16777619
const DOT = 46
if (
  FNV_OFFSET !== wordRules.FNV_OFFSET ||
  FNV_PRIME !== wordRules.FNV_PRIME ||
  DOT !== wordRules.DOT ||
  S !== layout.NODE_STRIDE ||
  F_LABEL !== layout.F_LABEL ||
  F_STAR !== layout.F_STAR ||
  F_HASH !== layout.F_HASH ||
  F_STAMP !== layout.F_STAMP ||
  F_DATA !== layout.F_DATA
) {
  throw new Error('topic-index: constants out of sync with topic-index-trie / topic-index-words')
}

/** A set of topic bindings `(binding key, destination)` that routes keys to destinations. */
export interface TopicIndex<D = string> {
  /** Adds binding `(pattern, dest)`; adding the same pair again changes nothing. */
  add(pattern: string, dest: D): void
  /** Removes binding `(pattern, dest)`; removing a pair that is not there changes nothing. */
  remove(pattern: string, dest: D): void
  /** The distinct destinations of every binding whose key matches `routingKey` (any order). */
  match(routingKey: string): D[]
  /** Number of distinct `(pattern, dest)` bindings. */
  readonly size: number
}

/**
 * Creates a topic index following RabbitMQ's rules (`""` = zero words, empty words are literal,
 * `*` = one word, `#` = zero or more words, wildcards only as whole words, exact comparison).
 *
 * Matching advances the set of live trie states word by word, like RabbitMQ's trie walk with its
 * visited-state memo: each (node, position) pair is entered at most once, so the cost is bounded by
 * nodes × words whatever the number of `#`. Nothing is allocated per matched binding: states and
 * destinations are de-duplicated with epoch stamps. Call the methods on the index (they use `this`).
 */
export function createTopicIndex<D = string>(): TopicIndex<D> {
  return new TrieTopicIndex<D>()
}

/** A class, not closures: every index shares the same warmed-up (JIT-compiled) methods. */
class TrieTopicIndex<D> implements TopicIndex<D> {
  private readonly trie = new TopicTrie()
  private readonly dests = new DestTable<D>()
  private count = 0
  // Live-state buffers reused by every match.
  private cur = new Int32Array(256)
  private next = new Int32Array(256)
  private epoch = 0

  get size(): number {
    return this.count
  }

  add(pattern: string, dest: D): void {
    const node = this.trie.ensure(pattern)
    const id = this.dests.acquire(dest)
    if (this.trie.addData(node, id)) this.count++
    else this.dests.release(id)
  }

  remove(pattern: string, dest: D): void {
    const id = this.dests.idOf(dest)
    if (id < 0) return
    const node = this.trie.find(pattern)
    if (node >= 0 && this.trie.removeData(node, id)) {
      this.count--
      this.dests.release(id)
    }
  }

  /** A fresh stamp; on wrap-around every node's stamp is cleared. */
  private nextEpoch(): number {
    if (this.epoch === 0x7fffffff) {
      const nodes = this.trie.nodes
      for (let at = F_STAMP; at < nodes.length; at += S) nodes[at] = 0
      this.epoch = 0
    }
    return ++this.epoch
  }

  match(routingKey: string): D[] {
    const trie = this.trie
    if (this.cur.length < trie.nodeIdLimit) {
      this.cur = new Int32Array(trie.nodes.length / S)
      this.next = new Int32Array(trie.nodes.length / S)
    }
    let cur = this.cur
    let next = this.next
    const nodes = trie.nodes
    const edges = trie.edges
    const words = trie.words
    let e = this.nextEpoch()
    let n = 0
    // Start: the root and its `#` chain (a `#` may match zero words).
    for (let c = ROOT; c >= 0 && nodes[c * S + F_STAMP] !== e; c = nodes[c * S + F_HASH]) {
      nodes[c * S + F_STAMP] = e
      cur[n++] = c
    }
    // Words are read in place (hashed while looking for the dot): no substrings, no split array,
    // and a key whose states die early is not read any further.
    const len = routingKey.length
    let pos = len === 0 ? -1 : 0
    while (pos >= 0 && n > 0) {
      let h = FNV_OFFSET
      let end = pos
      for (; end < len; end++) {
        const ch = routingKey.charCodeAt(end)
        if (ch === DOT) break
        h = Math.imul(h ^ ch, FNV_PRIME)
      }
      const wid = words.lookupRange(routingKey, pos, end, h)
      pos = end < len ? end + 1 : -1
      e = this.nextEpoch()
      let m = 0
      for (let i = 0; i < n; i++) {
        const s = cur[i]
        const at = s * S
        // Successors: the literal edge, the `*` edge, and `s` itself when it is a `#` node (a `#`
        // consumes the word and stays). Each enters with its `#` chain (the zero-word closure).
        let c = wid >= 0 ? literalChild(nodes, edges, s, wid) : -1
        while (c >= 0 && nodes[c * S + F_STAMP] !== e) {
          nodes[c * S + F_STAMP] = e
          next[m++] = c
          c = nodes[c * S + F_HASH]
        }
        c = nodes[at + F_STAR]
        while (c >= 0 && nodes[c * S + F_STAMP] !== e) {
          nodes[c * S + F_STAMP] = e
          next[m++] = c
          c = nodes[c * S + F_HASH]
        }
        c = nodes[at + F_LABEL] === HASH_WORD ? s : -1
        while (c >= 0 && nodes[c * S + F_STAMP] !== e) {
          nodes[c * S + F_STAMP] = e
          next[m++] = c
          c = nodes[c * S + F_HASH]
        }
      }
      const t = cur
      cur = next
      next = t
      n = m
    }
    this.cur = cur
    this.next = next
    const out: D[] = []
    if (n === 0) return out
    const dests = this.dests
    const round = dests.startRound()
    const data = trie.data
    for (let i = 0; i < n; i++) {
      const s = cur[i]
      if (nodes[s * S + F_DATA] === 0) continue
      const list = data[s] as number[]
      for (let j = 0; j < list.length; j++) dests.emit(list[j], round, out)
    }
    return out
  }
}
