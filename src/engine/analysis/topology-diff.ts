/**
 * Topology diff: for every exchange a client can publish to (in either topology), which messages now
 * reach a queue or exchange that they did not before, and the reverse, each with its shortest witness
 * and both paths; and messages whose number of copies changes. The message classes separate every
 * message either topology routes apart, so routing one witness per class in both answers for all.
 * Each destination is asked on its own, over the bindings that decide it in either topology; one whose
 * bindings are the same in both is skipped. Copy-count changes are reported from the witnesses of
 * gained and lost destinations (a count changes only where some destination does).
 */
import type { Broker, Vhost } from '../broker/model'
import { alternateOf, publishableExchanges } from './analysis-broker'
import { routeWitness, type Witness, type WitnessRoute, witnessOf } from './class-route'
import { type AnalysisBudget, DEFAULT_BUDGET, type MessageClass, spaceOf } from './message-space'
import { destinationPatterns, type PatternSet, patternSignature, reachableExchanges } from './pattern-sets'

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

/** Destinations a message published to `exchange` could reach (queues and exchanges). */
function candidates(vhost: Vhost, exchange: string): string[] {
  const out = new Set<string>()
  if (exchange === '') for (const q of vhost.queues.keys()) out.add(`q:${q}`)
  for (const name of reachableExchanges(vhost, [exchange], false)) {
    if (name !== exchange) out.add(`x:${name}`)
    const x = vhost.exchanges.get(name)
    if (x) for (const b of x.outgoing) out.add(b.destKey)
  }
  return [...out]
}

/** What decides a destination in one topology: its bindings and the alternate exchanges around them. */
function decidedBy(vhost: Vhost, exchange: string, dest: string): { set: PatternSet; signature: string } {
  const set = destinationPatterns(vhost, [exchange], dest)
  const alternates = [...reachableExchanges(vhost, [exchange], false)]
    .sort()
    .map((n) => `${n}>${alternateOf(vhost, n)?.name ?? ''}`)
    .join(',')
  const x = vhost.exchanges.get(exchange)
  return { set, signature: patternSignature(set, `${alternates}|${x?.internal ?? 'none'}`) }
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
    for (const exchange of [...new Set([...pa, ...pb])]) {
      const copiesSeen = new Set<string>()
      let undecided: DiffUndecided | null = null
      const routeBoth = (c: MessageClass) => ({
        ra: side(pa.has(exchange), routeWitness(a, before.profile, exchange, c.key.key, c.headers.headers)),
        rb: side(pb.has(exchange), routeWitness(b, after.profile, exchange, c.key.key, c.headers.headers)),
      })
      const dests = [...new Set([...candidates(a, exchange), ...candidates(b, exchange)])].sort()
      for (const dest of dests) {
        const da = decidedBy(a, exchange, dest)
        const db = decidedBy(b, exchange, dest)
        // Decided by the same bindings in both: no message can change there.
        if (pa.has(exchange) === pb.has(exchange) && da.signature === db.signature) continue
        const space = spaceOf([da.set, db.set], after.profile, { budget })
        const found = { gained: false, lost: false }
        for (const c of space.each()) {
          if (found.gained && found.lost) break
          const { ra, rb } = routeBoth(c)
          const inA = destinations(ra).has(dest)
          const inB = destinations(rb).has(dest)
          if (inA === inB) continue
          const change = inB ? 'gained' : 'lost'
          if (found[change]) continue
          found[change] = true
          const witness = witnessOf(exchange, c.key.key, c.headers.headers)
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
          // Copies can change only for a message whose destinations change: look at each witness.
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
        result.classes += space.count
        // Past the budget, a kind of change not found yet may still exist.
        if (
          !(found.gained && found.lost) &&
          !space.complete &&
          (!undecided || space.coveredWords < undecided.checked_words)
        )
          undecided = { vhost: name, exchange, checked_words: space.coveredWords, limit: space.limit ?? '' }
      }
      if (undecided) result.undecided.push(undecided)
    }
  }
  result.changes.sort((x, y) => (x.exchange < y.exchange ? -1 : x.exchange > y.exchange ? 1 : 0))
  return result
}
