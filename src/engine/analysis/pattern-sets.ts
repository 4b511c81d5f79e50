/**
 * Which bindings can matter for a question. A message reaches a destination iff some path of matching
 * bindings (or alternate-exchange hops, taken when an exchange routes nothing) leads there from the
 * entry, so "does it reach D?" depends only on the bindings on paths to D — plus every binding of an
 * exchange whose alternate exchange lies on such a path (its "routed nothing" decides the hop). Asking
 * per destination keeps each message space small even when one exchange holds 10,000 bindings.
 */
import type { BindingRecord, ExchangeRecord, Vhost } from '../broker/model'
import type { AmqpTable } from '../broker/types'
import { alternateOf, deadLetterOf } from './analysis-broker'

export interface PatternSet {
  topic: string[]
  literal: string[]
  headers: { arguments: AmqpTable; owner: string }[]
  /** The bindings themselves (source, destination, key, arguments): the structure, for signatures. */
  edges: string[]
}

export const emptyPatterns = (): PatternSet => ({ topic: [], literal: [], headers: [], edges: [] })

function addBinding(set: PatternSet, x: ExchangeRecord, b: BindingRecord): void {
  set.edges.push(`${x.type}|${b.identity}`)
  if (x.type === 'topic') set.topic.push(b.routing_key)
  else if (x.type === 'direct') set.literal.push(b.routing_key)
  else if (x.type === 'headers') set.headers.push({ arguments: b.arguments, owner: b.id })
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

/** Every binding of every exchange reachable from `entries`. */
export function closurePatterns(vhost: Vhost, entries: readonly string[], deadLetters: boolean): PatternSet {
  const set = emptyPatterns()
  const closure = reachableExchanges(vhost, entries, deadLetters)
  // A default exchange reached by publishing or dead-lettering looks the key up as a queue name.
  if (closure.has('') && (entries.includes('') || deadLetters)) set.literal.push(...vhost.queues.keys())
  for (const name of closure) {
    const x = vhost.exchanges.get(name)
    if (x) for (const b of x.outgoing) addBinding(set, x, b)
  }
  return set
}

/** `q:NAME` or `x:NAME`. */
export type DestKey = string

/**
 * The bindings that decide whether a message published to `entries` reaches `dest` (and, for an
 * exchange destination, is routed through it).
 */
export function destinationPatterns(vhost: Vhost, entries: readonly string[], dest: DestKey): PatternSet {
  const set = emptyPatterns()
  const forward = reachableExchanges(vhost, entries, false)
  // Exchanges from which `dest` can be reached (backwards over bindings and alternate exchanges).
  const leads = new Set<string>()
  if (dest.startsWith('x:')) leads.add(dest.slice(2))
  let grew = true
  while (grew) {
    grew = false
    for (const name of forward) {
      if (leads.has(name)) continue
      const x = vhost.exchanges.get(name)
      if (!x) continue
      const ae = alternateOf(vhost, name)
      const toDest = [...x.outgoing].some(
        (b) => b.destKey === dest || (b.destination_type === 'exchange' && leads.has(b.destination)),
      )
      if (toDest || (ae && leads.has(ae.name))) {
        leads.add(name)
        grew = true
      }
    }
  }
  if (dest.startsWith('q:') && entries.includes('') && vhost.queues.has(dest.slice(2)))
    set.literal.push(dest.slice(2))
  for (const name of leads) {
    const x = vhost.exchanges.get(name)
    if (!x || !forward.has(name) || `x:${name}` === dest) continue
    const ae = alternateOf(vhost, name)
    // Its alternate exchange leads there: whether it routes nothing depends on all its bindings.
    const all = ae !== null && leads.has(ae.name)
    for (const b of x.outgoing)
      if (all || b.destKey === dest || (b.destination_type === 'exchange' && leads.has(b.destination)))
        addBinding(set, x, b)
  }
  return set
}

/** A stable text of a pattern set, to tell whether two topologies decide a destination alike. */
export function patternSignature(set: PatternSet, alternates: string): string {
  return JSON.stringify([[...set.edges].sort(), [...set.literal].sort(), alternates])
}
