/**
 * What the reach rules share: every message class published to every publishable exchange of a vhost,
 * routed once by the ordinary router, with the bindings each class matched at each exchange on its way
 * (read off the class's matched patterns, so a 10,000-binding exchange costs no more than its classes).
 */
import type { BindingRecord, Vhost } from '../../model'
import type { Profile } from '../../profiles'
import { publishableExchanges } from '../analysis-broker'
import { routeWitness, type Witness, type WitnessRoute, witnessOf } from '../class-route'
import { type AnalysisBudget, type MessageClass, type MessageSpace, messageSpace } from '../message-space'

export interface RoutedClass {
  entry: string
  cls: MessageClass
  route: WitnessRoute
  space: MessageSpace
}

export interface VhostReach {
  vhost: Vhost
  profile: Readonly<Profile>
  routed: RoutedClass[]
  /** Entries whose message space ran past the budget (findings that claim "never" skip them). */
  undecided: string[]
  witness(r: RoutedClass): Witness
  /** The bindings of `exchange` this class matches (in declaration order). */
  matchedAt(r: RoutedClass, exchange: string): BindingRecord[]
}

interface ExchangeLookup {
  byKey: Map<string, BindingRecord[]>
  byId: Map<string, BindingRecord>
}

export function vhostReach(vhost: Vhost, profile: Readonly<Profile>, budget: AnalysisBudget): VhostReach {
  const routed: RoutedClass[] = []
  const undecided: string[] = []
  for (const entry of publishableExchanges(vhost)) {
    const space = messageSpace(vhost, profile, [entry], { deadLetters: true, budget })
    if (!space.complete) undecided.push(entry)
    for (const cls of space.classes)
      routed.push({
        entry,
        cls,
        space,
        route: routeWitness(vhost, profile, entry, cls.key.key, cls.headers.headers),
      })
  }
  const lookups = new Map<string, ExchangeLookup>()
  const lookup = (name: string): ExchangeLookup | undefined => {
    let l = lookups.get(name)
    if (l) return l
    const x = vhost.exchanges.get(name)
    if (!x) return undefined
    l = { byKey: new Map(), byId: new Map() }
    for (const b of x.outgoing) {
      l.byId.set(b.id, b)
      const list = l.byKey.get(b.routing_key) ?? []
      list.push(b)
      l.byKey.set(b.routing_key, list)
    }
    lookups.set(name, l)
    return l
  }
  return {
    vhost,
    profile,
    routed,
    undecided,
    witness: (r) => witnessOf(r.entry, r.cls.key.key, r.cls.headers.headers),
    matchedAt(r, exchange) {
      const x = vhost.exchanges.get(exchange)
      const l = lookup(exchange)
      if (!x || !l) return []
      if (x.type === 'fanout') return [...x.outgoing]
      const out: BindingRecord[] = []
      if (x.type === 'topic')
        for (const id of r.cls.key.topic)
          out.push(...(l.byKey.get(r.space.topicPatterns[id] as string) ?? []))
      else if (x.type === 'direct')
        for (const id of r.cls.key.literal)
          out.push(...(l.byKey.get(r.space.literalKeys[id] as string) ?? []))
      else if (x.type === 'headers')
        for (const i of r.cls.headers.matched) {
          const b = l.byId.get(r.space.headerOwners[i] as string)
          if (b) out.push(b)
        }
      return out
    },
  }
}
