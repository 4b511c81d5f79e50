/**
 * Layer 4, topology: declare, bind, unbind, delete, purge and policies, and keeping the simulation's
 * queues in step with the engine's topology (reconcile: a queue the engine no longer has takes its
 * ready messages and consumers with it). The engine decides every topology outcome (406 on an
 * incompatible redeclare, 404, 403 …); the simulation adds what needs connections: exclusive queues
 * are owned by the declaring connection and locked (405) for every other one.
 */

import { stripCrLf } from '../broker/names'
import { queueTypeOf } from '../broker/queue-types'
import type { Operation, ScenarioBinding, ScenarioQueue, TopologySnapshot } from '../broker/types'
import { tableIdentityKey } from '../values/amqp-equality'
import { toAmqpTable } from '../values/amqp-values'
import { limitsFor, usableQueue } from './queries'
import { relieve, trim } from './queue-holding'
import { refuse } from './sim-error'
import { findQueue, queueKey, setCopy } from './sim-state'
import type { SimChannel, SimOp, SimQueue } from './sim-types'
import type { StepContext } from './step-context'

/** Why a queue went: queue.delete, its exclusive owner's connection closed, auto-delete, x-expires. */
export type QueueGone = 'delete' | 'exclusive' | 'auto-delete' | 'expires'

/** Bring the simulation's queues and the event log in line with a new topology snapshot. */
export function reconcile(ctx: StepContext, topology: TopologySnapshot, reason: QueueGone = 'delete'): void {
  const { state: s, events } = ctx
  const before = s.topology
  s.topology = topology
  const keyOf = (x: { vhost: string; name: string }) => queueKey(x.vhost, x.name)
  const bindingName = (b: TopologySnapshot['bindings'][number]) =>
    `${b.source || '(default)'} → ${b.destination} [${b.routing_key}]`
  const diff = <T>(a: T[], b: T[], key: (x: T) => string) => {
    const kb = new Set(b.map(key))
    return a.filter((x) => !kb.has(key(x)))
  }
  for (const x of diff(before.exchanges, topology.exchanges, keyOf))
    events.push({ kind: 'topology', change: 'deleted', what: 'exchange', name: x.name })
  for (const x of diff(topology.exchanges, before.exchanges, keyOf))
    events.push({ kind: 'topology', change: 'created', what: 'exchange', name: x.name })
  for (const b of diff(before.bindings, topology.bindings, (b) => b.id))
    events.push({ kind: 'topology', change: 'deleted', what: 'binding', name: bindingName(b) })
  for (const b of diff(topology.bindings, before.bindings, (b) => b.id))
    events.push({ kind: 'topology', change: 'created', what: 'binding', name: bindingName(b) })

  const live = new Set(topology.queues.map(keyOf))
  for (const q of [...s.queues]) if (!live.has(keyOf(q))) dropQueue(ctx, q, reason)
  const known = new Set(s.queues.map(keyOf))
  for (const t of topology.queues) {
    if (known.has(keyOf(t))) continue
    events.push({ kind: 'topology', change: 'created', what: 'queue', name: t.name })
    s.queues.push({
      vhost: t.vhost,
      name: t.name,
      uid: ++s.queueUids,
      ready: [],
      active: [],
      blocked: [],
      hadConsumer: false,
      autoDelete: t.auto_delete,
      owner: null,
      nextSeq: 1,
      lastUsed: s.now,
      ...(queueTypeOf(t.arguments) === 'stream' ? { log: [] } : {}),
    })
  }
}

/** The queue is gone: ready messages are lost, its consumers are cancelled. */
function dropQueue(ctx: StepContext, q: SimQueue, reason: QueueGone): void {
  const { state: s, events } = ctx
  const lost = [...q.ready, ...(q.log ?? []), ...(q.held ?? [])]
  for (const m of lost) setCopy(s, m.id, q.name, { status: 'deleted-with-queue' })
  events.push({ kind: 'queue.deleted', queue: q.name, reason, lost: lost.length })
  for (const c of s.consumers.filter((c) => c.queue === q.name)) {
    events.push({ kind: 'consumer.cancelled', consumer: c.tag, queue: q.name, reason: 'queue-deleted' })
  }
  s.consumers = s.consumers.filter((c) => c.queue !== q.name)
  s.queues = s.queues.filter((x) => x !== q)
}

/** Delete a queue through the engine (so its bindings and auto-delete exchanges go too). */
export function deleteQueueNow(ctx: StepContext, q: SimQueue, reason: QueueGone): void {
  const answer = ctx.port.apply({ op: 'queue.delete', name: q.name, vhost: q.vhost })
  reconcile(ctx, answer.topology, reason)
}

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
  if (q.log) throw refuse.notOnStream('queue.purge', q.name, q.vhost)
  for (const m of q.ready) setCopy(ctx.state, m.id, q.name, { status: 'purged' })
  ctx.events.push({ kind: 'purged', queue: q.name, count: q.ready.length })
  q.ready = []
  relieve(ctx.state, q)
}

/**
 * A policy takes effect on the queues it now covers: a lower length limit trims them at once (unless
 * the queue was and stays reject-publish).
 */
export function setPolicy(ctx: StepContext, op: Extract<SimOp, { op: 'policy.set' | 'policy.clear' }>): void {
  const s = ctx.state
  const key = (q: { vhost: string; name: string }) => `${q.vhost}\u0000${q.name}`
  const before = new Map(s.queues.map((q) => [key(q), limitsFor(s, q).overflow]))
  const answer = ctx.port.apply(
    op.op === 'policy.set' ? { op: op.op, policy: op.policy } : { op: op.op, name: op.name },
  )
  if (!answer.ok) throw refuse.policy(answer.error)
  reconcile(ctx, answer.topology)
  for (const q of s.queues) trim(ctx, q, before.get(key(q)) === 'drop-head')
}
