/**
 * Turns the engine's PublishExplanation into short, language-neutral facts the UI renders as
 * sentences: why each binding did or did not match, and — after a wrong answer — the facts that
 * separate the learner's answer from the right one.
 */
import type { BindingEvaluation, PublishExplanation, Scenario } from '../engine'
import { topicStop } from '../explain/routing-reason'
import type { Grade } from './answer'
import { runScenario } from './engine-run'

export type Fact =
  | {
      kind: 'topic'
      b: BindingEvaluation
      key: string
      matched: boolean
      patternWord?: string
      keyWord?: string
    }
  | { kind: 'direct'; b: BindingEvaluation; key: string; matched: boolean }
  | { kind: 'fanout'; b: BindingEvaluation }
  | {
      kind: 'headers'
      b: BindingEvaluation
      xMatch: string
      rows: { key: string; want: string; got: string | null; result: boolean; considered: boolean }[]
    }
  | { kind: 'default'; key: string; queueExists: boolean }
  | { kind: 'not-reached'; queue: string }
  | { kind: 'alternate'; exchange: string; ae: string; status: string }
  | { kind: 'mandatory'; mandatory: boolean; outcome: string }
  | { kind: 'contrast'; queue: string; key: string }
  | { kind: 'unvisited'; binding: string; exchange: string }
  /** The message left `queue` at once (TTL 0, x-max-length) or was refused there (reject-publish). */
  | { kind: 'left'; queue: string; how: 'expired' | 'dropped' | 'rejected'; dlx: string | null }
  /** Its dead-lettering from `from` through `exchange` reached `queue` (or nothing, queue null). */
  | { kind: 'dead-lettered'; from: string; exchange: string; queue: string | null; outcome: string }

function valueText(v: { type: string; value: unknown } | undefined): string | null {
  if (!v) return null
  return v.type === 'void' ? '(void)' : typeof v.value === 'string' ? v.value : JSON.stringify(v.value)
}

export function bindingFact(b: BindingEvaluation, key: string): Fact {
  const r = b.reason
  if (r.kind === 'fanout') return { kind: 'fanout', b }
  if (r.kind === 'direct') return { kind: 'direct', b, key, matched: b.matched }
  if (r.kind === 'headers') {
    const rows = r.rows.map((row) => ({
      key: row.key,
      want: valueText(row.bindingValue) ?? '',
      got: valueText(row.messageValue),
      result: row.result,
      considered: row.considered,
    }))
    return { kind: 'headers', b, xMatch: r.xMatch, rows }
  }
  const t = r.perKey.find((p) => p.routingKey === key) ?? r.perKey[0]
  const fact: Fact = { kind: 'topic', b, key, matched: b.matched }
  // where the match stopped, read as the why panel reads it
  const stop = t && !t.matched && t.failedAt ? topicStop(t) : null
  if (stop?.kind === 'mismatch') Object.assign(fact, { patternWord: stop.pattern, keyWord: stop.word })
  else if (stop?.kind === 'key-short') fact.patternWord = stop.pattern
  else if (stop?.kind === 'pattern-short' && t?.failedAt?.keyIndex != null) fact.keyWord = stop.word
  return fact
}

/** Every fact of the route, in the order the engine visited exchanges. */
export function routeFacts(p: PublishExplanation): Fact[] {
  const key = p.routingKeys[0] ?? ''
  const facts: Fact[] = []
  for (const hop of p.hops) {
    for (const l of hop.defaultLookups ?? [])
      facts.push({ kind: 'default', key: l.routingKey, queueExists: l.queueExists })
    for (const ev of hop.evaluations) facts.push(bindingFact(ev, key))
    if (hop.alternate && hop.alternate.status !== 'not-needed')
      facts.push({
        kind: 'alternate',
        exchange: hop.exchange,
        ae: hop.alternate.name,
        status: hop.alternate.status,
      })
  }
  if (p.queues.length === 0)
    facts.push({ kind: 'mandatory', mandatory: p.mandatory, outcome: p.outcome.kind })
  facts.push(...queueFacts(p))
  return facts
}

