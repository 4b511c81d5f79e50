/**
 * Seeded random timelines for the broker suite. Each next step is chosen from the simulated state so
 * far (ack a message the channel really holds, cancel a live consumer, reopen a closed channel), over a
 * small fixed world: direct exchange `x`, queues q1 and q2, two connections with three channels.
 * Acks by message id are only generated when the id is unambiguous on that channel, and `multiple`
 * only when the channel holds deliveries from one queue: the interleaving of two queues' deliveries
 * on one channel is not ordered by the broker, so their delivery tags are not comparable.
 */
import {
  createTimeline,
  mulberry32,
  type SimOp,
  type SimState,
  type TimelineScript,
} from '../../../src/engine'

const CHANNELS: [string, string][] = [
  ['a', 'c1'],
  ['b', 'c1'],
  ['c', 'c2'],
]
const QUEUES = ['q1', 'q2']
const KEYS = ['k1', 'k2']

function prelude(): SimOp[] {
  return [
    { op: 'connection.open', connection: 'c1' },
    { op: 'connection.open', connection: 'c2' },
    ...CHANNELS.map(([channel, connection]): SimOp => ({ op: 'channel.open', channel, connection })),
    { op: 'exchange.declare', exchange: { name: 'x', type: 'direct', durable: false }, channel: 'a' },
    ...QUEUES.map((name): SimOp => ({ op: 'queue.declare', queue: { name, durable: false }, channel: 'a' })),
  ]
}

/** Rarer operations that tear things down: purge, delete and redeclare, connection close. */
function lifecycleOp(s: SimState, rnd: () => number, channel: string): SimOp {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T
  const name = pick(QUEUES)
  const r = rnd()
  if (r < 0.3) return { op: 'queue.purge', channel, name }
  if (r < 0.5) return { op: 'queue.delete', channel, name }
  if (r < 0.8)
    return { op: 'queue.declare', channel, queue: { name, durable: false, auto_delete: rnd() < 0.3 } }
  const conn = s.channels.find((c) => c.id === channel)?.connection ?? 'c1'
  return { op: 'connection.close', connection: conn }
}

function nextOp(s: SimState, rnd: () => number, n: number, lifecycle: boolean): SimOp | null {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T
  const [channel, connection] = pick(CHANNELS)
  if (!s.connections.find((c) => c.id === connection)?.open) return { op: 'connection.open', connection }
  const ch = s.channels.find((c) => c.id === channel)
  if (!ch?.open) return { op: 'channel.open', channel, connection }
  if (lifecycle && rnd() < 0.08) return lifecycleOp(s, rnd, channel)
  const r = rnd()
  if (r < 0.3) {
    const direct = rnd() < 0.5
    const publish = direct
      ? { id: `m${n}`, exchange: '', routing_key: pick(QUEUES) }
      : { id: `m${n}`, exchange: 'x', routing_key: pick(KEYS) }
    return { op: 'publish', publish, channel }
  }
  if (r < 0.4) {
    const op = rnd() < 0.6 ? 'bind' : 'unbind'
    return {
      op,
      channel,
      binding: { source: 'x', destination: pick(QUEUES), destination_type: 'queue', routing_key: pick(KEYS) },
    }
  }
  if (r < 0.5) {
    if (s.consumers.length >= 5) return null
    return { op: 'consume', channel, queue: pick(QUEUES), consumer: `C${n}`, prefetch: pick([0, 1, 1, 2, 3]) }
  }
  if (r < 0.55) {
    const mine = s.consumers.filter((c) => c.channel === channel)
    return mine.length ? { op: 'cancel', channel, consumer: pick(mine).tag } : null
  }
  if (r < 0.62) return { op: 'get', channel, queue: pick(QUEUES), noAck: rnd() < 0.3 }
  if (r < 0.97) {
    if (ch.unacked.length === 0) return null
    const d = pick(ch.unacked)
    if (ch.unacked.filter((u) => u.message.id === d.message.id).length > 1) return null
    const oneQueue = new Set(ch.unacked.map((u) => u.queue)).size === 1
    const multiple = oneQueue && rnd() < 0.25
    const kind = pick(['ack', 'ack', 'nack', 'reject'] as const)
    const requeue = rnd() < 0.7
    if (kind === 'reject') return { op: 'reject', channel, message: d.message.id, requeue }
    return kind === 'ack'
      ? { op: 'ack', channel, message: d.message.id, multiple }
      : { op: 'nack', channel, message: d.message.id, multiple, requeue }
  }
  return { op: 'channel.close', channel }
}

/**
 * A random timeline of `length` steps after the fixed prelude; `lifecycle` adds purges, queue
 * deletes and redeclares (sometimes auto-delete) and connection closes.
 */
export function randomTimeline(seed: number, length: number, lifecycle = false): TimelineScript {
  const rnd = mulberry32(seed)
  const script: TimelineScript = { profile: 'rabbitmq-3.10', steps: prelude() }
  const player = createTimeline(script.profile)
  for (const op of script.steps) player.push(op)
  let n = 0
  while (n < length) {
    const op = nextOp(player.state, rnd, ++n, lifecycle)
    if (!op) continue
    script.steps.push(op)
    player.push(op)
  }
  return script
}
