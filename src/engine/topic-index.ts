import { createDestTable } from './routing-index-dests'
import * as layout from './topic-index-trie'
import { ROOT, TopicTrie } from './topic-index-trie'
import { HASH_WORD, splitTopicWords } from './topic-index-words'

// Node record layout (mirrors topic-index-trie.ts; local constants so the hot loop inlines them).
const S = 8
const F_LABEL = 1
const F_STAR = 2
const F_HASH = 3
const F_LITERALS = 5
const F_STAMP = 6
const F_DATA = 7
if (
  S !== layout.NODE_STRIDE ||
  F_LABEL !== layout.F_LABEL ||
  F_STAR !== layout.F_STAR ||
  F_HASH !== layout.F_HASH ||
  F_LITERALS !== layout.F_LITERALS ||
  F_STAMP !== layout.F_STAMP ||
  F_DATA !== layout.F_DATA
) {
  throw new Error('topic-index: node layout out of sync with topic-index-trie')
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
 * destinations are de-duplicated with epoch stamps.
 */
export function createTopicIndex<D = string>(): TopicIndex<D> {
  const trie = new TopicTrie()
  const dests = createDestTable<D>()
  let size = 0
  // Live-state buffers reused by every match.
  let cur = new Int32Array(64)
  let next = new Int32Array(64)
  let epoch = 0

  function add(pattern: string, dest: D): void {
    const node = trie.ensure(splitTopicWords(pattern))
    const id = dests.acquire(dest)
    if (trie.addData(node, id)) size++
    else dests.release(id)
  }

  function remove(pattern: string, dest: D): void {
    const id = dests.idOf(dest)
    if (id < 0) return
    const node = trie.find(splitTopicWords(pattern))
    if (node >= 0 && trie.removeData(node, id)) {
      size--
      dests.release(id)
    }
  }

  /** A fresh stamp; on wrap-around every node's stamp is cleared. */
  function nextEpoch(): number {
    if (epoch === 0x7fffffff) {
      const nodes = trie.nodes
      for (let at = F_STAMP; at < nodes.length; at += S) nodes[at] = 0
      epoch = 0
    }
    return ++epoch
  }

  function match(routingKey: string): D[] {
    if (cur.length < trie.nodeIdLimit) {
      cur = new Int32Array(trie.nodes.length / S)
      next = new Int32Array(trie.nodes.length / S)
    }
    const nodes = trie.nodes
    const edges = trie.edges
    const words = trie.words
    let e = nextEpoch()
    let n = 0
    // Start: the root and its `#` chain (a `#` may match zero words).
    for (let c = ROOT; c >= 0 && nodes[c * S + F_STAMP] !== e; c = nodes[c * S + F_HASH]) {
      nodes[c * S + F_STAMP] = e
      cur[n++] = c
    }
    // Words are cut one at a time, so a key whose states die early is not split any further.
    const len = routingKey.length
    let pos = len === 0 ? -1 : 0
    while (pos >= 0 && n > 0) {
      const dot = routingKey.indexOf('.', pos)
      const wid = words.lookup(dot < 0 ? routingKey.slice(pos) : routingKey.slice(pos, dot))
      pos = dot < 0 ? -1 : dot + 1
      e = nextEpoch()
      let m = 0
      for (let i = 0; i < n; i++) {
        const s = cur[i]
        const at = s * S
        // Successors: the literal edge, the `*` edge, and `s` itself when it is a `#` node (a `#`
        // consumes the word and stays). Each enters with its `#` chain (the zero-word closure).
        let c = wid >= 0 && nodes[at + F_LITERALS] > 0 ? edges.get(s, wid) : -1
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
    const out: D[] = []
    if (n === 0) return out
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

  return {
    add,
    remove,
    match,
    get size() {
      return size
    },
  }
}
