/**
 * Layer 1, queries: answers read from the state alone — no events, no engine, nothing changed. The
 * layers above ask here instead of one another (see docs/architecture.md, "Time simulation").
 */
import { limitsOf, type QueueLimits } from '../broker/effective-args'
import { queueTypeOf } from '../broker/queue-types'
import { refuse } from './sim-error'
import { consumerKey, findChannel, findQueue } from './sim-state'
import type { SimChannel, SimConsumer, SimQueue, SimState } from './sim-types'

/** A queue's settings now: its arguments and the policies that apply (the topology's `effective`). */
export function limitsFor(s: SimState, q: SimQueue): QueueLimits {
  const t = s.topology.queues.find((x) => x.name === q.name && x.vhost === q.vhost)
  return limitsOf(t?.effective ?? [], queueTypeOf(t?.arguments))
}

/** The queue a channel's connection may use: 404 when missing, 405 when another connection owns it. */
export function usableQueue(s: SimState, ch: SimChannel, name: string, vhost = '/'): SimQueue {
  const q = findQueue(s, name, vhost)
  if (!q) throw refuse.noQueue(name, vhost)
  if (q.owner !== null && q.owner !== ch.connection) throw refuse.locked(name, vhost)
  return q
}

/** x-single-active-consumer: the consumer registered first (and still there) is the only one served. */
export function singleActive(s: SimState, q: SimQueue): string | null {
  if (!limitsFor(s, q).singleActiveConsumer) return null
  const first = s.consumers.find((c) => c.queue === q.name)
  return first ? consumerKey(first) : null
}

/** Whether a consumer's prefetch window (its own, and its channel's global one) has room for one more. */
export function hasRoom(s: SimState, c: SimConsumer): boolean {
  if (c.noAck) return true
  const ch = findChannel(s, c.channel)
  const global = ch?.qos?.global ?? 0
  if (global > 0 && (ch?.qos?.volume ?? 0) >= global) return false
  if (c.prefetch === 0) return true
  const held = ch ? ch.unacked.filter((d) => d.consumer === c.tag).length : 0
  return held < c.prefetch
}
