/**
 * What the message rules share: the vhost, its publishable entries, a cached router call per
 * (entry, class), and a search for the first (shortest) class with some property. Each rule builds
 * the small message space its question depends on (pattern-sets.ts); searches for a witness use a
 * smaller budget, and a rule that claims "never" only does so when its space was complete.
 */
import type { BindingRecord, Vhost } from '../../broker/model'
import type { Profile } from '../../broker/profiles'
import type { HopVia } from '../../broker/types'
import { publishableExchanges } from '../analysis-broker'
import { routeWitness, type Witness, type WitnessRoute, witnessOf } from '../class-route'
import type { AnalysisBudget, MessageClass, MessageSpace } from '../message-space'

export interface LintContext {
  vhost: Vhost
  profile: Readonly<Profile>
  entries: string[]
  budget: AnalysisBudget
  /** For searches that look for a witness (a finding with one is sound whatever the budget). */
  searchBudget: AnalysisBudget
  route(exchange: string, c: MessageClass, via?: HopVia): WitnessRoute
  witness(exchange: string, c: MessageClass): Witness
  /** Bindings of `exchange` that every message of class `c` matches (from the class's patterns). */
  matchedAt(space: MessageSpace, c: MessageClass, exchange: string): BindingRecord[]
  /** Exchanges whose classes ran past the budget (rules that say "never" skipped them). */
  undecided: Set<string>
  /**
   * Queues some message published to an entry has reached in a route computed so far (no `via`):
   * a queue found here is reachable by that witness, with no search of its own.
   */
  reachedQueues: Set<string>
}

export function lintContext(vhost: Vhost, profile: Readonly<Profile>, budget: AnalysisBudget): LintContext {
  const routes = new Map<string, WitnessRoute>()
  const byKey = new Map<string, Map<string, BindingRecord[]>>()
  const keyed = (name: string) => {
    let m = byKey.get(name)
    if (m) return m
    m = new Map()
    for (const b of vhost.exchanges.get(name)?.outgoing ?? []) {
      const k = b.routing_key
      m.set(k, [...(m.get(k) ?? []), b])
    }
    byKey.set(name, m)
    return m
  }
  const entries = publishableExchanges(vhost)
  const entrySet = new Set(entries)
  const reachedQueues = new Set<string>()
  return {
    vhost,
    profile,
    entries,
    budget,
    searchBudget: {
      maxKeyStates: Math.min(budget.maxKeyStates, 20_000),
      maxHeaderStates: Math.min(budget.maxHeaderStates, 20_000),
      maxClasses: Math.min(budget.maxClasses, 40_000),
    },
    undecided: new Set(),
    reachedQueues,
    route(exchange, c, via) {
      const id = `${exchange}\u0000${c.key.key}\u0000${JSON.stringify(c.headers.headers)}\u0000${via ? JSON.stringify(via) : ''}`
      let r = routes.get(id)
      if (!r) {
        r = routeWitness(vhost, profile, exchange, c.key.key, c.headers.headers, via)
        routes.set(id, r)
        if (!via && entrySet.has(exchange)) for (const q of r.queues) reachedQueues.add(q)
      }
      return r
    },
    witness: (exchange, c) => witnessOf(exchange, c.key.key, c.headers.headers),
    matchedAt(space, c, exchange) {
      const x = vhost.exchanges.get(exchange)
      if (!x) return []
      if (x.type === 'fanout') return [...x.outgoing]
      const m = keyed(exchange)
      const out: BindingRecord[] = []
      if (x.type === 'topic')
        for (const id of c.key.topic) out.push(...(m.get(space.topicPatterns[id] as string) ?? []))
      else if (x.type === 'direct')
        for (const id of c.key.literal) out.push(...(m.get(space.literalKeys[id] as string) ?? []))
      else if (x.type === 'headers')
        for (const i of c.headers.matched) {
          const owner = space.headerOwners[i]
          const b = [...x.outgoing].find((o) => o.id === owner)
          if (b) out.push(b)
        }
      return out
    },
  }
}
