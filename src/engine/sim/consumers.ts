/**
 * basic.consume, basic.cancel and basic.get. Prefetch is per consumer (basic.qos with global=false,
 * what amqplib's `prefetch(n)` sends); 0 means no limit. Cancelling leaves the consumer's unacked
 * deliveries on the channel: they are still the client's to ack, as on the broker.
 */
import { dispatch, handOver } from './dispatch'
import { removeConsumer } from './lifecycle'
import { tidy } from './queue-holding'
import type { RoutingPort } from './routing-port'
import { refuse } from './sim-error'
import { findQueue } from './sim-state'
import type { SimChannel, SimEvent, SimQueue, SimState } from './sim-types'

/** The queue a channel's connection may use: 404 when missing, 405 when another connection owns it. */
export function usableQueue(s: SimState, ch: SimChannel, name: string, vhost = '/'): SimQueue {
  const q = findQueue(s, name, vhost)
  if (!q) throw refuse.noQueue(name, vhost)
  if (q.owner !== null && q.owner !== ch.connection) throw refuse.locked(name, vhost)
  return q
}

export function consume(
  s: SimState,
  ch: SimChannel,
  op: { queue: string; consumer: string; prefetch?: number; noAck?: boolean },
  events: SimEvent[],
): void {
  const q = usableQueue(s, ch, op.queue)
  const existing = s.consumers.find((c) => c.tag === op.consumer)
  if (existing?.channel === ch.id) throw refuse.reusedTag(op.consumer)
  if (existing)
    throw refuse.client(`consumer tag '${op.consumer}' is already used on channel '${existing.channel}'`)
  const prefetch = op.prefetch ?? 0
  if (!Number.isInteger(prefetch) || prefetch < 0 || prefetch > 65535)
    throw refuse.client(`prefetch must be an integer 0..65535, got ${prefetch}`)
  s.consumers.push({
    tag: op.consumer,
    channel: ch.id,
    queue: q.name,
    prefetch,
    noAck: op.noAck ?? false,
    delivered: [],
  })
  q.active.push(op.consumer)
  q.hadConsumer = true
  q.lastUsed = s.now
  events.push({ kind: 'consumer.added', consumer: op.consumer, queue: q.name })
  dispatch(s, q, events)
}

/** basic.cancel of an unknown tag is answered cancel-ok by the broker, so it is not an error. */
export function cancel(
  s: SimState,
  port: RoutingPort,
  ch: SimChannel,
  tag: string,
  events: SimEvent[],
): void {
  const c = s.consumers.find((x) => x.tag === tag)
  if (!c || c.channel !== ch.id) return
  removeConsumer(s, port, tag, 'cancel', events)
}

export function get(
  s: SimState,
  ch: SimChannel,
  op: { queue: string; noAck?: boolean },
  events: SimEvent[],
): void {
  const q = usableQueue(s, ch, op.queue)
  q.lastUsed = s.now
  tidy(s, q, events)
  const m = q.ready.shift()
  if (!m) {
    events.push({ kind: 'get-empty', queue: q.name })
    return
  }
  handOver(s, q, m, ch.id, null, op.noAck ?? false, events)
  tidy(s, q, events)
}
