/**
 * Requirement checks: does a claim about every message hold? Requirements on one exchange share one
 * message space in which each requirement's key pattern and header set are whole classes; one witness
 * per class is routed by the ordinary router, and the first (shortest) class that breaks a requirement
 * is its counter-example. Past the budget with no counter-example, the answer is "undecided" with the
 * key lengths that were checked.
 */

import type { Broker, Vhost } from '../broker/model'
import type { Profile } from '../broker/profiles'
import type { AmqpTable, Requirement, SourceLocation } from '../broker/types'
import { printRequirement } from '../script/expect-statement'
import { toAmqpTable } from '../values/amqp-values'
import { routeWitness, type Witness, type WitnessRoute, witnessOf } from './class-route'
import { entryExchangeFor } from './entry-exchange'
import { type AnalysisBudget, DEFAULT_BUDGET, type MessageClass, shorter, spaceOf } from './message-space'
import { destinationPatterns, reachableExchanges } from './pattern-sets'

export interface RequirementInput {
  requirement: Requirement
  /** The line it was written on (script) … */
  loc?: SourceLocation
  /** … or its position in a scenario's `expect` list. */
  index?: number
}

export interface Counterexample extends Witness {
  /** Queues it reaches, in the router's order. */
  reached: string[]
  /** Exchanges it passed through (the entry first). */
  path: string[]
}

export interface RequirementResult {
  text: string
  requirement: Requirement
  loc?: SourceLocation
  index?: number
  /** null: undecided within the budget (or the requirement could not be checked: see `error`). */
  holds: boolean | null
  counterexample: Counterexample | null
  /** The exchange the messages were published to. */
  exchange?: string
  /** Why it could not be checked (unknown exchange, no entry exchange, bad headers). */
  error?: string
  /** When undecided: every key of at most this many words was checked. */
  checkedWords?: number
  /** Message classes routed for this requirement's exchange. */
  classes?: number
}

/** Is this class inside the requirement's message set? */
function inside(c: MessageClass, patternId: number, headerId: number | undefined): boolean {
  if (!c.key.topic.includes(patternId)) return false
  return headerId === undefined || c.headers.matched.includes(headerId)
}

function breaks(r: Requirement, isInside: boolean, reached: readonly string[]): boolean {
  switch (r.kind) {
    case 'reaches':
      return isInside && r.queues.some((q) => !reached.includes(q))
    case 'reaches_only':
      return (
        isInside && (reached.length !== new Set(r.queues).size || r.queues.some((q) => !reached.includes(q)))
      )
    case 'unroutable':
      return isInside && reached.length > 0
    case 'nothing_but':
      return !isInside && r.queues.some((q) => reached.includes(q))
  }
}

export function checkRequirements(
  broker: Broker,
  inputs: readonly RequirementInput[],
  budget: AnalysisBudget = DEFAULT_BUDGET,
): RequirementResult[] {
  const results: RequirementResult[] = inputs.map((input) => ({
    text: printRequirement(input.requirement),
    requirement: input.requirement,
    ...(input.loc ? { loc: input.loc } : {}),
    ...(input.index !== undefined ? { index: input.index } : {}),
    holds: null,
    counterexample: null,
  }))
  // Group by (vhost, exchange): one message space per group.
  const groups = new Map<string, { vhost: Vhost; exchange: string; members: number[] }>()
  results.forEach((res, i) => {
    const r = res.requirement
    const vhost = broker.vhosts.get(r.vhost ?? '/')
    if (!vhost) {
      res.error = `no vhost '${r.vhost}'`
      return
    }
    const entry = entryExchangeFor(vhost, r.exchange)
    if ('error' in entry) {
      res.error = entry.error
      return
    }
    res.exchange = entry.exchange
    const key = JSON.stringify([vhost.name, entry.exchange])
    const g = groups.get(key) ?? { vhost, exchange: entry.exchange, members: [] }
    g.members.push(i)
    groups.set(key, g)
  })
  for (const g of groups.values())
    checkGroup(
      g.vhost,
      broker.profile,
      g.exchange,
      g.members.map((i) => results[i] as RequirementResult),
      budget,
    )
  return results
}

