/**
 * Every routing key, in finitely many classes. A key's fate at every topic, direct and default
 * exchange depends only on which binding keys it matches, and those are regular languages over words:
 * a product automaton of all of them (a trie of topic patterns with `*` and `#`, a trie of literal keys)
 * run breadth-first over the words the patterns name plus one fresh word (which stands for every word
 * they never name) reaches finitely many states. Keys that end in states with the same accepted set
 * route alike; the first key found for each set is the shortest witness (fewest words).
 *
 * Exact by RabbitMQ's word rules (src/engine/topic/topic-words.ts): `""` is zero words, empty words are
 * words, `#` may stand anywhere. The search has a state budget; past it the answer says which key
 * lengths were covered completely instead of hanging (patterns like `#.a.*.*.*.*` blow up).
 */
import { splitWords } from '../topic/topic-words'

/** One key class: the shortest key in it and the pattern ids every key of the class matches. */
export interface KeyClass {
  key: string
  words: readonly string[]
  /** Ids of matched topic patterns (ascending). */
  topic: readonly number[]
  /** Ids of matched literal keys (ascending). */
  literal: readonly number[]
}

interface TopicNode {
  id: number
  words: Map<string, TopicNode>
  star?: TopicNode
  hash?: TopicNode
  /** This node is a `#` (it may consume any number of words staying here). */
  isHash: boolean
  ends: number[]
  /** Itself and the `#` nodes below it reached without a word. */
  closure: TopicNode[]
}

interface LiteralNode {
  words: Map<string, LiteralNode>
  ends: number[]
  id: number
}

/** Build the word automata for these patterns; ids are positions in the input arrays. */
function buildTries(topicPatterns: readonly string[], literalKeys: readonly string[]) {
  const topicNodes: TopicNode[] = []
  const newTopic = (isHash: boolean): TopicNode => {
    const n: TopicNode = { id: topicNodes.length, words: new Map(), isHash, ends: [], closure: [] }
    topicNodes.push(n)
    return n
  }
  const topicRoot = newTopic(false)
  const named = new Set<string>()
  topicPatterns.forEach((p, id) => {
    let n = topicRoot
    for (const w of splitWords(p)) {
      if (w === '*') n = n.star ??= newTopic(false)
      else if (w === '#') n = n.hash ??= newTopic(true)
      else {
        named.add(w)
        let next = n.words.get(w)
        if (!next) {
          next = newTopic(false)
          n.words.set(w, next)
        }
        n = next
      }
    }
    n.ends.push(id)
  })
  let literalCount = 0
  const newLiteral = (): LiteralNode => ({ words: new Map(), ends: [], id: literalCount++ })
  const literalRoot = newLiteral()
  literalKeys.forEach((k, id) => {
    let n = literalRoot
    for (const w of splitWords(k)) {
      named.add(w)
      let next = n.words.get(w)
      if (!next) {
        next = newLiteral()
        n.words.set(w, next)
      }
      n = next
    }
    n.ends.push(id)
  })
  return { topicNodes, topicRoot, literalRoot, named }
}

/** A word no pattern names (readable first). */
function freshWordFor(named: ReadonlySet<string>): string {
  for (const w of ['other', 'x', 'any', 'zz']) if (!named.has(w)) return w
  let i = 1
  while (named.has(`other${i}`)) i++
  return `other${i}`
}

interface State {
  topic: TopicNode[]
  literal: LiteralNode | null
  /** The prefix is exactly one empty word: not a key of its own (`""` is zero words). */
  loneEmpty: boolean
  words: string[]
}

/** Each node with the `#` nodes it may skip into without a word (`a.#.#` ends where `a` does). */
function closeNodes(nodes: readonly TopicNode[]): void {
  for (const n of nodes) {
    const chain: TopicNode[] = []
    for (let m: TopicNode | undefined = n; m; m = m.hash) chain.push(m)
    n.closure = chain
  }
}

