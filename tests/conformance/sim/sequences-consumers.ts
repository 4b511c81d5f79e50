/**
 * Hand-written timelines for consumer behaviour the simulation models since issue 16: per-channel
 * and server-made consumer tags, basic.qos global (and how a per-consumer qos lifts it in 3.10),
 * consumer priorities, exclusive consumers, single active consumer and basic.recover.
 */
import type { SimOp } from '../../../src/engine'
import type { Sequence } from './sequences'

const q = (name: string, args?: Record<string, boolean>, channel?: string): SimOp => ({
  op: 'queue.declare',
  queue: { name, durable: false, ...(args ? { arguments: args } : {}) },
  ...(channel ? { channel } : {}),
})
const pubs = (prefix: string, n: number, queue: string): SimOp[] =>
  Array.from({ length: n }, (_, i) => ({
    op: 'publish',
    publish: { id: `${prefix}${i + 1}`, exchange: '', routing_key: queue },
    channel: 'p',
  }))
const open = (conn: string, ...channels: string[]): SimOp[] => [
  { op: 'connection.open', connection: conn },
  ...channels.map((channel): SimOp => ({ op: 'channel.open', channel, connection: conn })),
]
const consume = (
  queue: string,
  consumer: string,
  channel: string,
  extra: Partial<Extract<SimOp, { op: 'consume' }>> = {},
): SimOp => ({ op: 'consume', queue, consumer, channel, ...extra })
const ack = (message: string, channel: string): SimOp => ({ op: 'ack', message, channel })
const seq = (name: string, steps: SimOp[]): Sequence => ({
  name,
  script: { profile: 'rabbitmq-3.10', steps },
})

export const CONSUMER_SEQUENCES: Sequence[] = [
  seq('the same consumer tag on two channels is two consumers', [
    ...open('c1', 'p', 'a', 'b'),
    q('w', undefined, 'p'),
    consume('w', 'T', 'a'),
    consume('w', 'T', 'b'),
    ...pubs('m', 4, 'w'),
    { op: 'cancel', consumer: 'T', channel: 'a' },
    ...pubs('n', 2, 'w'),
  ]),
  seq('an empty consumer tag is made up by the broker', [
    ...open('c1', 'p', 'a'),
    q('w', undefined, 'p'),
    consume('w', '', 'a'),
    consume('w', '', 'a'),
    ...pubs('m', 4, 'w'),
    { op: 'cancel', consumer: 'amq.ctag-1', channel: 'a' },
    ...pubs('n', 2, 'w'),
  ]),
  seq('basic.qos global: one limit for every consumer of the channel, round-robin', [
    ...open('c1', 'p', 'a'),
    q('g', undefined, 'p'),
    { op: 'qos', prefetch: 2, global: true, channel: 'a' },
    consume('g', 'A', 'a', { keepQos: true }),
    consume('g', 'B', 'a', { keepQos: true }),
    ...pubs('g', 5, 'g'),
    ack('g1', 'a'),
    ack('g2', 'a'),
    ack('g3', 'a'),
  ]),
  seq('basic.get is outside the global limit; a per-consumer basic.qos lifts it (3.10)', [
    ...open('c1', 'p', 'a'),
    q('g', undefined, 'p'),
    { op: 'qos', prefetch: 2, global: true, channel: 'a' },
    ...pubs('x', 2, 'g'),
    { op: 'get', queue: 'g', channel: 'a' },
    consume('g', 'A', 'a', { keepQos: true }),
    ...pubs('y', 3, 'g'),
    { op: 'ack', message: 'x1', channel: 'a' },
    consume('g', 'B', 'a', { prefetch: 0 }),
    ...pubs('z', 2, 'g'),
  ]),
  seq('a global limit counts what the channel already holds unacked', [
    ...open('c1', 'p', 'a'),
    q('g', undefined, 'p'),
    ...pubs('x', 4, 'g'),
    { op: 'get', queue: 'g', channel: 'a' },
    { op: 'get', queue: 'g', channel: 'a' },
    { op: 'qos', prefetch: 2, global: true, channel: 'a' },
    consume('g', 'A', 'a', { keepQos: true }),
    { op: 'ack', message: 'x1', channel: 'a' },
    { op: 'ack', message: 'x2', channel: 'a' },
    ...pubs('y', 1, 'g'),
  ]),
  seq('global and per-consumer limits together', [
    ...open('c1', 'p', 'a'),
    q('gc', undefined, 'p'),
    { op: 'qos', prefetch: 1, channel: 'a' },
    { op: 'qos', prefetch: 3, global: true, channel: 'a' },
    consume('gc', 'A', 'a', { keepQos: true }),
    consume('gc', 'B', 'a', { keepQos: true }),
    consume('gc', 'C', 'a', { keepQos: true }),
    consume('gc', 'D', 'a', { keepQos: true }),
    ...pubs('y', 6, 'gc'),
    ack('y1', 'a'),
    ack('y3', 'a'),
  ]),
  seq('consumer priorities: the highest priority with room first, round-robin within a priority', [
    ...open('c1', 'p', 'a'),
    q('cp', undefined, 'p'),
    consume('cp', 'low', 'a', { prefetch: 1 }),
    consume('cp', 'high', 'a', { prefetch: 1, arguments: { 'x-priority': 10 } }),
    consume('cp', 'high2', 'a', { prefetch: 1, arguments: { 'x-priority': 10 } }),
    consume('cp', 'mid', 'a', { prefetch: 1, arguments: { 'x-priority': 5 } }),
    ...pubs('z', 6, 'cp'),
    ack('z1', 'a'),
    ack('z4', 'a'),
    ack('z2', 'a'),
  ]),
  seq('an exclusive consumer keeps every other consumer off the queue', [
    ...open('c1', 'p', 'a', 'b', 'c'),
    q('ex', undefined, 'p'),
    q('ex2', undefined, 'p'),
    consume('ex', 'E', 'a', { exclusive: true }),
    consume('ex', 'F', 'b'),
    consume('ex2', 'N', 'c'),
    consume('ex2', 'X', 'a', { exclusive: true }),
    ...pubs('m', 2, 'ex'),
  ]),
  // Cancelling the active consumer while it holds unacked messages crashes the queue process in
  // RabbitMQ 3.10.8 (badmatch in rabbit_amqqueue_process:attempt_delivery): the sequence acks first.
  seq('x-single-active-consumer: only the first consumer is served until it goes', [
    ...open('c1', 'p', 'a', 'b'),
    q('sac', { 'x-single-active-consumer': true }, 'p'),
    consume('sac', 'S1', 'a', { prefetch: 1 }),
    consume('sac', 'S2', 'b', { prefetch: 5, arguments: { 'x-priority': 9 } }),
    ...pubs('s', 3, 'sac'),
    ack('s1', 'a'),
    ack('s2', 'a'),
    { op: 'cancel', consumer: 'S1', channel: 'a' },
    ...pubs('t', 2, 'sac'),
  ]),
  seq('basic.recover requeues every unacked delivery of the channel, basic.get ones too', [
    ...open('c1', 'p', 'a'),
    q('r', undefined, 'p'),
    q('other', undefined, 'p'),
    ...pubs('o', 1, 'other'),
    { op: 'get', queue: 'other', channel: 'a' },
    consume('r', 'R', 'a'),
    ...pubs('r', 3, 'r'),
    { op: 'ack', message: 'r2', channel: 'a' },
    { op: 'recover', channel: 'a' },
    { op: 'get', queue: 'other', channel: 'p' },
  ]),
]