/** Queues a message published to `exchange` could reach at all. */
function candidateQueues(vhost: Vhost, exchange: string): string[] {
  const out = new Set<string>()
  if (exchange === '') for (const q of vhost.queues.keys()) out.add(q)
  for (const name of reachableExchanges(vhost, [exchange], false)) {
    const x = vhost.exchanges.get(name)
    if (x) for (const b of x.outgoing) if (b.destination_type === 'queue') out.add(b.destination)
  }
  return [...out]
}

function checkGroup(
  vhost: Vhost,
  profile: Readonly<Profile>,
  exchange: string,
  members: RequirementResult[],
  budget: AnalysisBudget,
): void {
  const routes = new Map<string, WitnessRoute>()
  const routeOf = (c: MessageClass) => {
    const id = `${c.key.key}\u0000${JSON.stringify(c.headers.headers)}`
    let r = routes.get(id)
    if (!r) {
      r = routeWitness(vhost, profile, exchange, c.key.key, c.headers.headers)
      routes.set(id, r)
    }
    return r
  }
  const everywhere = candidateQueues(vhost, exchange)
  for (const m of members) {
    let headers: AmqpTable
    try {
      headers = toAmqpTable(m.requirement.headers ?? {})
    } catch (e) {
      m.error = `headers: ${e instanceof Error ? e.message : String(e)}`
      continue
    }
    const r = m.requirement
    const hasHeaders = Object.keys(headers).length > 0
    // Per destination: which queue, and what a breaking message does there.
    const tests: { queue: string; inside: boolean; reaches: boolean }[] = []
    if (r.kind === 'reaches' || r.kind === 'reaches_only')
      for (const q of r.queues) tests.push({ queue: q, inside: true, reaches: false })
    if (r.kind === 'reaches_only' || r.kind === 'unroutable')
      for (const q of everywhere)
        if (r.kind === 'unroutable' || !r.queues.includes(q))
          tests.push({ queue: q, inside: true, reaches: true })
    if (r.kind === 'nothing_but')
      for (const q of r.queues) tests.push({ queue: q, inside: false, reaches: true })
    let best: MessageClass | null = null
    let bestInside = false
    let complete = true
    let covered = Number.POSITIVE_INFINITY
    let classes = 0
    for (const t of tests) {
      const space = spaceOf([destinationPatterns(vhost, [exchange], `q:${t.queue}`)], profile, {
        extraPatterns: [r.key],
        extraHeaders: hasHeaders ? [headers] : [],
        budget,
      })
      let stopped = false
      for (const c of space.each()) {
        if (best && !shorter(c, best)) {
          stopped = true
          break
        }
        if (
          inside(c, space.extraTopic[0] as number, hasHeaders ? space.extraHeaders[0] : undefined) !==
          t.inside
        )
          continue
        if (routeOf(c).queues.includes(t.queue) !== t.reaches) continue
        best = c
        bestInside = t.inside
        stopped = true
        break
      }
      classes += space.count
      if (!stopped && !space.complete) {
        complete = false
        covered = Math.min(covered, space.coveredWords)
      }
    }
    m.classes = classes
    if (best) {
      const routed = routeOf(best)
      // The whole route must break the requirement too (a per-destination search found it).
      if (!breaks(r, bestInside, routed.queues))
        throw new Error(`analysis: the counter-example to ${m.text} does not break it when routed`)
      m.holds = false
      m.counterexample = {
        ...witnessOf(exchange, best.key.key, best.headers.headers),
        reached: routed.queues,
        path: routed.exchanges,
      }
    } else if (complete) m.holds = true
    else m.checkedWords = covered
  }
}
