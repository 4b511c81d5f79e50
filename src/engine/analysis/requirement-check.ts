/**
 * Requirement checks: does a claim about every message hold? Requirements on one exchange share one
 * message space in which each requirement's key pattern and header set are whole classes; one witness
 * per class is routed by the ordinary router, and the first (shortest) class that breaks a requirement
 * is its counter-example. Past the budget with no counter-example, the answer is "undecided" with the
 * key lengths that were checked.
 */
import { toAmqpTable } from '../amqp-values'
import type { Broker, Vhost } from '../model'
import type { Profile } from '../profiles'
import { printRequirement } from '../script/expect-statement'
import type { Requirement, SourceLocation } from '../types'
import { routeWitness, type Witness, witnessOf } from './class-route'
import { entryExchangeFor } from './entry-exchange'
import { type AnalysisBudget, DEFAULT_BUDGET, type MessageClass, messageSpace } from './message-space'

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

function checkGroup(
  vhost: Vhost,
  profile: Readonly<Profile>,
  exchange: string,
  members: RequirementResult[],
  budget: AnalysisBudget,
): void {
  const live: RequirementResult[] = []
  const headerSets = []
  for (const m of members) {
    try {
      headerSets.push(toAmqpTable(m.requirement.headers ?? {}))
      live.push(m)
    } catch (e) {
      m.error = `headers: ${e instanceof Error ? e.message : String(e)}`
    }
  }
  const space = messageSpace(vhost, profile, [exchange], {
    extraPatterns: live.map((m) => m.requirement.key),
    extraHeaders: headerSets.map((h) => h),
    budget,
  })
  const open = new Set(live.map((_, i) => i))
  for (const c of space.classes) {
    if (open.size === 0) break
    const routed = routeWitness(vhost, profile, exchange, c.key.key, c.headers.headers)
    for (const i of [...open]) {
      const m = live[i] as RequirementResult
      const hasHeaders = Object.keys(m.requirement.headers ?? {}).length > 0
      const isInside = inside(
        c,
        space.extraTopic[i] as number,
        hasHeaders ? space.extraHeaders[i] : undefined,
      )
      if (!breaks(m.requirement, isInside, routed.queues)) continue
      m.holds = false
      m.counterexample = {
        ...witnessOf(exchange, c.key.key, c.headers.headers),
        reached: routed.queues,
        path: routed.exchanges,
      }
      open.delete(i)
    }
  }
  live.forEach((m, i) => {
    m.classes = space.classes.length
    if (!open.has(i)) return
    if (space.complete) m.holds = true
    else m.checkedWords = space.coveredWords
  })
}
