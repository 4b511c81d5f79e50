/**
 * The simulation's queues meet the engine's queue rules (queue-limits.ts): their settings come from
 * the topology (arguments and policies), a message that leaves (expired, maxlen, rejected) is
 * recorded and, when the queue has a dead-letter exchange, queued for dead-lettering. The pending
 * dead-letterings of a step are routed at its end, in the order they happened, as the broker's queue
 * processes send them on after the step's own work.
 */
import { limitsOf, type QueueLimits } from '../effective-args'
import { type AdmitContext, admit, dropExpired, dropHead, type HoldingQueue } from '../queue-limits'
import type { DeathReason, MessageContent, QueueAdmission, QueuedMessage } from '../types'
import { dispatch } from './dispatch'
import { fateOf, setCopy } from './sim-state'
import type { SimQueue, SimState } from './sim-types'
import type { PendingDeath, StepContext } from './step-context'

export function limitsFor(s: SimState, q: SimQueue): QueueLimits {
  const t = s.topology.queues.find((x) => x.name === q.name && x.vhost === q.vhost)
  return limitsOf(t?.effective ?? [])
}

function holding(s: SimState, q: SimQueue): HoldingQueue {
  return {
    name: q.name,
    limits: limitsFor(s, q),
    ready: q.ready,
    get nextSeq() {
      return q.nextSeq
    },
    set nextSeq(n: number) {
      q.nextSeq = n
    },
  }
}

const STATUS = { expired: 'expired', maxlen: 'overflowed', rejected: 'discarded' } as const

/**
 * A copy leaves its queue: record it, and queue the dead-lettering when there is a DLX (`limits`:
 * the queue's at that moment). `refused`: it never got in (x-overflow reject-publish-dlx).
 */
export function leave(
  ctx: StepContext,
  q: SimQueue,
  m: QueuedMessage,
  why: { reason: DeathReason; limits: QueueLimits; refused?: boolean },
): void {
  const { events } = ctx
  const { reason, limits, refused = false } = why
  if (reason === 'expired') events.push({ kind: 'expired', message: m.id, queue: q.name })
  if (reason === 'maxlen')
    events.push({ kind: 'overflow', message: m.id, queue: q.name, how: refused ? 'refused' : 'dropped-head' })
  const dlx = limits.deadLetterExchange
  const status = refused ? 'refused' : dlx ? 'dead-lettered' : STATUS[reason]
  setCopy(ctx.state, m.id, q.name, { status, reason, consumer: null })
  if (dlx) ctx.deaths.push({ queue: q, limits, message: m, reason })
}

function context(ctx: StepContext, q: SimQueue, deliver: boolean): AdmitContext {
  const s = ctx.state
  return {
    now: s.now,
    leave: (h, m, reason, refused) => leave(ctx, q, m, { reason, limits: h.limits, refused }),
    arrival: () => {
      s.arrivals = (s.arrivals ?? 0) + 1
      return s.arrivals
    },
    deliverNow: deliver
      ? (_, m) => {
          dispatch(ctx, q, false)
          return !q.ready.includes(m)
        }
      : undefined,
  }
}

/** A message arrives (publish or dead-lettering): record its copy, then apply the queue's rules. */
export function arrive(
  ctx: StepContext,
  q: SimQueue,
  m: { id: string; content: MessageContent; from?: string },
): QueueAdmission {
  const { state: s, events } = ctx
  const { id, content, from } = m
  const fate = fateOf(s, id)
  fate?.copies.push({
    queue: q.name,
    status: 'ready',
    consumer: null,
    deliveries: 0,
    ...(from ? { from } : {}),
  })
  const at = events.length
  events.push({ kind: 'enqueued', message: id, queue: q.name })
  const h = holding(s, q)
  const effective = s.topology.queues.find((x) => x.name === q.name && x.vhost === q.vhost)?.effective
  const a: QueueAdmission = {
    ...admit(context(ctx, q, true), h, id, content),
    ...(effective ? { settings: effective } : {}),
  }
  if (a.result !== 'rejected') return a
  // It never got in: no "enqueued" (reject-publish-dlx has recorded its refusal in leave()).
  events.splice(at, 1)
  if (h.limits.overflow === 'reject-publish') {
    events.push({ kind: 'overflow', message: id, queue: q.name, how: 'refused' })
    setCopy(s, id, q.name, { status: 'refused', reason: 'maxlen' })
  }
  return a
}

/** Expired heads leave (after a fetch, a requeue or a clock tick). */
export function tidy(ctx: StepContext, q: SimQueue): void {
  dropExpired(context(ctx, q, false), holding(ctx.state, q))
}

/** The head leaves, expired (the clock: one message at a time, in arrival order). */
export function expireHead(ctx: StepContext, q: SimQueue): void {
  const m = q.ready.shift()
  if (m) leave(ctx, q, m, { reason: 'expired', limits: limitsFor(ctx.state, q) })
}

/**
 * Over a length limit (after a requeue or a policy change): the head goes, then expired heads.
 * `wasDropHead`: after a policy change, whether the queue's overflow mode was drop-head before it —
 * the broker applies the new limits under the old mode, then the new one (see trimAfterPolicy in
 * message-store.ts), so a queue that was and stays reject-publish keeps its messages.
 */
export function trim(ctx: StepContext, q: SimQueue, wasDropHead = false): void {
  const h = holding(ctx.state, q)
  const admit = context(ctx, q, false)
  dropHead(admit, wasDropHead ? { ...h, limits: { ...h.limits, overflow: 'drop-head' } } : h)
  dropExpired(admit, h)
}

/** Route every pending dead-lettering of this step (and those they cause) through the engine. */
export function settleDeaths(ctx: StepContext): void {
  const { state: s, port, events } = ctx
  // Dead-letterings these cause are appended to the same list, and routed in this loop too.
  const list = ctx.deaths
  for (let i = 0; i < list.length && i < 10_000; i++) {
    const d = list[i] as PendingDeath
    const dlx = d.limits.deadLetterExchange
    if (!dlx || !port.deadLetter) continue
    const routed = port.deadLetter({
      vhost: d.queue.vhost,
      message: d.message.id,
      content: d.message.content,
      reason: d.reason,
      queue: d.queue.name,
      target: { exchange: dlx.name, from: dlx.from, routingKey: d.limits.deadLetterRoutingKey },
      now: s.now,
    })
    events.push({
      kind: 'dead-lettered',
      message: d.message.id,
      queue: d.queue.name,
      reason: d.reason,
      hop: routed.hop,
    })
    for (const t of routed.hop.queues) {
      const target = s.queues.find((x) => x.name === t.queue && x.vhost === d.queue.vhost)
      if (target)
        routed.hop.admissions.push(
          arrive(ctx, target, { id: d.message.id, content: routed.content, from: d.queue.name }),
        )
    }
  }
  ctx.deaths = []
}
