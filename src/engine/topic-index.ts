import { ROOT, TopicTrie } from './topic-index-trie'
import { HASH_WORD, splitTopicWords } from './topic-index-words'

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

/** Above this many destinations on one node, membership checks use a Set instead of a scan. */
const SET_THRESHOLD = 16

/**
 * Creates a topic index following RabbitMQ's rules (`""` = zero words, empty words are literal,
 * `*` = one word, `#` = zero or more words, wildcards only as whole words, exact byte comparison).
 *
 * Matching advances the set of live trie states word by word, like RabbitMQ's trie walk with its
 * visited-state memo: each (node, position) pair is visited at most once, so the cost is bounded by
 * nodes × words whatever the number of `#`. Nothing is allocated per matched binding; duplicates are
 * dropped with epoch stamps.
 */
export function createTopicIndex<D = string>(): TopicIndex<D> {
  const trie = new TopicTrie()
  const destIds = new Map<D, number>()
  const destValues: D[] = []
  const destRefs: number[] = []
  const destFree: number[] = []
  let destStamp = new Uint32Array(16)
  let destEpoch = 0
  const nodeSets = new Map<number, Set<number>>()
  let size = 0

  // Live-state buffers and per-node stamps, reused by every match.
  let stamp = new Uint32Array(64)
  let epoch = 0
  let cur = new Int32Array(64)
  let next = new Int32Array(64)

  function destIdOf(dest: D): number {
    let id = destIds.get(dest)
    if (id === undefined) {
      id = destFree.length > 0 ? (destFree.pop() as number) : destValues.length
      destIds.set(dest, id)
      destValues[id] = dest
      destRefs[id] = 0
      if (id >= destStamp.length) {
        const s = new Uint32Array(destStamp.length * 2)
        s.set(destStamp)
        destStamp = s
      }
    }
    return id
  }

  function add(pattern: string, dest: D): void {
    const node = trie.ensure(splitTopicWords(pattern))
    const id = destIdOf(dest)
    let list = trie.data[node]
    if (list === undefined) {
      list = []
      trie.data[node] = list
    }
    const set = nodeSets.get(node)
    if (set ? set.has(id) : list.includes(id)) {
      trie.prune(node)
      return
    }
    list.push(id)
    if (set) set.add(id)
    else if (list.length > SET_THRESHOLD) nodeSets.set(node, new Set(list))
    destRefs[id]++
    size++
  }

  function remove(pattern: string, dest: D): void {
    const id = destIds.get(dest)
    if (id === undefined) return
    const node = trie.find(splitTopicWords(pattern))
    if (node < 0) return
    const list = trie.data[node]
    if (list === undefined) return
    const at = list.indexOf(id)
    if (at < 0) return
    list[at] = list[list.length - 1]
    list.pop()
    const set = nodeSets.get(node)
    if (set) {
      set.delete(id)
      if (list.length <= SET_THRESHOLD / 2) nodeSets.delete(node)
    }
    size--
    if (--destRefs[id] === 0) {
      destIds.delete(dest)
      destValues[id] = undefined as D
      destFree.push(id)
    }
    if (list.length === 0) {
      trie.data[node] = undefined
      trie.prune(node)
    }
  }

  function fitBuffers(): void {
    const cap = trie.capacity
    if (stamp.length < cap) {
      const s = new Uint32Array(cap)
      s.set(stamp)
      stamp = s
      cur = new Int32Array(cap)
      next = new Int32Array(cap)
    }
  }

  function nextEpoch(): number {
    if (epoch === 0xffffffff) {
      stamp.fill(0)
      epoch = 0
    }
    return ++epoch
  }

  function match(routingKey: string): D[] {
    fitBuffers()
    const words = splitTopicWords(routingKey)
    const { star, hash, label, edges } = trie
    const wordTable = trie.words
    let e = nextEpoch()
    let n = 0
    // Start: the root plus its `#` chain (a `#` may match zero words).
    for (let c = ROOT; c >= 0 && stamp[c] !== e; c = hash[c]) {
      stamp[c] = e
      cur[n++] = c
    }
    for (let w = 0; w < words.length && n > 0; w++) {
      const wid = wordTable.lookup(words[w])
      e = nextEpoch()
      let m = 0
      for (let i = 0; i < n; i++) {
        const s = cur[i]
        // Successors: the literal edge, the `*` edge, and `s` itself when it is a `#` node (a `#`
        // consumes the word and stays). Each enters with its `#` chain (the zero-word closure).
        let c = wid >= 0 ? edges.get(s, wid) : -1
        while (c >= 0 && stamp[c] !== e) {
          stamp[c] = e
          next[m++] = c
          c = hash[c]
        }
        c = star[s]
        while (c >= 0 && stamp[c] !== e) {
          stamp[c] = e
          next[m++] = c
          c = hash[c]
        }
        c = label[s] === HASH_WORD ? s : -1
        while (c >= 0 && stamp[c] !== e) {
          stamp[c] = e
          next[m++] = c
          c = hash[c]
        }
      }
      const t = cur
      cur = next
      next = t
      n = m
    }
    if (destEpoch === 0xffffffff) {
      destStamp.fill(0)
      destEpoch = 0
    }
    const de = ++destEpoch
    const out: D[] = []
    const data = trie.data
    for (let i = 0; i < n; i++) {
      const list = data[cur[i]]
      if (list === undefined) continue
      for (let j = 0; j < list.length; j++) {
        const d = list[j]
        if (destStamp[d] !== de) {
          destStamp[d] = de
          out.push(destValues[d])
        }
      }
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
