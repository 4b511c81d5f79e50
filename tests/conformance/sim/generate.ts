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

/**
 * The queue-type world (`randomTimeline(…, { queueTypes: true })`): `qq` a quorum queue with
 * x-delivery-limit 2 dead-lettering into the classic `qdl`, `qa` a quorum queue of at most 3 with
 * reject-publish and at-least-once dead-lettering into an exchange that does not exist (its
 * rejected messages stay inside and count), and the stream `s`, read by consumers from `first`,
 * `last`, `next` or an offset, whose deliveries are only ever acked (nack and reject would close
 * the connection, tested by hand in sequences-streams.ts).
 */
const QT_QUEUES = ['qq', 'qa', 's']

function queueTypePrelude(): SimOp[] {
  const q = (name: string, args: Record<string, string | number>): SimOp => ({
    op: 'queue.declare',
    queue: { name, durable: true, arguments: args },
    channel: 'a',
  })
  return [
    { op: 'queue.declare', queue: { name: 'qdl', durable: false }, channel: 'a' },
    q('qq', {
      'x-queue-type': 'quorum',
      'x-delivery-limit': 2,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': 'qdl',
    }),
    q('qa', {
      'x-queue-type': 'quorum',
      'x-max-length': 3,
      'x-overflow': 'reject-publish',
      'x-dead-letter-strategy': 'at-least-once',
      'x-dead-letter-exchange': 'nowhere',
    }),
    q('s', { 'x-queue-type': 'stream' }),
    ...[
      ['s', 'k1'],
      ['qq', 'k2'],
    ].map(
      ([destination, routing_key]): SimOp => ({
        op: 'bind',
        binding: {
          source: 'x',
          destination: destination as string,
          destination_type: 'queue',
          routing_key: routing_key as string,
        },
        channel: 'a',
      }),
    ),
  ]
}

function prelude(queueTypes: boolean): SimOp[] {
  return [
    { op: 'connection.open', connection: 'c1' },
    { op: 'connection.open', connection: 'c2' },
    ...CHANNELS.map(([channel, connection]): SimOp => ({ op: 'channel.open', channel, connection })),
    { op: 'exchange.declare', exchange: { name: 'x', type: 'direct', durable: false }, channel: 'a' },
    ...QUEUES.map((name): SimOp => ({ op: 'queue.declare', queue: { name, durable: false }, channel: 'a' })),
    ...(queueTypes ? queueTypePrelude() : []),
  ]
}

