/**
 * A classic queue receiving a message, after rabbit_amqqueue_process in 3.10 (and 4.x):
 * 1. A full queue with x-overflow reject-publish(-dlx) refuses it before anything else (the
 *    publisher gets a nack; -dlx also dead-letters it, reason maxlen). Full means one more message
 *    would exceed x-max-length, or its body would exceed x-max-length-bytes.
 * 2. A consumer that can take it at once gets it (timeline only).
 * 3. Otherwise it is enqueued in priority order; with drop-head the head is pushed out (reason
 *    maxlen) while the queue is over a limit — the new message itself, if it is the head by then.
 * 4. Expired messages at the head leave (reason expired). Only the head is looked at: a message
 *    with a short per-message TTL behind a long one waits until it reaches the head.
 * Limits count ready messages only; deliveries awaiting an ack do not count.
 * Queue types (limitsOf): a stream appends every message; a quorum queue with reject-publish takes
 * one message over its limit before it refuses.
 */
import type { QueueLimits } from './effective-args'
import type { DeathReason, MessageContent, QueueAdmission, QueuedMessage } from './types'

/** A queue as admission sees it: its limits and its ready messages in delivery order. */
export interface HoldingQueue {
  name: string
  limits: QueueLimits
  ready: QueuedMessage[]
  nextSeq: number
  /** Quorum, at-least-once: messages that left and wait for their dead-lettering (count toward the limits). */
  held?: readonly QueuedMessage[]
  /**
   * Quorum, reject-publish (timeline only): this publisher was told to stop and has not been told
   * to go on, so its client refuses the message itself (rabbit_fifo_client's reject_publish status).
   */
  rejecting?: boolean
}

export interface AdmitContext {
  now: number
  /** Hand the (already enqueued, head) message to a consumer now; true when one took it. */
  deliverNow?: (q: HoldingQueue, m: QueuedMessage) => boolean
  /**
   * A message leaves the queue for `reason`: dead-letter it, or drop it when there is no DLX.
   * `refused`: it never got in (x-overflow reject-publish-dlx).
   */
  leave: (q: HoldingQueue, m: QueuedMessage, reason: DeathReason, refused?: boolean) => void
  /** The next arrival number (timeline only; see QueuedMessage.arrival). */
  arrival?: () => number
}

const bytesOf = (ready: readonly QueuedMessage[]) => ready.reduce((n, m) => n + m.content.size, 0)

/** One more message of `size` bytes would exceed a limit. */
function willOverflow(l: QueueLimits, ready: readonly QueuedMessage[], size: number): boolean {
  return (
    (l.maxLength !== undefined && ready.length + 1 > l.maxLength) ||
    (l.maxLengthBytes !== undefined && bytesOf(ready) + size > l.maxLengthBytes)
  )
}

/**
 * Where a quorum queue with reject-publish stands (rabbit_fifo's evaluate_limit): `over` a limit
 * (every registered publisher is then told to stop), back at or below 80 % of every limit rounded
 * down (`soft`: they may publish again; ?LOW_LIMIT 0.8 — on 3.10.8 x-max-length 10 resumes at 8,
 * 5 at 4, 2 at 1, 1 at 0), or `between`. Messages held for at-least-once dead-lettering count.
 * null for any other queue.
 */
export function quorumLoad(q: HoldingQueue): 'over' | 'soft' | 'between' | null {
  const l = q.limits
  if (l.kind !== 'quorum' || l.overflow !== 'reject-publish') return null
  const all = [...q.ready, ...(q.held ?? [])]
  if (overLimit(l, all)) return 'over'
  const soft = (limit: number | undefined, n: number) => limit === undefined || n <= Math.floor(limit * 0.8)
  return soft(l.maxLength, all.length) && soft(l.maxLengthBytes, bytesOf(all)) ? 'soft' : 'between'
}

function overLimit(l: QueueLimits, ready: readonly QueuedMessage[]): boolean {
  return (
    (l.maxLength !== undefined && ready.length > l.maxLength) ||
    (l.maxLengthBytes !== undefined && bytesOf(ready) > l.maxLengthBytes)
  )
}

