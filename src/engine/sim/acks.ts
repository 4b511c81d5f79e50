/**
 * Layer 3, acks: basic.ack / basic.nack / basic.reject / basic.recover, following rabbit_channel's collect_acks: `multiple` takes
 * every unacked delivery up to the tag, tag 0 with `multiple` takes all, and a tag the channel does
 * not hold is a 406 that closes the channel. Requeued messages return to their original place in
 * the queue (ordered by priority, then queue sequence number) with the redelivered flag set; the
 * queue then applies its length limit and drops expired heads (rabbit_amqqueue_process:
 * requeue_and_run). A reject or nack without requeue dead-letters (reason rejected) when the queue
 * has a dead-letter exchange.
 */
import type { QueueLimits } from '../broker/effective-args'
import { getProfile } from '../broker/profiles'
import { insertInOrder } from '../broker/queue-limits'
import type { QueuedMessage } from '../broker/types'
import { unblockAndDispatch } from './dispatch'
import { limitsFor } from './queries'
import { leave, trim } from './queue-holding'
import { refuse } from './sim-error'
import { setCopy } from './sim-state'
import type { QuorumReturnNote, ReturnHow, SimChannel, SimDelivery, SimQueue } from './sim-types'
import type { StepContext } from './step-context'

/** Pick the deliveries an ack-like method names. `message` is a script convenience for a tag. */
export function collectDeliveries(
  ch: SimChannel,
  sel: { tag?: number; message?: string; multiple?: boolean },
): SimDelivery[] {
  let tag = sel.tag
  if (sel.message !== undefined) {
    const d = ch.unacked.find((u) => u.message.id === sel.message)
    if (!d) throw refuse.client(`message '${sel.message}' is not unacked on channel '${ch.id}'`)
    tag = d.tag
  }
  if (tag === undefined) throw refuse.client('ack, nack and reject need a tag or a message id')
  if (tag === 0 && sel.multiple) return [...ch.unacked]
  const picked = sel.multiple
    ? ch.unacked.filter((u) => u.tag <= tag)
    : ch.unacked.filter((u) => u.tag === tag)
  if (!ch.unacked.some((u) => u.tag === tag)) throw refuse.unknownTag(tag)
  return picked
}

function removeFromChannel(ch: SimChannel, picked: SimDelivery[]): void {
  const tags = new Set(picked.map((d) => d.tag))
  ch.unacked = ch.unacked.filter((u) => !tags.has(u.tag))
  // A global basic.qos limit counts consumer deliveries only (rabbit_channel:notify_limiter).
  if (ch.qos && ch.qos.global > 0)
    ch.qos.volume = Math.max(0, ch.qos.volume - picked.filter((d) => d.consumer !== null).length)
}

/**
 * The broker settles one (queue, consumer tag) group at a time, in Erlang term order of that key
 * (rabbit_channel:foreach_per_queue over a gb_tree): basic.get deliveries (tag `none`, an atom)
 * first, then consumer tags bytewise. Each group frees its consumer's prefetch room, requeues, and
 * runs delivery before the next group is settled, which decides who gets a requeued message.
 */
