/**
 * State helpers. A step works on a deep copy of the previous state, so every frame of a timeline
 * keeps its own immutable picture (the copy is small: tens of queues and messages).
 */
import type { TopologySnapshot } from '../broker/types'
import type { MessageFate, SimChannel, SimConsumer, SimQueue, SimState } from './sim-types'

export function emptyState(topology: TopologySnapshot): SimState {
  return {
    connections: [],
    channels: [],
    consumers: [],
    queues: [],
    topology,
    fates: [],
    queueUids: 0,
    now: 0,
  }
}

export function cloneState(s: SimState): SimState {
  return {
    connections: s.connections.map((c) => ({ ...c })),
    channels: s.channels.map((c) => ({
      ...c,
      ...(c.qos ? { qos: { ...c.qos } } : {}),
      unacked: c.unacked.map((d) => ({ ...d, message: { ...d.message } })),
      pending: c.pending.map((p) => ({ ...p })),
    })),
    consumers: s.consumers.map((c) => ({ ...c, delivered: [...c.delivered] })),
    queues: s.queues.map((q) => ({
      ...q,
      ready: q.ready.map((m) => ({ ...m })),
      ...(q.log ? { log: [...q.log] } : {}),
      ...(q.held ? { held: [...q.held] } : {}),
      ...(q.enqueuers ? { enqueuers: [...q.enqueuers] } : {}),
      ...(q.stopped ? { stopped: [...q.stopped] } : {}),
      active: [...q.active],
      blocked: [...q.blocked],
    })),
    // The topology snapshot is replaced, never edited, so frames may share it.
    topology: s.topology,
    fates: s.fates.map((f) => ({ ...f, copies: f.copies.map((c) => ({ ...c })) })),
    queueUids: s.queueUids,
    now: s.now,
    ...(s.ctags !== undefined ? { ctags: s.ctags } : {}),
    ...(s.arrivals !== undefined ? { arrivals: s.arrivals } : {}),
  }
}

/** Queues are keyed by vhost and name; the simulation's client works in one vhost at a time. */
export function queueKey(vhost: string, name: string): string {
  return `${vhost}\u0000${name}`
}

export function findQueue(s: SimState, name: string, vhost = '/'): SimQueue | undefined {
  return s.queues.find((q) => q.name === name && q.vhost === vhost)
}

export function findChannel(s: SimState, id: string): SimChannel | undefined {
  return s.channels.find((c) => c.id === id)
}

/** Consumer tags are per channel: a consumer is named by both. */
export function consumerKey(c: { channel: string; tag: string }): string {
  return `${c.channel}\u0000${c.tag}`
}

export function findConsumer(s: SimState, key: string): SimConsumer | undefined {
  return s.consumers.find((c) => consumerKey(c) === key)
}

export function fateOf(s: SimState, message: string): MessageFate | undefined {
  // Later publishes with the same id shadow earlier ones.
  for (let i = s.fates.length - 1; i >= 0; i--) if (s.fates[i]?.id === message) return s.fates[i]
  return undefined
}

/** Update the copy of `message` in `queue` (the most recent publish with that id). */
export function setCopy(
  s: SimState,
  message: string,
  queue: string,
  patch: Partial<MessageFate['copies'][number]>,
): void {
  const copies = fateOf(s, message)?.copies ?? []
  // The latest copy in that queue: a message dead-lettered back into the same queue is a new copy.
  for (let i = copies.length - 1; i >= 0; i--)
    if (copies[i]?.queue === queue) {
      Object.assign(copies[i] as object, patch)
      return
    }
}
