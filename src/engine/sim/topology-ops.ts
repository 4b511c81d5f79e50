/**
 * Declare, bind, unbind, delete and purge. The engine decides every topology outcome (406 on an
 * incompatible redeclare, 404, 403 …); the simulation adds what needs connections: exclusive queues
 * are owned by the declaring connection and locked (405) for every other one, and a queue delete
 * takes its messages and consumers with it.
 */
import { tableIdentityKey } from '../amqp-equality'
import { toAmqpTable } from '../amqp-values'
import { stripCrLf } from '../names'
import type { Operation, ScenarioBinding, ScenarioQueue, TopologySnapshot } from '../types'
import { usableQueue } from './consumers'
import { deleteQueueNow, reconcile } from './lifecycle'
import type { RoutingPort } from './routing-port'
import { refuse, SimRefusal } from './sim-error'
import { findQueue, setCopy } from './sim-state'
import type { SimChannel, SimEvent, SimState } from './sim-types'

/** Send one operation to the engine; a refusal becomes a SimRefusal with the engine's code and text. */
export function viaEngine(s: SimState, port: RoutingPort, op: Operation, events: SimEvent[]): void {
  const answer = port.apply(op)
  if (!answer.ok) throw new SimRefusal(answer.error.code, answer.error.text)
  reconcile(s, answer.topology, events)
}

export function declareQueue(
  s: SimState,
  port: RoutingPort,
  ch: SimChannel,
  spec: ScenarioQueue,
  events: SimEvent[],
): void {
  const vhost = spec.vhost ?? '/'
  const existing = spec.name === '' ? undefined : findQueue(s, spec.name, vhost)
  if (existing?.owner != null && existing.owner !== ch.connection) throw refuse.locked(spec.name, vhost)
  const before = new Set(s.queues)
  viaEngine(s, port, { op: 'queue.declare', queue: spec }, events)
  if (spec.exclusive) for (const q of s.queues) if (!before.has(q)) q.owner = ch.connection
  // A declare (passive too) counts as use for x-expires.
  if (existing) existing.lastUsed = s.now
}

/** Whether the topology holds exactly this binding (source, destination, key and arguments). */
function bindingExists(t: TopologySnapshot, b: ScenarioBinding): boolean {
  let args: string
  try {
    args = tableIdentityKey(toAmqpTable(b.arguments ?? {}))
  } catch {
    return true // arguments the engine will refuse: keep the exclusivity check first
  }
  const vhost = b.vhost ?? '/'
  return t.bindings.some(
    (x) =>
      x.vhost === vhost &&
      x.source === stripCrLf(b.source) &&
      x.destination === stripCrLf(b.destination) &&
      x.destination_type === b.destination_type &&
      x.routing_key === b.routing_key &&
      tableIdentityKey(x.arguments) === args,
  )
}

/**
 * queue.bind always checks that the queue is not another connection's exclusive queue (405), but
 * queue.unbind checks it only when the binding exists: unbinding nothing is unbind-ok for anyone
 * (rabbit_binding:remove looks the binding up before it runs the exclusivity check).
 */
export function bindOrUnbind(
  s: SimState,
  port: RoutingPort,
  ch: SimChannel,
  op: 'bind' | 'unbind',
  binding: ScenarioBinding,
  events: SimEvent[],
): void {
  const q =
    binding.destination_type === 'queue' ? findQueue(s, binding.destination, binding.vhost ?? '/') : undefined
  const locked = q?.owner != null && q.owner !== ch.connection
  if (locked && (op === 'bind' || bindingExists(s.topology, binding))) throw refuse.locked(q.name, q.vhost)
  viaEngine(s, port, { op, binding }, events)
}

export function deleteQueue(
  s: SimState,
  port: RoutingPort,
  ch: SimChannel,
  op: { name: string; if_unused?: boolean; if_empty?: boolean },
  events: SimEvent[],
): void {
  const q = findQueue(s, op.name)
  if (!q) {
    viaEngine(s, port, { op: 'queue.delete', name: op.name }, events) // idempotent, or a name error
    return
  }
  usableQueue(s, ch, op.name)
  if (op.if_unused && s.consumers.some((c) => c.queue === q.name)) throw refuse.inUse(q.name, q.vhost)
  if (op.if_empty && q.ready.length > 0) throw refuse.notEmpty(q.name, q.vhost)
  deleteQueueNow(s, port, q, 'delete', events)
}

/** queue.purge drops ready messages only; deliveries awaiting an ack stay with their channel. */
export function purgeQueue(s: SimState, ch: SimChannel, name: string, events: SimEvent[]): void {
  const q = usableQueue(s, ch, name)
  for (const m of q.ready) setCopy(s, m.id, q.name, { status: 'purged' })
  events.push({ kind: 'purged', queue: q.name, count: q.ready.length })
  q.ready = []
}
