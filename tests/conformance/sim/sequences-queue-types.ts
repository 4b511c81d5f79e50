/**
 * Hand-written timelines for quorum queues (issue 22, docs/queue-types.md), on 3.10.8: requeue
 * positions (no limit: back; with a limit: front; a closed channel's returns first either way),
 * every return counting and x-delivery-limit N allowing N returns, then the message dead-lettered
 * with reason delivery_limit or dropped.
 */
import type { SimOp } from '../../../src/engine'
import type { Sequence } from './sequences'

const quorum = (name: string, args: Record<string, string | number> = {}): SimOp => ({
  op: 'queue.declare',
  queue: { name, durable: true, arguments: { 'x-queue-type': 'quorum', ...args } },
  channel: 'p',
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
const consume = (queue: string, consumer: string, channel: string, prefetch: number): SimOp => ({
  op: 'consume',
  queue,
  consumer,
  channel,
  prefetch,
})
const ack = (message: string, channel: string): SimOp => ({ op: 'ack', message, channel })
const nack = (message: string, channel: string): SimOp => ({ op: 'nack', message, channel, requeue: true })
const reject = (message: string, channel: string): SimOp => ({
  op: 'reject',
  message,
  channel,
  requeue: true,
})
const seq = (name: string, steps: SimOp[]): Sequence => ({
  name,
  script: { profile: 'rabbitmq-3.10', steps },
})
const dlq: SimOp = { op: 'queue.declare', queue: { name: 'dlq', durable: false }, channel: 'p' }

export const QUEUE_TYPE_SEQUENCES: Sequence[] = [
  seq('quorum, no delivery limit: a nacked message goes to the back (3.10.8)', [
    ...open('c1', 'p', 'a'),
    quorum('q'),
    ...pubs('m', 3, 'q'),
    consume('q', 'A', 'a', 1),
    nack('m1', 'a'),
    ack('m2', 'a'),
    ack('m3', 'a'),
    ack('m1', 'a'),
  ]),
  seq('quorum, no delivery limit: a rejected message goes to the back, and keeps going round (3.10.8)', [
    ...open('c1', 'p', 'a'),
    quorum('q'),
    ...pubs('m', 2, 'q'),
    consume('q', 'A', 'a', 1),
    reject('m1', 'a'),
    reject('m2', 'a'),
    reject('m1', 'a'),
    reject('m2', 'a'),
    ack('m1', 'a'),
    ack('m2', 'a'),
  ]),
  seq('quorum, x-delivery-limit 2: returns go to the front; the third return dead-letters (delivery_limit)', [
    ...open('c1', 'p', 'a'),
    dlq,
    quorum('q', { 'x-delivery-limit': 2, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 'dlq' }),
    ...pubs('m', 2, 'q'),
    consume('q', 'A', 'a', 1),
    reject('m1', 'a'),
    nack('m1', 'a'),
    reject('m1', 'a'),
    ack('m2', 'a'),
    consume('dlq', 'D', 'a', 5),
  ]),
  seq('quorum, x-delivery-limit 1 without a DLX: the second return drops the message', [
    ...open('c1', 'p', 'a'),
    quorum('q', { 'x-delivery-limit': 1 }),
    ...pubs('m', 3, 'q'),
    consume('q', 'A', 'a', 1),
    nack('m1', 'a'),
    nack('m1', 'a'),
    ack('m2', 'a'),
    ack('m3', 'a'),
  ]),
  seq('quorum, x-delivery-limit 0: the first return already dead-letters', [
    ...open('c1', 'p', 'a'),
    dlq,
    quorum('q', { 'x-delivery-limit': 0, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 'dlq' }),
    ...pubs('m', 2, 'q'),
    consume('q', 'A', 'a', 1),
    nack('m1', 'a'),
    ack('m2', 'a'),
    consume('dlq', 'D', 'a', 5),
  ]),
  seq('quorum, no limit: a closed channel returns its deliveries first, in order', [
    ...open('c1', 'p', 'a', 'b'),
    quorum('q'),
    ...pubs('m', 4, 'q'),
    consume('q', 'A', 'a', 2),
    { op: 'channel.close', channel: 'a' },
    consume('q', 'B', 'b', 10),
  ]),
  seq('quorum, with a limit: a closed channel returns first and each return counts', [
    ...open('c1', 'p', 'a', 'b', 'c'),
    quorum('q', { 'x-delivery-limit': 1 }),
    ...pubs('m', 3, 'q'),
    consume('q', 'A', 'a', 1),
    { op: 'channel.close', channel: 'a' },
    consume('q', 'B', 'b', 1),
    { op: 'channel.close', channel: 'b' },
    consume('q', 'C', 'c', 10),
  ]),
  seq('quorum, x-delivery-limit 3: two returned messages wait at the front in the order they came back', [
    ...open('c1', 'p', 'a'),
    quorum('q', { 'x-delivery-limit': 3 }),
    ...pubs('m', 4, 'q'),
    consume('q', 'A', 'a', 2),
    nack('m2', 'a'),
    nack('m1', 'a'),
    ack('m2', 'a'),
    ack('m1', 'a'),
    ack('m3', 'a'),
    ack('m4', 'a'),
  ]),
]
