import { DestTable } from '../routing/routing-index-dests'
import { F_HASH, F_LABEL, F_STAR, ROOT, TopicTrie } from './topic-index-trie'
import { HASH_WORD, STAR_WORD, splitTopicWords } from './topic-index-words'

/** One trie node, as the lessons draw it. */
export interface TrieTraceNode {
  id: number
  /** Parent node id; null for the root. */
  parent: number | null
  /** Word on the edge from the parent (`*`, `#` or a literal, possibly ""); null for the root. */
  word: string | null
  kind: 'root' | 'literal' | 'star' | 'hash'
  /** The binding key this node stands for (its path), e.g. `order.*.#`. */
  pattern: string
  /** Destinations of the bindings whose key ends here, in binding order. */
  dests: string[]
}

/**
 * How a state became live. `literal` / `star`: the edge consumed the word; `hash-stay`: a `#` node
 * consumed the word and stayed; `hash-zero`: a `#` edge taken without consuming a word (closure);
 * `start`: the root before any word.
 */
export type TrieTraceOrigin = 'start' | 'literal' | 'star' | 'hash-stay' | 'hash-zero'

/** One live state and every way it was reached at this point (`from` = the state it came from). */
export interface TrieTraceState {
  node: number
  via: { origin: TrieTraceOrigin; from: number | null }[]
}

/** The live states before and after consuming one word of the routing key. */
export interface TrieTraceStep {
  /** 0-based word index. */
  index: number
  word: string
  before: number[]
  after: TrieTraceState[]
}

/** Everything the trie walkthrough shows; plain data (structured-clone and JSON safe). */
export interface TrieTrace {
  routingKey: string
  words: string[]
  nodes: TrieTraceNode[]
  /** Live states before the first word: the root and its `#` zero-word closure. */
  start: TrieTraceState[]
  steps: TrieTraceStep[]
  /** Live states after the last word (equal to the start states for the empty key). */
  final: number[]
  /** Bindings accepted at the end: one row per (node, destination). */
  accepted: { node: number; pattern: string; dest: string }[]
  /** Distinct destinations, in acceptance order — what the topic exchange routes to. */
  destinations: string[]
}

/**
 * Builds the trie of `patterns` with the topic index's own structure and walks `routingKey` through
 * it with the same transitions (literal edge, `*` edge, `#` staying, `#` zero-word closure),
 * recording the live states word by word. Duplicate (pattern, dest) pairs are one binding.
 */
export function traceTrieMatch(patterns: { pattern: string; dest: string }[], routingKey: string): TrieTrace {
  const trie = new TopicTrie()
  const dests = new DestTable<string>()
  for (const { pattern, dest } of patterns) {
    const id = dests.acquire(dest)
    if (!trie.addData(trie.ensure(pattern), id)) dests.release(id)
  }
  const nodes = describeNodes(trie, (id) => dests.valueOf(id))
  const words = splitTopicWords(routingKey)

  let live = new Map<number, TrieTraceState>()
  const enter = (
    into: Map<number, TrieTraceState>,
    node: number,
    origin: TrieTraceOrigin,
    from: number | null,
  ) => {
    // The `#` chain below `node` is live too, without consuming a word.
    for (let c = node, o = origin, f = from; c >= 0; f = c, c = trie.get(c, F_HASH), o = 'hash-zero') {
      const state = into.get(c)
      if (state) {
        state.via.push({ origin: o, from: f })
        return
      }
      into.set(c, { node: c, via: [{ origin: o, from: f }] })
    }
  }
  enter(live, ROOT, 'start', null)
  const start = [...live.values()]
  const steps: TrieTraceStep[] = []
  words.forEach((word, index) => {
    const next = new Map<number, TrieTraceState>()
    const label = trie.words.lookup(word)
    for (const s of live.keys()) {
      const lit = trie.child(s, label)
      if (lit >= 0) enter(next, lit, 'literal', s)
      const star = trie.get(s, F_STAR)
      if (star >= 0) enter(next, star, 'star', s)
      if (trie.get(s, F_LABEL) === HASH_WORD) enter(next, s, 'hash-stay', s)
    }
    steps.push({ index, word, before: [...live.keys()], after: [...next.values()] })
    live = next
  })

  const byId = new Map(nodes.map((n) => [n.id, n]))
  const accepted: TrieTrace['accepted'] = []
  const seen = new Set<string>()
  for (const s of live.keys()) {
    const node = byId.get(s) as TrieTraceNode
    for (const dest of node.dests) {
      accepted.push({ node: s, pattern: node.pattern, dest })
      seen.add(dest)
    }
  }
  return {
    routingKey,
    words,
    nodes,
    start,
    steps,
    final: [...live.keys()],
    accepted,
    destinations: [...seen],
  }
}

/** Plain descriptions of the live nodes; the trie only grew, so parents have smaller ids. */
function describeNodes(trie: TopicTrie, nameOf: (destId: number) => string): TrieTraceNode[] {
  const out: TrieTraceNode[] = []
  const patternOf = new Map<number, string[]>()
  for (const id of trie.liveNodeIds()) {
    const isRoot = id === ROOT
    const parent = isRoot ? null : trie.parentOf(id)
    const label = trie.get(id, F_LABEL)
    const word = isRoot ? null : trie.words.text(label)
    const path = isRoot ? [] : [...(patternOf.get(parent as number) ?? []), word as string]
    patternOf.set(id, path)
    const kind = isRoot ? 'root' : label === STAR_WORD ? 'star' : label === HASH_WORD ? 'hash' : 'literal'
    out.push({ id, parent, word, kind, pattern: path.join('.'), dests: (trie.data[id] ?? []).map(nameOf) })
  }
  return out
}

/** What deleting one binding does to the trie (the topic index's own removal and pruning). */
export interface TrieRemoval {
  /** False when no such binding was stored (nothing changes). */
  found: boolean
  /** Live node count, root included, before and after. */
  nodesBefore: number
  nodesAfter: number
  /** Paths of the nodes freed by pruning, deepest first (empty when other bindings still use the path). */
  pruned: string[]
}

/**
 * Builds the trie of `patterns`, removes the binding `removed` the way the topic index does (drop
 * the destination at its node, then free that node and its ancestors while they hold no binding and
 * no child) and reports which nodes went away.
 */
export function traceTrieRemoval(
  patterns: { pattern: string; dest: string }[],
  removed: { pattern: string; dest: string },
): TrieRemoval {
  const trie = new TopicTrie()
  const dests = new DestTable<string>()
  for (const { pattern, dest } of patterns) {
    const id = dests.acquire(dest)
    if (!trie.addData(trie.ensure(pattern), id)) dests.release(id)
  }
  const before = describeNodes(trie, (id) => dests.valueOf(id))
  const nodesBefore = trie.liveNodes
  const node = trie.find(removed.pattern)
  const destId = dests.idOf(removed.dest)
  const found = node >= 0 && destId >= 0 && trie.removeData(node, destId)
  const alive = new Set(trie.liveNodeIds())
  const pruned = before
    .filter((n) => !alive.has(n.id))
    .reverse()
    .map((n) => n.pattern)
  return { found, nodesBefore, nodesAfter: trie.liveNodes, pruned }
}
