/**
 * All messages, as classes: a key class (key-space.ts) times a header class (header-space.ts), over
 * the bindings a question depends on (pattern-sets.ts). Every message of a class is routed alike by
 * those bindings, so routing one witness per class with the ordinary router answers for all messages.
 */
import type { Profile } from '../broker/profiles'
import type { AmqpTable } from '../broker/types'
import { type HeaderClass, headerSpace } from './header-space'
import { type KeyClass, keySearch } from './key-space'
import type { PatternSet } from './pattern-sets'

export interface AnalysisBudget {
  maxKeyStates: number
  maxHeaderStates: number
  maxClasses: number
}

export const DEFAULT_BUDGET: AnalysisBudget = {
  maxKeyStates: 200_000,
  maxHeaderStates: 100_000,
  maxClasses: 400_000,
}

export interface MessageClass {
  key: KeyClass
  headers: HeaderClass
}

export interface MessageSpace {
  /** The classes, shortest first, found lazily: stop iterating when the question is answered. */
  each(): Generator<MessageClass, void, void>
  /** Every class (runs the search to its end). */
  all(): MessageClass[]
  /** The first class (shortest first) with the property, or null. */
  find(pred: (c: MessageClass) => boolean): MessageClass | null
  /** Classes found so far. */
  readonly count: number
  /** Valid once the search ran to its end (each() finished, all(), or find() returned null). */
  readonly complete: boolean
  /** When not complete: keys of at most this many words were all covered (else Infinity). */
  readonly coveredWords: number
  /** Why it is not complete, when it is not. */
  readonly limit?: 'key-states' | 'header-states' | 'classes'
  /** Indexes into `topicPatterns` of extra patterns (requirements) the caller asked to separate. */
  extraTopic: readonly number[]
  /** Header-class binding indexes standing for the extra header sets (`x-match: all-with-x`). */
  extraHeaders: readonly number[]
  /** The binding id behind each header-class binding index ('' for an extra header set). */
  headerOwners: readonly string[]
  /** The topic pattern and literal-key lists the key classes' ids point into. */
  topicPatterns: readonly string[]
  literalKeys: readonly string[]
  freshWord: string
}

export interface SpaceOptions {
  extraPatterns?: readonly string[]
  /** Header sets to separate (a requirement's `headers {…}`): a message carries all of them or not. */
  extraHeaders?: readonly AmqpTable[]
  budget?: AnalysisBudget
}

/** The classes of every message, separated by the given bindings (several sets: their union). */
export function spaceOf(
  sets: readonly PatternSet[],
  profile: Readonly<Profile>,
  options: SpaceOptions = {},
): MessageSpace {
  const budget = options.budget ?? DEFAULT_BUDGET
  const topic = new Map<string, number>()
  const literal = new Map<string, number>()
  const headerBindings: { arguments: AmqpTable; owner: string }[] = []
  const seenHeaders = new Set<string>()
  for (const set of sets) {
    for (const p of set.topic) if (!topic.has(p)) topic.set(p, topic.size)
    for (const k of set.literal) if (!literal.has(k)) literal.set(k, literal.size)
    for (const h of set.headers) {
      const id = `${h.owner}|${JSON.stringify(h.arguments)}`
      if (seenHeaders.has(id)) continue
      seenHeaders.add(id)
      headerBindings.push(h)
    }
  }
  const extraTopic = (options.extraPatterns ?? []).map((p) => {
    if (!topic.has(p)) topic.set(p, topic.size)
    return topic.get(p) as number
  })
  const extraHeaders = (options.extraHeaders ?? []).map((h) => {
    headerBindings.push({
      arguments: { ...h, 'x-match': { type: 'longstr', value: 'all-with-x' } },
      owner: '',
    })
    return headerBindings.length - 1
  })
  const topicPatterns = [...topic.keys()]
  const literalKeys = [...literal.keys()]
  const keys = keySearch(topicPatterns, literalKeys, {
    maxStates: budget.maxKeyStates,
    emptyWordMatters: profile.rejectEmptyTopicWords,
  })
  const headers = headerSpace(headerBindings, profile, { maxStates: budget.maxHeaderStates })
  const found: MessageClass[] = []
  let ended = false
  let overBudget = false
  /** Adds the next key class's products; false when there are no more. */
  const extend = (): boolean => {
    if (ended) return false
    const k = keys.next()
    if (!k) {
      ended = true
      return false
    }
    for (const h of headers.classes) {
      if (found.length >= budget.maxClasses) {
        overBudget = true
        ended = true
        break
      }
      found.push({ key: k, headers: h })
    }
    return true
  }
  function* each(): Generator<MessageClass, void, void> {
    let i = 0
    while (true) {
      if (i < found.length) yield found[i++] as MessageClass
      else if (!extend() && i >= found.length) return
    }
  }
  const limit = (): MessageSpace['limit'] =>
    overBudget ? 'classes' : !keys.complete ? 'key-states' : !headers.complete ? 'header-states' : undefined
  return {
    each,
    all() {
      while (extend());
      return found
    },
    find(pred) {
      for (const c of each()) if (pred(c)) return c
      return null
    },
    get count() {
      return found.length
    },
    get complete() {
      return ended && limit() === undefined
    },
    get coveredWords() {
      const l = limit()
      return l === undefined ? Number.POSITIVE_INFINITY : l === 'key-states' ? keys.coveredWords : 0
    },
    get limit() {
      return limit()
    },
    extraTopic,
    extraHeaders,
    headerOwners: headerBindings.map((b) => b.owner),
    topicPatterns,
    literalKeys,
    freshWord: keys.freshWord,
  }
}

/** Shortest first: fewer key words, then fewer headers. */
export function shorter(a: MessageClass, b: MessageClass): boolean {
  return a.key.words.length !== b.key.words.length
    ? a.key.words.length < b.key.words.length
    : Object.keys(a.headers.headers).length < Object.keys(b.headers.headers).length
}
