/**
 * Topology diff: for every exchange a client can publish to (in either topology), which messages now
 * reach a queue or exchange that they did not before, and the reverse, each with its shortest witness
 * and both paths; and messages whose number of copies changes. The message classes separate every
 * message either topology routes apart, so routing one witness per class in both answers for all.
 */
import type { Broker, Vhost } from '../model'
import { publishableExchanges } from './analysis-broker'
import { routeWitness, type Witness, type WitnessRoute, witnessOf } from './class-route'
import { type AnalysisBudget, DEFAULT_BUDGET, messageSpace } from './message-space'

export interface RouteSide {
  queues: string[]
  path: string[]
  /** The exchange does not exist (or cannot be published to) in this topology. */
  missing?: true
}

export interface DiffChange {
  vhost: string
  exchange: string
  destination: string
  destination_type: 'queue' | 'exchange'
  change: 'gained' | 'lost'
  witness: Witness
  before: RouteSide
  after: RouteSide
}

export interface CopiesChange {
  vhost: string
  exchange: string
  /** Copies (distinct queues) before and after; 0 = unroutable. */
  copies_before: number
  copies_after: number
  witness: Witness
  before: RouteSide
  after: RouteSide
}

export interface DiffUndecided {
  vhost: string
  exchange: string
  /** Every key of at most this many words was compared (the rest was beyond the budget). */
  checked_words: number
  limit: string
}

export interface TopologyDiff {
  changes: DiffChange[]
  copies: CopiesChange[]
  undecided: DiffUndecided[]
  /** Message classes compared, over all exchanges. */
  classes: number
}

const EMPTY_VHOST: Vhost = {
  name: '',
  exchanges: new Map(),
  queues: new Map(),
  bindings: new Map(),
  lastQueue: null,
  policies: new Map(),
}

function side(publishable: boolean, r: WitnessRoute): RouteSide {
  if (!publishable) return { queues: [], path: [], missing: true }
  return { queues: r.queues, path: r.exchanges }
}

function destinations(r: RouteSide): Set<string> {
  const out = new Set<string>()
  for (const q of r.queues) out.add(`q:${q}`)
  for (const x of r.path.slice(1)) out.add(`x:${x}`)
  return out
}

export function diffTopologies(
  before: Broker,
  after: Broker,
  budget: AnalysisBudget = DEFAULT_BUDGET,
): TopologyDiff {
  const result: TopologyDiff = { changes: [], copies: [], undecided: [], classes: 0 }
  const vhostNames = [...new Set([...before.vhosts.keys(), ...after.vhosts.keys()])].sort()
  for (const name of vhostNames) {
    const a = before.vhosts.get(name) ?? { ...EMPTY_VHOST, name }
    const b = after.vhosts.get(name) ?? { ...EMPTY_VHOST, name }
    const pa = new Set(publishableExchanges(a))
    const pb = new Set(publishableExchanges(b))
    const entries = [...new Set([...pa, ...pb])]
    for (const exchange of entries) {
      const space = messageSpace([a, b], after.profile, [exchange], { budget })
      result.classes += space.classes.length
      const seen = new Set<string>()
      const copiesSeen = new Set<string>()
      for (const c of space.classes) {
        const ra = side(
          pa.has(exchange),
          routeWitness(a, before.profile, exchange, c.key.key, c.headers.headers),
        )
        const rb = side(
          pb.has(exchange),
          routeWitness(b, after.profile, exchange, c.key.key, c.headers.headers),
        )
        const da = destinations(ra)
        const db = destinations(rb)
        const witness = witnessOf(exchange, c.key.key, c.headers.headers)
        const note = (dest: string, change: 'gained' | 'lost') => {
          const id = `${change}|${dest}`
          if (seen.has(id)) return
          seen.add(id)
          result.changes.push({
            vhost: name,
            exchange,
            destination: dest.slice(2),
            destination_type: dest.startsWith('q:') ? 'queue' : 'exchange',
            change,
            witness,
            before: ra,
            after: rb,
          })
        }
        for (const d of db) if (!da.has(d)) note(d, 'gained')
        for (const d of da) if (!db.has(d)) note(d, 'lost')
        if (ra.queues.length !== rb.queues.length) {
          const id = `${ra.queues.length}>${rb.queues.length}`
          if (!copiesSeen.has(id)) {
            copiesSeen.add(id)
            result.copies.push({
              vhost: name,
              exchange,
              copies_before: ra.queues.length,
              copies_after: rb.queues.length,
              witness,
              before: ra,
              after: rb,
            })
          }
        }
      }
      if (!space.complete)
        result.undecided.push({
          vhost: name,
          exchange,
          checked_words: space.coveredWords,
          limit: space.limit ?? '',
        })
    }
  }
  return result
}
