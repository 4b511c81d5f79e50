/**
 * Layer 2, queue core: delivery to consumers, after RabbitMQ's classic queue (rabbit_queue_consumers): the first consumer
 * of the highest x-priority in the active list is served and moves to the tail; a consumer found
 * with a full prefetch window (its own, or its channel's global one) is set aside as blocked and
 * rejoins the tail once acks free room. With x-single-active-consumer only the first registered
 * consumer is served. basic.get never touches the rotation (nor the channel's global limit).
 */
import { hasRoom, limitsFor, singleActive } from './queries'
import { relieve, tidy } from './queue-holding'
import { fateOf, findChannel, findConsumer, setCopy } from './sim-state'
import type { SimConsumer, SimMessage, SimQueue, SimState } from './sim-types'
import type { StepContext } from './step-context'

/** Where in the active list the next consumer to try is, or -1 (single active consumer blocked). */
function nextIndex(s: SimState, q: SimQueue): number {
  const only = singleActive(s, q)
  if (only !== null) return q.active.indexOf(only)
  let best = 0
  let top = Number.NEGATIVE_INFINITY
  q.active.forEach((key, i) => {
    const p = findConsumer(s, key)?.priority ?? 0
    if (p > top) {
      top = p
      best = i
    }
  })
  return best
}

/** Who takes a message: a consumer, or basic.get (`consumer` null) on a channel. */
export interface Receiver {
  channel: string
  consumer: SimConsumer | null
  noAck: boolean
}

/** Hand one message to its receiver. */
export function handOver(ctx: StepContext, q: SimQueue, m: SimMessage, to: Receiver): void {
  const { state: s, events } = ctx
  const { consumer, noAck } = to
  const ch = findChannel(s, to.channel)
  if (!ch) return
  const tag = ch.nextTag++
  const fateCopy = fateOf(s, m.id)?.copies.find((c) => c.queue === q.name)
  const deliveries = (fateCopy?.deliveries ?? 0) + 1
  if (q.log) {
    // A stream keeps the message: the delivery only takes prefetch room until it is acked.
    ch.unacked.push({
      tag,
      queue: q.name,
      queueUid: q.uid,
      message: m,
      consumer: consumer?.tag ?? null,
      stream: true,
    })
    setCopy(s, m.id, q.name, { deliveries })
  } else if (noAck) setCopy(s, m.id, q.name, { status: 'acked', consumer: consumer?.tag ?? null, deliveries })
  else {
    ch.unacked.push({
      tag,
      queue: q.name,
      queueUid: q.uid,
      message: { ...m },
      consumer: consumer?.tag ?? null,
    })
    // Consumer deliveries that need an ack count against a global basic.qos limit.
    if (consumer && ch.qos && ch.qos.global > 0) ch.qos.volume++
    setCopy(s, m.id, q.name, { status: 'unacked', consumer: consumer?.tag ?? null, deliveries })
  }
  consumer?.delivered.push(m.id)
  relieve(s, q)
  const c = m.content
  events.push({
    kind: 'delivered',
    message: m.id,
    queue: q.name,
    consumer: consumer?.tag ?? null,
    channel: ch.id,
    tag,
    redelivered: m.redelivered,
    // A quorum queue's basic.get always carries x-delivery-count (0 too); a consumer delivery only after a return.
    ...(m.deliveryCount || (consumer === null && limitsFor(s, q).kind === 'quorum')
      ? { deliveryCount: m.deliveryCount ?? 0 }
      : {}),
    ...(m.streamOffset !== undefined ? { streamOffset: m.streamOffset } : {}),
    ...(c.deaths.length > 0
      ? {
          deadLettered: {
            exchange: c.exchange,
            routingKey: c.routingKeys[0] ?? '',
            deaths: c.deaths.map(({ time: _, ...d }) => d),
            ...(c.firstDeath ? { first: c.firstDeath } : {}),
          },
        }
      : {}),
  })
}

/**
 * Deliver ready messages round-robin until the queue is empty or no consumer has room. Expired heads
 * are dropped before each fetch and after the last (rabbit_amqqueue_process:fetch).
 */
export function dispatch(ctx: StepContext, q: SimQueue, tidyFirst = true): void {
  const s = ctx.state
  if (q.log) {
    dispatchStream(ctx, q, q.log)
    return
  }
  // A message that has just arrived is offered to a consumer before its TTL is looked at (TTL 0).
  if (tidyFirst && q.active.length > 0) tidy(ctx, q)
  while (q.ready.length > 0 && q.active.length > 0) {
    const at = nextIndex(s, q)
    if (at < 0) break
    const key = q.active.splice(at, 1)[0] as string
    const c = findConsumer(s, key)
    if (!c) continue
    if (!hasRoom(s, c)) {
      q.blocked.push(key)
      continue
    }
    handOver(ctx, q, q.ready.shift() as SimMessage, { channel: c.channel, consumer: c, noAck: c.noAck })
    q.active.push(key)
    tidy(ctx, q)
  }
}

/** After acks or requeues: blocked consumers with room rejoin the tail, then (by default) delivery resumes. */
export function unblockAndDispatch(ctx: StepContext, deliver = true): void {
  const s = ctx.state
  for (const q of s.queues) {
    const still: string[] = []
    for (const tag of q.blocked) {
      const c = findConsumer(s, tag)
      if (!c) continue
      if (hasRoom(s, c)) q.active.push(tag)
      else still.push(tag)
    }
    q.blocked = still
    if (deliver) dispatch(ctx, q)
  }
}

/**
 * A stream serves each consumer on its own: from the consumer's offset, as far as its prefetch
 * window allows (acks free room; a window counts messages here, as every timeline message is a chunk
 * of its own). Consumers are served in the order they attached.
 */
function dispatchStream(ctx: StepContext, q: SimQueue, log: readonly SimMessage[]): void {
  const s = ctx.state
  for (const c of s.consumers) {
    if (c.queue !== q.name || c.offset === undefined) continue
    while (c.offset < log.length && hasRoom(s, c)) {
      const m = log[c.offset] as SimMessage
      c.offset++
      handOver(ctx, q, m, { channel: c.channel, consumer: c, noAck: false })
    }
  }
}