/** Steps the automaton: a stamp per node (no sets, no maps), result sorted by id. */
function stepper(nodeCount: number) {
  const stamp = new Uint32Array(nodeCount)
  let epoch = 0
  const run = (from: readonly TopicNode[], word: string | null): TopicNode[] => {
    epoch++
    const out: TopicNode[] = []
    const add = (m: TopicNode) => {
      for (const c of m.closure)
        if (stamp[c.id] !== epoch) {
          stamp[c.id] = epoch
          out.push(c)
        }
    }
    for (const n of from) {
      if (word === null) {
        add(n)
        continue
      }
      const w = n.words.get(word)
      if (w) add(w)
      if (n.star) add(n.star)
      if (n.isHash && stamp[n.id] !== epoch) {
        stamp[n.id] = epoch
        out.push(n)
      }
    }
    if (out.length > 1) out.sort((a, b) => a.id - b.id)
    return out
  }
  return run
}

function stateKey(s: Omit<State, 'words'>): string {
  return `${s.loneEmpty ? 'e' : ''}${s.literal ? s.literal.id : '-'}|${s.topic.map((n) => n.id).join(',')}`
}

export interface KeySpaceOptions {
  /** Most automaton states to explore (default 200,000). */
  maxStates?: number
  /** Treat the empty word as named (the teaching profile refuses keys that hold one). */
  emptyWordMatters?: boolean
}

export interface KeySearch {
  /** Classes in order of discovery (shortest first), found lazily. */
  next(): KeyClass | null
  /** After `next()` returned null: whether every key is in some class. */
  readonly complete: boolean
  readonly coveredWords: number
  readonly freshWord: string
  readonly states: number
}

/**
 * Partition every routing key by the topic patterns and literal keys it matches, lazily: a question
 * that needs one class (a witness) stops there; one that needs all of them runs to the end.
 */
export function keySearch(
  topicPatterns: readonly string[],
  literalKeys: readonly string[],
  options: KeySpaceOptions = {},
): KeySearch {
  const maxStates = options.maxStates ?? 200_000
  const { topicNodes, topicRoot, literalRoot, named } = buildTries(topicPatterns, literalKeys)
  closeNodes(topicNodes)
  const step = stepper(topicNodes.length)
  const fresh = freshWordFor(named)
  const signatures = new Set<string>()
  const seen = new Set<string>()
  const start: State = { topic: step([topicRoot], null), literal: literalRoot, loneEmpty: false, words: [] }
  seen.add(stateKey(start))
  let level: State[] = []
  let pending: State[] = [start]
  let depth = 0
  let complete = true
  let coveredWords = 0
  let done = false
  const ready: KeyClass[] = []

  const accept = (s: State) => {
    if (s.loneEmpty) return
    const topic = [...new Set(s.topic.flatMap((n) => n.ends))].sort((a, b) => a - b)
    const literal = s.literal ? [...s.literal.ends].sort((a, b) => a - b) : []
    const sig = `${topic.join(',')}|${literal.join(',')}`
    if (signatures.has(sig)) return
    signatures.add(sig)
    ready.push({ key: s.words.join('.'), words: s.words, topic, literal })
  }
  accept(start)
  level = pending
  pending = []
  let at = 0

  /** Expand states until a new class is ready or the search ends. */
  const advance = () => {
    while (ready.length === 0 && !done) {
      if (at >= level.length) {
        depth++
        coveredWords = depth
        level = pending
        pending = []
        at = 0
        if (level.length === 0) {
          done = true
          break
        }
      }
      const s = level[at++] as State
      // Words that lead somewhere specific from here; every other word acts like the fresh one.
      // The fresh word first: a witness names only the words it needs ("payment.other").
      const choices = new Set<string>([fresh])
      for (const n of s.topic) for (const w of n.words.keys()) choices.add(w)
      if (s.literal) for (const w of s.literal.words.keys()) choices.add(w)
      if (options.emptyWordMatters) choices.add('')
      for (const w of choices) {
        const t: State = {
          topic: step(s.topic, w),
          literal: s.literal?.words.get(w) ?? null,
          loneEmpty: w === '' && s.words.length === 0,
          words: [...s.words, w],
        }
        // A dead end (no pattern can still match) is one class of its own; explore it once.
        const key = stateKey(t)
        if (seen.has(key)) continue
        seen.add(key)
        if (seen.size > maxStates) {
          complete = false
          done = true
          break
        }
        accept(t)
        pending.push(t)
      }
    }
  }
  return {
    next() {
      advance()
      return ready.shift() ?? null
    },
    get complete() {
      return complete
    },
    get coveredWords() {
      return complete ? Number.POSITIVE_INFINITY : Math.max(0, coveredWords)
    },
    freshWord: fresh,
    get states() {
      return seen.size
    },
  }
}
