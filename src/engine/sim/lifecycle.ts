/**
 * What happens when things go away: channel close (consumers cancelled, unacked messages requeued),
 * connection close (its channels, then its exclusive queues), auto-delete queues after their last
 * consumer, and keeping the simulation's queues in step with the engine's topology (a queue the
 * engine no longer has takes its ready messages and consumers with it).
 */

import type { TopologySnapshot } from '../types'
import { requeueAll } from './acks'
import { unblockAndDispatch } from './dispatch'
import { consumerKey, findChannel, queueKey, setCopy } from './sim-state'
import type { SimConsumer, SimQueue } from './sim-types'
import type { StepContext } from './step-context'

type QueueGone = 'delete' | 'exclusive' | 'auto-delete' | 'expires'

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
    })
  }
}

/** The queue is gone: ready messages are lost, its consumers are cancelled. */
function dropQueue(ctx: StepContext, q: SimQueue, reason: QueueGone): void {
  const { state: s, events } = ctx
  for (const m of q.ready) setCopy(s, m.id, q.name, { status: 'deleted-with-queue' })
  events.push({ kind: 'queue.deleted', queue: q.name, reason, lost: q.ready.length })
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

/** Remove a consumer; an auto-delete queue that loses its last consumer is deleted. */
export function removeConsumer(ctx: StepContext, c: SimConsumer, reason: 'cancel' | 'channel'): void {
  const s = ctx.state
  if (!s.consumers.includes(c)) return
  s.consumers = s.consumers.filter((x) => x !== c)
  const q = s.queues.find((x) => x.name === c.queue)
  ctx.events.push({ kind: 'consumer.cancelled', consumer: c.tag, queue: c.queue, reason })
  if (!q) return
  const key = consumerKey(c)
  q.active = q.active.filter((t) => t !== key)
  q.blocked = q.blocked.filter((t) => t !== key)
  q.lastUsed = s.now
  if (q.autoDelete && q.hadConsumer && !s.consumers.some((x) => x.queue === q.name))
    deleteQueueNow(ctx, q, 'auto-delete')
}

/** Why the broker closed a channel or connection (absent: the client closed it). */
export interface CloseReason {
  code: number
  text: string
}

/** Channel close: consumers go, unacked deliveries are requeued, pending confirms never arrive. */
export function closeChannel(ctx: StepContext, id: string, why?: CloseReason): void {
  const s = ctx.state
  const ch = findChannel(s, id)
  if (!ch?.open) return
  ch.open = false
  if (why) ch.closedWith = { code: why.code, text: why.text }
  // The queue first takes the deliveries back, then notices the consumer is gone (auto-delete).
  requeueAll(ctx, ch)
  for (const c of s.consumers.filter((x) => x.channel === id)) removeConsumer(ctx, c, 'channel')
  unblockAndDispatch(ctx)
  ctx.events.push({ kind: 'channel.closed', channel: id, ...(why ? { code: why.code } : {}) })
}

/** Connection close: every channel, then every exclusive queue the connection owns. */
export function closeConnection(ctx: StepContext, id: string, why?: CloseReason): void {
  const s = ctx.state
  const conn = s.connections.find((c) => c.id === id)
  if (!conn?.open) return
  for (const ch of s.channels.filter((c) => c.connection === id && c.open)) closeChannel(ctx, ch.id)
  for (const q of s.queues.filter((x) => x.owner === id)) deleteQueueNow(ctx, q, 'exclusive')
  conn.open = false
  ctx.events.push({ kind: 'connection.closed', connection: id, ...(why ? { code: why.code } : {}) })
}