/** What the queues did with the message and where its dead-letterings went. */
function queueFacts(p: PublishExplanation): Fact[] {
  const out: Fact[] = []
  const dlxOf = (queue: string) =>
    p.deadLetters?.find((h) => h.message === p.id && h.queue === queue)?.exchange ?? null
  for (const a of p.admissions ?? [])
    if (a.result === 'expired' || a.result === 'dropped' || a.result === 'rejected')
      out.push({ kind: 'left', queue: a.queue, how: a.result, dlx: dlxOf(a.queue) })
  for (const h of p.deadLetters ?? []) {
    if (h.message !== p.id) continue
    const reached = h.admissions.filter((a) => a.result === 'enqueued' || a.result === 'delivered')
    if (reached.length === 0)
      out.push({
        kind: 'dead-lettered',
        from: h.queue,
        exchange: h.exchange,
        queue: null,
        outcome: h.outcome,
      })
    for (const a of reached)
      out.push({
        kind: 'dead-lettered',
        from: h.queue,
        exchange: h.exchange,
        queue: a.queue,
        outcome: h.outcome,
      })
  }
  return out
}

function factsForQueue(p: PublishExplanation, queue: string): Fact[] {
  const key = p.routingKeys[0] ?? ''
  const out: Fact[] = []
  for (const hop of p.hops) {
    for (const l of hop.defaultLookups ?? [])
      if (l.routingKey === queue) out.push({ kind: 'default', key: l.routingKey, queueExists: l.queueExists })
    for (const ev of hop.evaluations)
      if (ev.destinationType === 'queue' && ev.destination === queue) out.push(bindingFact(ev, key))
  }
  return out
}

/**
 * A routing key that does reach `queue`, found by asking the engine about the minimal instance of each
 * key bound to it (topic `*` → one word, `#` → none; other keys as they are). Null when none works.
 */
function contrastKey(scenario: Scenario, queue: string): string | null {
  const patterns = (scenario.bindings ?? []).filter((b) => b.destination === queue).map((b) => b.routing_key)
  for (const pattern of patterns) {
    const key = pattern
      .split('.')
      .filter((w) => w !== '#')
      .map((w) => (w === '*' ? 'x' : w))
      .join('.')
    const probe = {
      ...scenario,
      publishes: (scenario.publishes ?? []).map((p) => ({ ...p, routing_key: key })),
    }
    try {
      const got = runScenario(probe).publishes[0]?.queues.some((q) => q.queue === queue)
      if (got && key !== scenario.publishes?.[0]?.routing_key) return key
    } catch {
      // not a topic-shaped pattern for this exchange; try the next one
    }
  }
  return null
}

/** The facts that separate a wrong guess from the engine's answer. */
export function separatingFacts(scenario: Scenario, p: PublishExplanation, grade: Grade): Fact[] {
  const facts: Fact[] = []
  for (const q of grade.extra) {
    const own = factsForQueue(p, q)
    facts.push(...(own.length ? own : [{ kind: 'not-reached', queue: q } as Fact]))
    const key = contrastKey(scenario, q)
    if (key !== null) facts.push({ kind: 'contrast', queue: q, key })
  }
  for (const q of grade.missing) {
    const own = factsForQueue(p, q).filter((f) =>
      f.kind === 'default' ? f.queueExists : 'b' in f ? f.b.matched : true,
    )
    facts.push(...own)
    for (const hop of p.hops)
      if (
        hop.via.kind === 'alternate' &&
        p.queues.some((d) => d.queue === q && d.reachedBy.some((r) => r.exchange === hop.exchange))
      )
        facts.push({ kind: 'alternate', exchange: hop.via.from, ae: hop.exchange, status: 'used' })
  }
  if (grade.outcomeWrong) facts.push({ kind: 'mandatory', mandatory: p.mandatory, outcome: p.outcome.kind })
  // Queue arguments explain marks the routing facts cannot: a queue the message left or never got
  // into, and a queue only its dead-lettering reached.
  const marked = new Set([...grade.extra, ...grade.missing])
  for (const f of queueFacts(p))
    if (
      (f.kind === 'left' && marked.has(f.queue)) ||
      (f.kind === 'dead-lettered' && (f.queue === null || marked.has(f.queue)))
    )
      facts.push(f)
  return facts
}
