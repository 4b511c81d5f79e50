/**
 * The scenario runner's queues: where a routed publish ends up once queue limits, TTL and
 * dead-lettering have had their say (no consumers, no clock: time stands at 0, so only a TTL of 0
 * expires). Dead-letterings are handled after the publish's own deliveries and in the order they
 * happen, as the broker's queue processes send them on asynchronously.
 */

import { effectiveFor, limitsOf, type QueueLimits } from '../broker/effective-args'
import type { Broker, QueueRecord, Vhost } from '../broker/model'
import { type AdmitContext, admit, dropHead, type HoldingQueue } from '../broker/queue-limits'
import { queueTypeOf } from '../broker/queue-types'
import type {
  DeadLetterHop,
  DeathReason,
  EffectiveArg,
  MessageContent,
  PublishExplanation,
  QueueAdmission,
  QueuedMessage,
} from '../broker/types'
import { routeDeadLetter } from './dead-letter'

/** More dead-letterings than this in one publish would mean a loop the cycle rule missed. */
const MAX_DEATHS = 10_000

function holding(vhost: Vhost, q: QueueRecord): HoldingQueue & { plain: boolean; effective: EffectiveArg[] } {
  const { effective } = effectiveFor(vhost.policies, 'queue', q.name, q.arguments)
  const limits = limitsOf(effective, queueTypeOf(q.arguments))
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
type Pending = { q: HoldingQueue; m: QueuedMessage; reason: DeathReason }[]

/** Admission into the vhost's queues, collecting the messages that leave on the way. */
function admitter(vhost: Vhost) {
  const pending: Pending = []
  const ctx: AdmitContext = { now: 0, leave: (q, m, reason) => pending.push({ q, m, reason }) }
  const state = { settings: false }
  const enter = (name: string, id: string, c: MessageContent, from?: number): QueueAdmission | null => {
    const q = vhost.queues.get(name)
    if (!q) return null
    const h = holding(vhost, q)
    if (h.plain) return admit(ctx, h, id, c, from)
    state.settings = true
    return { ...admit(ctx, h, id, c, from), settings: h.effective }
  }
  return { pending, ctx, state, enter }
}

export function storePublished(
  broker: Broker,
  vhost: Vhost,
  e: PublishExplanation,
  content: MessageContent,
  origin?: number,
): void {
  const { pending, state, enter } = admitter(vhost)
  const admissions = e.queues.map((d) => enter(d.queue, e.id, content, origin)).filter((a) => a !== null)
  const deadLetters = settleDeaths(broker, vhost, pending, enter)
  // Shown when a queue had settings in force (limits, TTL, priorities, dead-lettering).
  if (state.settings) e.admissions = admissions
  if (deadLetters.length > 0) e.deadLetters = deadLetters
  if (admissions.some((a) => a.result === 'rejected')) e.confirm = 'nack'
}

/** Routes every pending dead-lettering (and those it causes) in the order they happen. */
function settleDeaths(
  broker: Broker,
  vhost: Vhost,
  pending: Pending,
  enter: ReturnType<typeof admitter>['enter'],
): DeadLetterHop[] {
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
  return deadLetters
}

/** Each queue's overflow mode now: what a policy change is judged against (trimAfterPolicy). */
export function overflowModes(vhost: Vhost): Map<string, QueueLimits['overflow']> {
  return new Map([...vhost.queues.values()].map((q) => [q.name, holding(vhost, q).limits.overflow]))
}

/**
 * After a policy is set or cleared, a queue re-reads its settings (rabbit_amqqueue_process,
 * process_args_policy): the new length limits drop its head while it is over them — in drop-head
 * mode, and the broker applies the new limits while the old overflow mode is still in force, then
 * the new mode (whose drop-head trims too). So a queue trims unless it was and stays reject-publish
 * (-dlx): then it may stay over its limit. The heads leave with reason maxlen through the new
 * dead-letter exchange. `before`: overflowModes() before the change.
 */
export function trimAfterPolicy(
  broker: Broker,
  vhost: Vhost,
  before: ReadonlyMap<string, QueueLimits['overflow']>,
): DeadLetterHop[] {
  const { pending, ctx, enter } = admitter(vhost)
  for (const q of vhost.queues.values()) {
    const h = holding(vhost, q)
    if (h.plain || (before.get(q.name) !== 'drop-head' && h.limits.overflow !== 'drop-head')) continue
    dropHead(ctx, { ...h, limits: { ...h.limits, overflow: 'drop-head' }, ready: q.messages })
  }
  return settleDeaths(broker, vhost, pending, enter)
}
