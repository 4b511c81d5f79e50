/**
 * All messages that can enter some exchanges, as classes: a key class (key-space.ts) times a header
 * class (header-space.ts), over the bindings of every exchange a message could reach from there
 * (exchange-to-exchange bindings, alternate exchanges and, when asked, dead-letter exchanges of the
 * queues on the way). Every message of a class is routed alike by every exchange in that closure, so
 * routing one witness per class with the ordinary router answers for all messages.
 */
import type { Vhost } from '../model'
import type { Profile } from '../profiles'
import type { AmqpTable } from '../types'
import { alternateOf, deadLetterOf } from './analysis-broker'
import { type HeaderClass, headerSpace } from './header-space'
import { type KeyClass, keySpace } from './key-space'

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
  classes: MessageClass[]
  /** Every message is in some class. */
  complete: boolean
  /** When not complete: keys of at most this many words were all covered (else Infinity). */
  coveredWords: number
  /** Why it is not complete, when it is not. */
  limit?: 'key-states' | 'header-states' | 'classes'
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

/** Exchanges a message published to `entries` may visit (and, with `deadLetters`, their queues' DLXs). */
export function reachableExchanges(
  vhost: Vhost,
  entries: readonly string[],
  deadLetters: boolean,
): Set<string> {
  const seen = new Set<string>()
  const stack = [...entries]
  while (stack.length > 0) {
    const name = stack.pop() as string
    if (seen.has(name)) continue
    const x = vhost.exchanges.get(name)
    if (!x) continue
    seen.add(name)
    const ae = alternateOf(vhost, name)
    if (ae) stack.push(ae.name)
    const queues: string[] = []
    for (const b of x.outgoing) {
      if (b.destination_type === 'exchange') stack.push(b.destination)
      else queues.push(b.destination)
    }
    if (name === '') queues.push(...vhost.queues.keys())
    if (deadLetters)
      for (const q of queues) {
        const dl = deadLetterOf(vhost, q)
        if (dl) stack.push(dl.exchange)
      }
  }
  return seen
}

/**
 * The classes of every message entering `entries`. `extraPatterns` (topic syntax) are separated as
 * well, so a requirement's "every key of this shape" is a union of whole classes; `fixedHeaders` pins
 * headers a requirement names.
 */
export function messageSpace(
  /** One topology, or several (a diff): the classes then separate every message either one routes apart. */
  vhostOrList: Vhost | readonly Vhost[],
  profile: Readonly<Profile>,
  entries: readonly string[],
  options: {
    extraPatterns?: readonly string[]
    /** Header sets to separate (a requirement's `headers {…}`): a message carries all of them or not. */
    extraHeaders?: readonly AmqpTable[]
    deadLetters?: boolean
    budget?: AnalysisBudget
  } = {},
): MessageSpace {
  const budget = options.budget ?? DEFAULT_BUDGET
  const vhosts: readonly Vhost[] = Array.isArray(vhostOrList) ? vhostOrList : [vhostOrList as Vhost]
  const topic = new Map<string, number>()
  const literal = new Map<string, number>()
  const headerBindings: { arguments: AmqpTable; owner: string }[] = []
  const addTopic = (p: string) => {
    if (!topic.has(p)) topic.set(p, topic.size)
  }
  const addLiteral = (k: string) => {
    if (!literal.has(k)) literal.set(k, literal.size)
  }
  for (const vhost of vhosts) {
    const closure = reachableExchanges(vhost, entries, options.deadLetters ?? false)
    // A default exchange reached by publishing or dead-lettering looks the key up as a queue name.
    const defaultLookup = closure.has('') && (entries.includes('') || options.deadLetters === true)
    for (const name of closure) {
      const x = vhost.exchanges.get(name)
      if (!x) continue
      if (name === '' && defaultLookup) for (const q of vhost.queues.keys()) addLiteral(q)
      for (const b of x.outgoing) {
        if (x.type === 'topic') addTopic(b.routing_key)
        else if (x.type === 'direct') addLiteral(b.routing_key)
        else if (x.type === 'headers') headerBindings.push({ arguments: b.arguments, owner: b.id })
      }
    }
  }
  const extraTopic = (options.extraPatterns ?? []).map((p) => {
    addTopic(p)
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
  const keys = keySpace(topicPatterns, literalKeys, {
    maxStates: budget.maxKeyStates,
    emptyWordMatters: profile.rejectEmptyTopicWords,
  })
  const headers = headerSpace(headerBindings, profile, { maxStates: budget.maxHeaderStates })
  const classes: MessageClass[] = []
  let limit: MessageSpace['limit'] = keys.complete
    ? headers.complete
      ? undefined
      : 'header-states'
    : 'key-states'
  outer: for (const k of keys.classes)
    for (const h of headers.classes) {
      if (classes.length >= budget.maxClasses) {
        limit = 'classes'
        break outer
      }
      classes.push({ key: k, headers: h })
    }
  return {
    classes,
    complete: limit === undefined,
    coveredWords:
      limit === undefined ? Number.POSITIVE_INFINITY : limit === 'key-states' ? keys.coveredWords : 0,
    ...(limit ? { limit } : {}),
    extraTopic,
    extraHeaders,
    headerOwners: headerBindings.map((b) => b.owner),
    topicPatterns,
    literalKeys,
    freshWord: keys.freshWord,
  }
}
