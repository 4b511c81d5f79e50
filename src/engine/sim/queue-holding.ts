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
import type { RoutingPort } from './routing-port'
import { fateOf, setCopy } from './sim-state'
import type { SimEvent, SimQueue, SimState } from './sim-types'

/** A copy that left a queue with a dead-letter exchange, waiting to be routed. */
interface PendingDeath {
  queue: SimQueue
  limits: QueueLimits
  message: QueuedMessage
  reason: DeathReason
}

/** Per step (each step works on its own state object). */
const pending = new WeakMap<SimState, PendingDeath[]>()

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

/** A copy leaves its queue: record it, and queue the dead-lettering when there is a DLX. */
export function leave(
  s: SimState,
  q: SimQueue,
  limits: QueueLimits,
  m: QueuedMessage,
  reason: DeathReason,
  events: SimEvent[],
  refused = false,
): void {
  if (reason === 'expired') events.push({ kind: 'expired', message: m.id, queue: q.name })
  if (reason === 'maxlen')
    events.push({ kind: 'overflow', message: m.id, queue: q.name, how: refused ? 'refused' : 'dropped-head' })
  const dlx = limits.deadLetterExchange
  const status = refused ? 'refused' : dlx ? 'dead-lettered' : STATUS[reason]
  setCopy(s, m.id, q.name, { status, reason, consumer: null })
  if (!dlx) return
  const list = pending.get(s) ?? []
  list.push({ queue: q, limits, message: m, reason })
  pending.set(s, list)
}

function context(s: SimState, q: SimQueue, events: SimEvent[], deliver: boolean): AdmitContext {
  return {
    now: s.now,
    leave: (h, m, reason, refused) => leave(s, q, h.limits, m, reason, events, refused),
    arrival: () => {
      s.arrivals = (s.arrivals ?? 0) + 1
      return s.arrivals
    },
    deliverNow: deliver
      ? (_, m) => {
          dispatch(s, q, events, false)
          return !q.ready.includes(m)
        }
      : undefined,
  }
}

/** A message arrives (publish or dead-lettering): record its copy, then apply the queue's rules. */
export function arrive(
  s: SimState,
  q: SimQueue,
  id: string,
  content: MessageContent,
  events: SimEvent[],
  from?: string,
): QueueAdmission {
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
    ...admit(context(s, q, events, true), h, id, content),
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
export function tidy(s: SimState, q: SimQueue, events: SimEvent[]): void {
  dropExpired(context(s, q, events, false), holding(s, q))
}

/** The head leaves, expired (the clock: one message at a time, in arrival order). */
export function expireHead(s: SimState, q: SimQueue, events: SimEvent[]): void {
  const h = holding(s, q)
  const m = q.ready.shift()
  if (m) leave(s, q, h.limits, m, 'expired', events)
}

/**
 * Over a length limit (after a requeue or a policy change): the head goes, then expired heads.
 * `wasDropHead`: after a policy change, whether the queue's overflow mode was drop-head before it —
 * the broker applies the new limits under the old mode, then the new one (see trimAfterPolicy in
 * message-store.ts), so a queue that was and stays reject-publish keeps its messages.
 */
export function trim(s: SimState, q: SimQueue, events: SimEvent[], wasDropHead = false): void {
  const h = holding(s, q)
  const ctx = context(s, q, events, false)
  dropHead(ctx, wasDropHead ? { ...h, limits: { ...h.limits, overflow: 'drop-head' } } : h)
  dropExpired(ctx, h)
}

/** Route every pending dead-lettering of this step (and those they cause) through the engine. */
export function settleDeaths(s: SimState, port: RoutingPort, events: SimEvent[]): void {
  const list = pending.get(s)
  if (!list) return
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
        routed.hop.admissions.push(arrive(s, target, d.message.id, routed.content, events, d.queue.name))
    }
  }
  pending.delete(s)
}