/** A consume on the queue-type world's queues: a stream consumer needs a prefetch and an offset. */
function queueTypeConsume(rnd: () => number, channel: string, n: number): SimOp {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T
  const queue = pick(['qq', 'qa', 's', 's', 's'])
  const prefetch = pick([1, 2, 3, 5])
  if (queue !== 's') return { op: 'consume', channel, queue, consumer: `C${n}`, prefetch }
  const offset = pick<string | number>(['first', 'first', 'first', 'last', 'next', 1, 3])
  return {
    op: 'consume',
    channel,
    queue,
    consumer: `C${n}`,
    prefetch,
    arguments: { 'x-stream-offset': offset },
  }
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

function nextOp(
  s: SimState,
  rnd: () => number,
  n: number,
  lifecycle: boolean,
  queueTypes = false,
): SimOp | null {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T
  const targets = queueTypes ? [...QUEUES, ...QT_QUEUES] : QUEUES
  const [channel, connection] = pick(CHANNELS)
  if (!s.connections.find((c) => c.id === connection)?.open) return { op: 'connection.open', connection }
  const ch = s.channels.find((c) => c.id === channel)
  if (!ch?.open) return { op: 'channel.open', channel, connection }
  if (lifecycle && rnd() < 0.08) return lifecycleOp(s, rnd, channel)
  const r = rnd()
  if (r < 0.3) {
    const direct = rnd() < (queueTypes ? 0.75 : 0.5)
    const publish = direct
      ? { id: `m${n}`, exchange: '', routing_key: pick(targets) }
      : { id: `m${n}`, exchange: 'x', routing_key: pick(KEYS) }
    return { op: 'publish', publish, channel }
  }
  if (r < 0.4) {
    const op = rnd() < 0.6 ? 'bind' : 'unbind'
    return {
      op,
      channel,
      binding: {
        source: 'x',
        destination: pick(targets),
        destination_type: 'queue',
        routing_key: pick(KEYS),
      },
    }
  }
  if (r < 0.5) {
    if (s.consumers.length >= 5) return null
    if (queueTypes && rnd() < 0.85) return queueTypeConsume(rnd, channel, n)
    return { op: 'consume', channel, queue: pick(QUEUES), consumer: `C${n}`, prefetch: pick([0, 1, 1, 2, 3]) }
  }
  if (r < 0.55) {
    const mine = s.consumers.filter((c) => c.channel === channel)
    return mine.length ? { op: 'cancel', channel, consumer: pick(mine).tag } : null
  }
  if (r < 0.62)
    return {
      op: 'get',
      channel,
      queue: pick(queueTypes ? [...QUEUES, 'qq', 'qa'] : QUEUES),
      noAck: rnd() < 0.3,
    }
  if (r < 0.97) {
    if (ch.unacked.length === 0) return null
    const d = pick(ch.unacked)
    if (ch.unacked.filter((u) => u.message.id === d.message.id).length > 1) return null
    const oneQueue = new Set(ch.unacked.map((u) => u.queue)).size === 1
    const multiple = oneQueue && rnd() < 0.25
    const picked = pick(['ack', 'ack', 'nack', 'reject'] as const)
    const requeue = rnd() < 0.7
    // A stream delivery is only acked (and an ack with `multiple` only over one queue anyway).
    const kind = d.stream ? 'ack' : picked
    if (kind === 'reject') return { op: 'reject', channel, message: d.message.id, requeue }
    return kind === 'ack'
      ? { op: 'ack', channel, message: d.message.id, multiple }
      : { op: 'nack', channel, message: d.message.id, multiple, requeue }
  }
  return { op: 'channel.close', channel }
}

/**
 * A random timeline of `length` steps after the fixed prelude; `lifecycle` adds purges, queue
 * deletes and redeclares (sometimes auto-delete) and connection closes; `queueTypes` adds the
 * quorum queues and the stream above (publishes, bindings, consumers and gets reach them too).
 * Without `queueTypes` a seed gives the same timeline as before it existed.
 */
export function randomTimeline(
  seed: number,
  length: number,
  lifecycle = false,
  queueTypes = false,
): TimelineScript {
  const rnd = mulberry32(seed)
  const script: TimelineScript = { profile: 'rabbitmq-3.10', steps: prelude(queueTypes) }
  const player = createTimeline(script.profile)
  for (const op of script.steps) player.push(op)
  let n = 0
  while (n < length) {
    const op = nextOp(player.state, rnd, ++n, lifecycle, queueTypes)
    if (!op) continue
    script.steps.push(op)
    player.push(op)
  }
  return script
}

/**
 * The dead-letter world: q1 drops its head at 2 messages, q2 has a 350 ms TTL and priorities, q3
 * refuses a second message and dead-letters it (reject-publish-dlx), q4 refuses one without
 * dead-lettering it (plain reject-publish: only a nack), and `tmp` is deleted after 400 ms unused
 * (x-expires; redeclared now and then); q1–q4 dead-letter through the fanout `dlx` into `dlq`
 * (which drops its head at 5). Policies come and go over them: lower limits (which trim live queues),
 * an overflow mode (the queue's old and new modes decide whether a change trims), a TTL, a
 * dead-letter exchange for `tmp`. Publishes carry priorities and sometimes a 250 ms expiration;
 * rejects and nacks drop or requeue; consumers may have x-priority, channels a global basic.qos,
 * and basic.recover gives everything back. A short-lived message (ready or held), or `tmp` left
 * unused, is never left more than two steps before a 500 ms wait, and policies (which settle longer
 * on the broker) change only when nothing is short-lived, so the broker's wall clock cannot overtake
 * the simulation's.
 */
const DL_QUEUES = ['q1', 'q2', 'q3', 'q4', 'dlq']
const TMP_ARGS = { 'x-expires': 400 }

/**
 * Policies the dead-letter world sets and clears: name, pattern, definition, priority. Priorities
 * differ: of two matching policies with the same one, the broker's pick is unspecified.
 */
const DL_POLICIES: [string, string, Record<string, string | number>, number][] = [
  ['cap', '^q[14]$', { 'max-length': 1 }, 3],
  ['refuse', '^q1$', { overflow: 'reject-publish', 'max-length': 3 }, 4],
  ['short', '^q4$', { 'message-ttl': 250 }, 2],
  ['tmp-dl', '^tmp$', { 'dead-letter-exchange': 'dlx', 'dead-letter-routing-key': 'from-policy' }, 1],
  ['wide', 'q', { 'max-length': 4 }, 0],
]

function deadLetterPrelude(): SimOp[] {
  const q = (name: string, args: Record<string, string | number>): SimOp => ({
    op: 'queue.declare',
    queue: { name, durable: false, arguments: args },
    channel: 'a',
  })
  return [
    { op: 'connection.open', connection: 'c1' },
    { op: 'connection.open', connection: 'c2' },
    ...CHANNELS.map(([channel, connection]): SimOp => ({ op: 'channel.open', channel, connection })),
    { op: 'confirm.select', channel: 'a' },
    { op: 'exchange.declare', exchange: { name: 'dlx', type: 'fanout', durable: false }, channel: 'a' },
    q('q1', { 'x-max-length': 2, 'x-dead-letter-exchange': 'dlx' }),
    q('q2', {
      'x-message-ttl': 350,
      'x-max-priority': 2,
      'x-dead-letter-exchange': 'dlx',
      'x-dead-letter-routing-key': 'from-q2',
    }),
    q('q3', { 'x-max-length': 1, 'x-overflow': 'reject-publish-dlx', 'x-dead-letter-exchange': 'dlx' }),
    q('q4', { 'x-max-length': 2, 'x-overflow': 'reject-publish', 'x-dead-letter-exchange': 'dlx' }),
    q('dlq', { 'x-max-length': 5 }),
    q('tmp', TMP_ARGS),
    {
      op: 'bind',
      binding: { source: 'dlx', destination: 'dlq', destination_type: 'queue', routing_key: '' },
      channel: 'a',
    },
  ]
}

/**
 * Something the broker's clock could overtake: a short-lived message — ready, or held unacked (it
 * expires at once when it comes back after its time) — or `tmp` left unused.
 */
function shortLived(s: SimState): boolean {
  const running = (m: { expiresAt?: number }) => m.expiresAt !== undefined && m.expiresAt > s.now
  if (s.queues.some((q) => q.ready.some(running))) return true
  if (s.channels.some((c) => c.unacked.some((d) => running(d.message)))) return true
  return s.queues.some((q) => q.name === 'tmp') && !s.consumers.some((c) => c.queue === 'tmp')
}

function deadLetterOp(s: SimState, rnd: () => number, n: number, sinceShort: number): SimOp | null {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T
  if (shortLived(s) && sinceShort >= 2) return { op: 'wait', ms: 500 }
  const [channel, connection] = pick(CHANNELS)
  if (!s.connections.find((c) => c.id === connection)?.open) return { op: 'connection.open', connection }
  const ch = s.channels.find((c) => c.id === channel)
  if (!ch?.open) return { op: 'channel.open', channel, connection }
  const tmpExists = s.queues.some((q) => q.name === 'tmp')
  // Queues a step may name without a 404: tmp only while it exists.
  const present = tmpExists ? [...DL_QUEUES, 'tmp'] : DL_QUEUES
  const r = rnd()
  if (r < 0.28) {
    const properties: Record<string, string | number> = { priority: pick([0, 1, 2, 3]) }
    if (rnd() < 0.25) properties.expiration = '250'
    // tmp may be gone: the default exchange then drops the message (nothing is bound).
    const to = pick(['q1', 'q1', 'q2', 'q3', 'q4', 'tmp'])
    return { op: 'publish', channel, publish: { id: `m${n}`, exchange: '', routing_key: to, properties } }
  }
  if (r < 0.36) {
    if (s.consumers.length >= 4) return null
    const priority = rnd() < 0.3 ? { arguments: { 'x-priority': pick([1, 2]) } } : {}
    // Now and then under the channel's global limit instead of its own prefetch.
    const limit = rnd() < 0.2 ? { keepQos: true } : { prefetch: pick([1, 1, 2]) }
    return { op: 'consume', channel, queue: pick(present), consumer: `C${n}`, ...limit, ...priority }
  }
  if (r < 0.4) {
    const mine = s.consumers.filter((c) => c.channel === channel)
    return mine.length ? { op: 'cancel', channel, consumer: pick(mine).tag } : null
  }
  if (r < 0.49) return { op: 'get', channel, queue: pick(present), noAck: rnd() < 0.2 }
  if (r < 0.83) {
    if (ch.unacked.length === 0) return null
    const d = pick(ch.unacked)
    if (ch.unacked.filter((u) => u.message.id === d.message.id).length > 1) return null
    const requeue = rnd() < 0.4
    const kind = pick(['ack', 'nack', 'reject', 'reject'] as const)
    if (kind === 'ack') return { op: 'ack', channel, message: d.message.id }
    return { op: kind, channel, message: d.message.id, requeue }
  }
  if (r < 0.86) return { op: 'wait', ms: 500 }
  if (r < 0.92) {
    // A policy step settles longer on the broker: only when nothing short-lived is running.
    if (shortLived(s)) return { op: 'wait', ms: 500 }
    const [name, pattern, definition, priority] = pick(DL_POLICIES)
    if (s.topology.policies?.some((p) => p.name === name) && rnd() < 0.5) return { op: 'policy.clear', name }
    return { op: 'policy.set', policy: { name, pattern, priority, definition } }
  }
  if (r < 0.94)
    return tmpExists
      ? null
      : { op: 'queue.declare', channel, queue: { name: 'tmp', durable: false, arguments: TMP_ARGS } }
  if (r < 0.96) return { op: 'qos', channel, prefetch: pick([1, 2, 3]), global: true }
  if (r < 0.97) return { op: 'recover', channel }
  return { op: 'channel.close', channel }
}

/** A random timeline in the dead-letter world (see deadLetterPrelude). */
export function randomDeadLetterTimeline(seed: number, length: number): TimelineScript {
  const rnd = mulberry32(seed)
  const script: TimelineScript = { profile: 'rabbitmq-3.10', steps: deadLetterPrelude() }
  const player = createTimeline(script.profile)
  for (const op of script.steps) player.push(op)
  let n = 0
  let sinceShort = 0
  while (n < length) {
    const op = deadLetterOp(player.state, rnd, ++n, sinceShort)
    if (!op) continue
    script.steps.push(op)
    player.push(op)
    sinceShort = op.op === 'wait' ? 0 : sinceShort + 1
  }
  // The drain reads every queue after the last step: let short-lived things run out first.
  if (shortLived(player.state)) script.steps.push({ op: 'wait', ms: 500 })
  return script
}