function settleGroups(picked: SimDelivery[]): SimDelivery[][] {
  const groups = new Map<string, SimDelivery[]>()
  for (const d of picked) {
    const key = `${d.queue}\u0000${d.consumer === null ? '' : `\u0001${d.consumer}`}`
    groups.set(key, [...(groups.get(key) ?? []), d])
  }
  return [...groups.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((k) => groups.get(k) ?? [])
}

export function ack(ctx: StepContext, ch: SimChannel, picked: SimDelivery[]): void {
  for (const group of settleGroups(picked)) {
    removeFromChannel(ch, group)
    for (const d of group) {
      // A stream keeps the message: the ack only frees the consumer's prefetch room.
      if (!d.stream) setCopy(ctx.state, d.message.id, d.queue, { status: 'acked' })
      ctx.events.push({ kind: 'acked', message: d.message.id, queue: d.queue, channel: ch.id, tag: d.tag })
    }
    unblockAndDispatch(ctx)
  }
}

function vhostOf(ctx: StepContext, d: SimDelivery): string {
  return ctx.state.queues.find((q) => q.uid === d.queueUid)?.vhost ?? '/'
}

/**
 * A quorum queue takes a delivery back (rabbit_fifo): the return is counted (every return on 3.10
 * and 4.0–4.2; on 4.3 only failed ones — reject and a closed channel, not nack), and a count over
 * the delivery limit (the queue's, else the profile's default: none on 3.10, 20 on 4.x) makes it
 * leave with reason delivery_limit (dead-lettered, or dropped). Otherwise without a limit a nack or
 * reject puts it at the back; with a limit, or from a closed channel, among the returned messages
 * that are served first. Returns false when the message left.
 */
function quorumReturn(
  ctx: StepContext,
  q: SimQueue,
  d: SimDelivery,
  limits: QueueLimits,
  how: ReturnHow,
): boolean {
  const rules = getProfile(ctx.port.profile).quorum
  const counted = rules.countedReturns === 'every-return' || (how !== 'nack' && how !== 'recover')
  const count = (d.message.deliveryCount ?? 0) + (counted ? 1 : 0)
  const limit =
    limits.deliveryLimit !== undefined && limits.deliveryLimit >= 0
      ? limits.deliveryLimit
      : limits.deliveryLimit === undefined
        ? rules.defaultDeliveryLimit
        : null
  const m: QueuedMessage = { ...d.message, redelivered: true, deliveryCount: count }
  delete m.returned
  const note: QuorumReturnNote = {
    how,
    counted,
    count,
    limit,
    limitFrom: limits.deliveryLimit === undefined ? 'profile' : 'queue',
    profile: ctx.port.profile,
  }
  if (limit !== null && count > limit) {
    ctx.events.push({ kind: 'discarded', message: m.id, queue: d.queue, quorum: note })
    leave(ctx, q, m, { reason: 'delivery_limit', limits })
    return false
  }
  const back = limit === null && how !== 'close'
  if (back) {
    m.seq = q.nextSeq++
    q.ready.push(m)
  } else {
    m.returned = q.nextSeq++
    let i = 0
    while (i < q.ready.length && (q.ready[i] as QueuedMessage).returned !== undefined) i++
    q.ready.splice(i, 0, m)
  }
  setCopy(ctx.state, m.id, d.queue, { status: 'ready', consumer: null })
  ctx.events.push({
    kind: 'requeued',
    message: m.id,
    queue: d.queue,
    quorum: { ...note, place: back ? 'back' : 'returned-first' },
  })
  return true
}

/** Give one delivery back; returns the queue it went back into (if it did). */
function putBack(ctx: StepContext, d: SimDelivery, requeue: boolean, how: ReturnHow): SimQueue | undefined {
  const { state: s, events } = ctx
  // The queue instance it came from, not one declared later under the same name (the broker's new
  // queue is another process and never sees the old queue's deliveries).
  const q = s.queues.find((x) => x.uid === d.queueUid)
  // A stream delivery never goes back (only a closed channel gives one up, and nothing happens).
  if (d.stream) return undefined
  if (requeue && q && limitsFor(s, q).kind === 'quorum')
    return quorumReturn(ctx, q, d, limitsFor(s, q), how) ? q : undefined
  if (requeue && q) {
    insertInOrder(q.ready, { ...d.message, redelivered: true })
    setCopy(s, d.message.id, d.queue, { status: 'ready', consumer: null })
    events.push({ kind: 'requeued', message: d.message.id, queue: d.queue })
    return q
  }
  if (requeue) {
    setCopy(s, d.message.id, d.queue, { status: 'deleted-with-queue', consumer: null })
    events.push({ kind: 'requeue-lost', message: d.message.id, queue: d.queue })
    return undefined
  }
  events.push({ kind: 'discarded', message: d.message.id, queue: d.queue })
  if (q) leave(ctx, q, d.message, { reason: 'rejected', limits: limitsFor(s, q) })
  else setCopy(s, d.message.id, d.queue, { status: 'discarded' })
  return undefined
}

/** Put deliveries back, then each queue that took some applies its limits and TTL. */
function putAllBack(ctx: StepContext, ds: SimDelivery[], requeue: boolean, how: ReturnHow): void {
  const touched = new Set<SimQueue>()
  for (const d of ds) {
    const q = putBack(ctx, d, requeue, how)
    if (q) touched.add(q)
  }
  for (const q of touched) trim(ctx, q)
}

/** basic.nack / basic.reject: requeue or drop, group by group as the broker settles them. */
export function release(
  ctx: StepContext,
  ch: SimChannel,
  picked: SimDelivery[],
  requeue: boolean,
  how: ReturnHow = 'nack',
): void {
  // A stream refuses nack and reject (540, the connection); 3.10.8's channel crashes on basic.recover
  // of a stream delivery (541).
  const fromStream = picked.find((d) => d.stream)
  if (fromStream && how === 'recover') throw refuse.crash()
  if (fromStream)
    throw refuse.notOnStream('basic.nack and basic.reject', fromStream.queue, vhostOf(ctx, fromStream))
  for (const group of settleGroups(picked)) {
    removeFromChannel(ch, group)
    unblockAndDispatch(ctx, false)
    putAllBack(ctx, group, requeue, how)
    unblockAndDispatch(ctx)
  }
}

/** Channel close: the queue takes every delivery of the channel back at once, without delivering yet. */
export function requeueAll(ctx: StepContext, ch: SimChannel): void {
  const all = [...ch.unacked]
  removeFromChannel(ch, all)
  putAllBack(ctx, all, true, 'close')
}
