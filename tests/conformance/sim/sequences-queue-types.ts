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
const get = (queue: string, channel: string, noAck = false): SimOp => ({ op: 'get', queue, channel, noAck })
/** A quorum queue dead-lettering at least once (needs reject-publish and a DLX). */
const atLeastOnce = (name: string, dlx: string, extra: Record<string, string | number> = {}): SimOp =>
  quorum(name, {
    'x-overflow': 'reject-publish',
    'x-dead-letter-strategy': 'at-least-once',
    'x-dead-letter-exchange': dlx,
    ...extra,
  })
const confirm: SimOp = { op: 'confirm.select', channel: 'p' }

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
  seq(
    'quorum: x-delivery-count appears after the first return and counts nack, reject, close and recover (3.10.8)',
    [
      ...open('c1', 'p', 'a', 'b'),
      quorum('q'),
      ...pubs('m', 1, 'q'),
      consume('q', 'A', 'a', 1),
      nack('m1', 'a'),
      reject('m1', 'a'),
      { op: 'channel.close', channel: 'a' },
      get('q', 'b'),
      { op: 'recover', channel: 'b' },
      get('q', 'b'),
      nack('m1', 'b'),
    ],
  ),
  seq('quorum: basic.get carries x-delivery-count 0 on a first delivery; a consumer does not', [
    ...open('c1', 'p', 'a', 'b'),
    quorum('q', { 'x-delivery-limit': 5 }),
    ...pubs('m', 3, 'q'),
    get('q', 'a'),
    get('q', 'a', true),
    consume('q', 'B', 'b', 5),
    nack('m1', 'a'),
  ]),
  seq('quorum, x-delivery-limit 2: counts 1 and 2 on redeliveries, then dead-lettered without the header', [
    ...open('c1', 'p', 'a'),
    dlq,
    quorum('q', { 'x-delivery-limit': 2, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 'dlq' }),
    ...pubs('m', 1, 'q'),
    consume('q', 'A', 'a', 1),
    nack('m1', 'a'),
    nack('m1', 'a'),
    nack('m1', 'a'),
    consume('dlq', 'D', 'a', 5),
  ]),
  seq('quorum: a channel-wide prefetch refuses the consumer (540, the connection); without it all is well', [
    ...open('c1', 'p'),
    ...open('c2', 'a'),
    ...open('c3', 'b'),
    quorum('q'),
    ...pubs('m', 2, 'q'),
    { op: 'qos', prefetch: 2, global: true, channel: 'a' },
    { op: 'consume', queue: 'q', consumer: 'A', channel: 'a', keepQos: true },
    { op: 'qos', prefetch: 0, global: true, channel: 'b' },
    { op: 'consume', queue: 'q', consumer: 'B', channel: 'b', keepQos: true },
  ]),
  seq('quorum, at-least-once with a routable DLX: rejected messages arrive with x-death', [
    ...open('c1', 'p', 'a'),
    dlq,
    atLeastOnce('q', '', { 'x-dead-letter-routing-key': 'dlq' }),
    ...pubs('m', 3, 'q'),
    consume('q', 'A', 'a', 3),
    { op: 'reject', message: 'm1', channel: 'a', requeue: false },
    { op: 'nack', message: 'm3', channel: 'a', requeue: false },
    ack('m2', 'a'),
    consume('dlq', 'D', 'a', 5),
  ]),
  seq('quorum, at-least-once into nowhere: the messages stay inside and count toward x-max-length', [
    ...open('c1', 'p', 'a'),
    confirm,
    atLeastOnce('q', 'nowhere', { 'x-max-length': 2 }),
    ...pubs('u', 2, 'q'),
    consume('q', 'A', 'a', 2),
    { op: 'reject', message: 'u1', channel: 'a', requeue: false },
    { op: 'reject', message: 'u2', channel: 'a', requeue: false },
    { op: 'cancel', consumer: 'A', channel: 'a' },
    ...pubs('v', 3, 'q'),
  ]),
  seq(
    'quorum, at-least-once falls back to at-most-once without reject-publish (drop-head, reject-publish-dlx)',
    [
      ...open('c1', 'p', 'a'),
      confirm,
      quorum('f', {
        'x-max-length': 2,
        'x-dead-letter-strategy': 'at-least-once',
        'x-dead-letter-exchange': 'nowhere',
      }),
      quorum('g', {
        'x-max-length': 2,
        'x-overflow': 'reject-publish-dlx',
        'x-dead-letter-strategy': 'at-least-once',
        'x-dead-letter-exchange': 'nowhere',
      }),
      ...pubs('f', 2, 'f'),
      ...pubs('g', 2, 'g'),
      get('f', 'a'),
      { op: 'reject', message: 'f1', channel: 'a', requeue: false },
      get('g', 'a'),
      { op: 'reject', message: 'g1', channel: 'a', requeue: false },
      ...pubs('x', 3, 'f'),
      ...pubs('y', 3, 'g'),
    ],
  ),
  seq('quorum, reject-publish x-max-length 5: refused until back at 4 (80 %), for every channel (3.10.8)', [
    ...open('c1', 'p', 'a', 'b'),
    confirm,
    { op: 'confirm.select', channel: 'b' },
    quorum('q', { 'x-max-length': 5, 'x-overflow': 'reject-publish' }),
    ...pubs('m', 7, 'q'),
    get('q', 'a', true),
    ...pubs('x', 1, 'q'),
    { op: 'publish', publish: { id: 'b1', exchange: '', routing_key: 'q' }, channel: 'b' },
    get('q', 'a', true),
    ...pubs('y', 3, 'q'),
  ]),
  seq('quorum, reject-publish x-max-length 5: back at 4 by deliveries, a requeue does not block again', [
    ...open('c1', 'p', 'a'),
    confirm,
    quorum('q', { 'x-max-length': 5, 'x-overflow': 'reject-publish' }),
    ...pubs('m', 7, 'q'),
    consume('q', 'A', 'a', 2),
    nack('m1', 'a'),
    ...pubs('x', 2, 'q'),
  ]),
]
