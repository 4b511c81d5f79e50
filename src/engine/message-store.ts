/**
 * The scenario runner's queues: where a routed publish ends up once queue limits, TTL and
 * dead-lettering have had their say (no consumers, no clock: time stands at 0, so only a TTL of 0
 * expires). Dead-letterings are handled after the publish's own deliveries and in the order they
 * happen, as the broker's queue processes send them on asynchronously.
 */
import { routeDeadLetter } from './dead-letter'
import { effectiveFor, limitsOf } from './effective-args'
import type { Broker, QueueRecord, Vhost } from './model'
import { type AdmitContext, admit, type HoldingQueue } from './queue-limits'
import type {
  DeadLetterHop,
  DeathReason,
  EffectiveArg,
  MessageContent,
  PublishExplanation,
  QueueAdmission,
  QueuedMessage,
} from './types'

/** More dead-letterings than this in one publish would mean a loop the cycle rule missed. */
const MAX_DEATHS = 10_000

export function holding(
  vhost: Vhost,
  q: QueueRecord,
): HoldingQueue & { plain: boolean; effective: EffectiveArg[] } {
  const { effective } = effectiveFor(vhost.policies, 'queue', q.name, q.arguments)
  const limits = limitsOf(effective)
  return {
    /** No setting in force: a message is simply appended. */
    plain: effective.length === 0,
    effective,
    name: q.name,
    limits,
    ready: q.messages,
    get nextSeq() {
      return q.nextSeq
    },
    set nextSeq(n: number) {
      q.nextSeq = n
    },
  }
}

/**
 * Enqueue a routed publish in its target queues; fills admissions, deadLetters and confirm.
 * `origin`: the publish's index in the run, kept on each message (and on its dead-letterings).
 */
export function storePublished(
  broker: Broker,
  vhost: Vhost,
  e: PublishExplanation,
  content: MessageContent,
  origin?: number,
): void {
  const pending: { q: HoldingQueue; m: QueuedMessage; reason: DeathReason }[] = []
  const ctx: AdmitContext = { now: 0, leave: (q, m, reason) => pending.push({ q, m, reason }) }
  let settings = false
  const enter = (name: string, id: string, c: MessageContent, from?: number): QueueAdmission | null => {
    const q = vhost.queues.get(name)
    if (!q) return null
    const h = holding(vhost, q)
    if (h.plain) return admit(ctx, h, id, c, from)
    settings = true
    return { ...admit(ctx, h, id, c, from), settings: h.effective }
  }
  const admissions = e.queues.map((d) => enter(d.queue, e.id, content, origin)).filter((a) => a !== null)
  const deadLetters: DeadLetterHop[] = []
  for (let i = 0; i < pending.length && i < MAX_DEATHS; i++) {
    const { q, m, reason } = pending[i] as (typeof pending)[number]
    const dlx = q.limits.deadLetterExchange
    if (!dlx) continue
    const target = { exchange: dlx.name, from: dlx.from, routingKey: q.limits.deadLetterRoutingKey }
    const { hop, content: next } = routeDeadLetter(
      vhost,
      m.id,
      m.content,
      reason,
      q.name,
      target,
      broker.profile,
      0,
      broker.explain,
    )
    if (m.origin !== undefined) hop.origin = m.origin
    for (const d of hop.queues) {
      const a = enter(d.queue, m.id, next, m.origin)
      if (a) hop.admissions.push(a)
    }
    deadLetters.push(hop)
  }
  // Shown when a queue had settings in force (limits, TTL, priorities, dead-lettering).
  if (settings) e.admissions = admissions
  if (deadLetters.length > 0) e.deadLetters = deadLetters
  if (admissions.some((a) => a.result === 'rejected')) e.confirm = 'nack'
}
