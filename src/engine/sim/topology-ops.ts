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
import { refuse } from './sim-error'
import { findQueue, setCopy } from './sim-state'
import type { SimChannel } from './sim-types'
import type { StepContext } from './step-context'

/** Send one operation to the engine; a refusal becomes a SimRefusal with the engine's code and text. */
export function viaEngine(ctx: StepContext, op: Operation): void {
  const answer = ctx.port.apply(op)
  if (!answer.ok) throw refuse.byEngine(answer.error)
  reconcile(ctx, answer.topology)
}

export function declareQueue(ctx: StepContext, ch: SimChannel, spec: ScenarioQueue): void {
  const s = ctx.state
  const vhost = spec.vhost ?? '/'
  const existing = spec.name === '' ? undefined : findQueue(s, spec.name, vhost)
  if (existing?.owner != null && existing.owner !== ch.connection) throw refuse.locked(spec.name, vhost)
  const before = new Set(s.queues)
  viaEngine(ctx, { op: 'queue.declare', queue: spec })
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
  ctx: StepContext,
  ch: SimChannel,
  op: { op: 'bind' | 'unbind'; binding: ScenarioBinding },
): void {
  const s = ctx.state
  const { binding } = op
  const q =
    binding.destination_type === 'queue' ? findQueue(s, binding.destination, binding.vhost ?? '/') : undefined
  const locked = q?.owner != null && q.owner !== ch.connection
  if (locked && (op.op === 'bind' || bindingExists(s.topology, binding))) throw refuse.locked(q.name, q.vhost)
  viaEngine(ctx, { op: op.op, binding })
}

export function deleteQueue(
  ctx: StepContext,
  ch: SimChannel,
  op: { name: string; if_unused?: boolean; if_empty?: boolean },
): void {
  const s = ctx.state
  const q = findQueue(s, op.name)
  if (!q) {
    viaEngine(ctx, { op: 'queue.delete', name: op.name }) // idempotent, or a name error
    return
  }
  usableQueue(s, ch, op.name)
  if (op.if_unused && s.consumers.some((c) => c.queue === q.name)) throw refuse.inUse(q.name, q.vhost)
  if (op.if_empty && q.ready.length > 0) throw refuse.notEmpty(q.name, q.vhost)
  deleteQueueNow(ctx, q, 'delete')
}

/** queue.purge drops ready messages only; deliveries awaiting an ack stay with their channel. */
export function purgeQueue(ctx: StepContext, ch: SimChannel, name: string): void {
  const q = usableQueue(ctx.state, ch, name)
  for (const m of q.ready) setCopy(ctx.state, m.id, q.name, { status: 'purged' })
  ctx.events.push({ kind: 'purged', queue: q.name, count: q.ready.length })
  q.ready = []
}