/** The message's priority in this queue: capped at x-max-priority; 0 in a queue without one. */
function priorityIn(l: QueueLimits, c: MessageContent): number {
  if (l.maxPriority === undefined) return 0
  return Math.min(c.priority ?? 0, l.maxPriority)
}

/** Absolute expiry: the smaller of the queue's x-message-ttl and the message's expiration. */
function expiryIn(l: QueueLimits, c: MessageContent, now: number): number | undefined {
  const ttls = [l.messageTtl, c.expiration === undefined ? undefined : Number(c.expiration)].filter(
    (x): x is number => x !== undefined,
  )
  return ttls.length === 0 ? undefined : now + Math.min(...ttls)
}

/** Insert keeping delivery order: higher priority first, then queue position. */
export function insertInOrder(ready: QueuedMessage[], m: QueuedMessage): void {
  const before = (a: QueuedMessage) => a.priority > m.priority || (a.priority === m.priority && a.seq < m.seq)
  let i = ready.length
  while (i > 0 && !before(ready[i - 1] as QueuedMessage)) i--
  ready.splice(i, 0, m)
}

/** Drop-head while over a limit (drop-head mode only); returns the messages pushed out. */
export function dropHead(ctx: AdmitContext, q: HoldingQueue): QueuedMessage[] {
  const out: QueuedMessage[] = []
  if (q.limits.overflow !== 'drop-head') return out
  while (q.ready.length > 0 && overLimit(q.limits, q.ready)) {
    const m = q.ready.shift() as QueuedMessage
    out.push(m)
    ctx.leave(q, m, 'maxlen')
  }
  return out
}

/** Expired messages at the head leave; returns them. */
export function dropExpired(ctx: AdmitContext, q: HoldingQueue): QueuedMessage[] {
  const out: QueuedMessage[] = []
  for (let m = q.ready[0]; m?.expiresAt !== undefined && m.expiresAt <= ctx.now; m = q.ready[0]) {
    q.ready.shift()
    out.push(m)
    ctx.leave(q, m, 'expired')
  }
  return out
}

/** A message arrives at a queue (from a publish or a dead-lettering); `origin`: the publish that sent it. */
export function admit(
  ctx: AdmitContext,
  q: HoldingQueue,
  id: string,
  content: MessageContent,
  origin?: number,
): QueueAdmission {
  const l = q.limits
  const m: QueuedMessage = {
    id,
    seq: q.nextSeq++,
    redelivered: false,
    priority: priorityIn(l, content),
    content,
  }
  if (origin !== undefined) m.origin = origin
  if (ctx.arrival) m.arrival = ctx.arrival()
  const expiresAt = l.kind === 'stream' ? undefined : expiryIn(l, content, ctx.now)
  if (expiresAt !== undefined) m.expiresAt = expiresAt
  // A quorum queue refuses only once it is already over a limit (rabbit_fifo checks before the
  // enqueue), so it takes one message more than its limit; a publisher told to stop refuses itself.
  const full =
    l.kind === 'quorum'
      ? q.rejecting === true || overLimit(l, [...q.ready, ...(q.held ?? [])])
      : willOverflow(l, q.ready, content.size)
  if (l.overflow !== 'drop-head' && full) {
    if (l.overflow === 'reject-publish-dlx') ctx.leave(q, m, 'maxlen', true)
    return { queue: q.name, result: 'rejected', droppedHead: [] }
  }
  insertInOrder(q.ready, m)
  if (q.ready.length === 1 && ctx.deliverNow?.(q, m))
    return { queue: q.name, result: 'delivered', droppedHead: [] }
  const dropped = dropHead(ctx, q)
  const expired = dropExpired(ctx, q)
  const droppedHead = dropped.filter((x) => x !== m).map((x) => x.id)
  const result = dropped.includes(m) ? 'dropped' : expired.includes(m) ? 'expired' : 'enqueued'
  return { queue: q.name, result, droppedHead }
}
