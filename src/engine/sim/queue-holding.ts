/**
 * Layer 2, queue core: the simulation's queues meet the engine's queue rules (queue-limits.ts).
 * Their settings come from the topology (arguments and policies, queries.ts); a message that leaves
 * (expired, maxlen, rejected) is recorded and, when the queue has a dead-letter exchange, put on the
 * step's list of pending dead-letterings (StepContext.deaths, routed by arrival.ts at the step's end).
 */
import type { QueueLimits } from '../broker/effective-args'
import {
  type AdmitContext,
  dropExpired,
  dropHead,
  type HoldingQueue,
  quorumLoad,
} from '../broker/queue-limits'
import type { DeathReason, QueuedMessage } from '../broker/types'
import { limitsFor } from './queries'
import { setCopy } from './sim-state'
import type { SimQueue, SimState } from './sim-types'
import type { StepContext } from './step-context'

/** The engine's view of a simulated queue (its limits now; the sequence number written through). */
export function holding(s: SimState, q: SimQueue): HoldingQueue {
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
    ...(q.held ? { held: q.held } : {}),
  }
}

/**
 * A quorum queue with reject-publish after any change (rabbit_fifo's evaluate_limit): over a limit,
 * every publisher that has published to it is told to stop; back at the soft limit, all may go on.
 * A publisher that never published to it is not told anything (its first message is judged by the
 * queue alone: refused only when the queue is over a limit).
 */
export function relieve(s: SimState, q: SimQueue): void {
  const load = quorumLoad(holding(s, q))
  if (load === 'over') q.stopped = [...(q.enqueuers ?? [])]
  else if (load === 'soft' && q.stopped?.length) q.stopped = []
}

const STATUS = {
  expired: 'expired',
  maxlen: 'overflowed',
  rejected: 'discarded',
  delivery_limit: 'discarded',
} as const

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
  relieve(ctx.state, q)
}

/**
 * How the engine's queue rules act on this step: the clock, leaving through leave(), arrival
 * numbers, and (for an arriving message only, arrival.ts) handing it to a consumer at once.
 */
export function admitContext(
  ctx: StepContext,
  q: SimQueue,
  deliverNow?: AdmitContext['deliverNow'],
): AdmitContext {
  const s = ctx.state
  return {
    now: s.now,
    leave: (h, m, reason, refused) => leave(ctx, q, m, { reason, limits: h.limits, refused }),
    arrival: () => {
      s.arrivals = (s.arrivals ?? 0) + 1
      return s.arrivals
    },
    deliverNow,
  }
}

/** Expired heads leave (after a fetch, a requeue or a clock tick). */
export function tidy(ctx: StepContext, q: SimQueue): void {
  dropExpired(admitContext(ctx, q), holding(ctx.state, q))
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
  const admit = admitContext(ctx, q)
  dropHead(admit, wasDropHead ? { ...h, limits: { ...h.limits, overflow: 'drop-head' } } : h)
  dropExpired(admit, h)
  relieve(ctx.state, q)
}
