/**
 * Hand-written timelines for streams on 3.10.8 (issue 22, docs/queue-types.md "Streams in the
 * timeline"): `x-stream-offset` (first, last, next, none, numbers, timestamps, an interval),
 * append-only storage that consumers do not remove, the `x-stream-offset` header, prefetch windows
 * freed by acks, and the refusals — 406 without prefetch, 540 for no-ack, basic.get, nack, reject
 * and purge, 541 for a bad offset spec and basic.recover — and dead-lettering into a stream.
 */
import type { JsonValue, SimOp } from '../../../src/engine'
import type { Sequence } from './sequences'

const stream = (name: string): SimOp => ({
  op: 'queue.declare',
  queue: { name, durable: true, arguments: { 'x-queue-type': 'stream' } },
  channel: 'p',
})
const pubs = (prefix: string, from: number, to: number, queue = 's'): SimOp[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    op: 'publish',
    publish: { id: `${prefix}${from + i}`, exchange: '', routing_key: queue },
    channel: 'p',
  }))
const open = (conn: string, ...channels: string[]): SimOp[] => [
  { op: 'connection.open', connection: conn },
  ...channels.map((channel): SimOp => ({ op: 'channel.open', channel, connection: conn })),
]
const read = (
  consumer: string,
  channel: string,
  offset: JsonValue | undefined,
  prefetch = 10,
  queue = 's',
): SimOp => ({
  op: 'consume',
  queue,
  consumer,
  channel,
  prefetch,
  ...(offset === undefined ? {} : { arguments: { 'x-stream-offset': offset } }),
})
const ack = (message: string, channel: string, multiple = false): SimOp => ({
  op: 'ack',
  message,
  channel,
  ...(multiple ? { multiple } : {}),
})
const seq = (name: string, steps: SimOp[]): Sequence => ({
  name,
  script: { profile: 'rabbitmq-3.10', steps },
})
/** 2100-01-01T00:00:00Z: later than any message a run writes. */
const FAR_FUTURE = { '!': 'timestamp', value: 4102444800 }

export const STREAM_SEQUENCES: Sequence[] = [
  seq('stream: x-stream-offset first, last, next and none; each delivery carries its offset (3.10.8)', [
    ...open('c1', 'p', 'a', 'b', 'c', 'd'),
    stream('s'),
    ...pubs('m', 1, 3),
    read('A', 'a', 'first'),
    read('B', 'b', 'last'),
    read('C', 'c', 'next'),
    read('D', 'd', undefined),
    ...pubs('m', 4, 5),
  ]),
  seq('stream: "last" is the last chunk; every confirmed publish is a chunk of its own (3.10.8)', [
    ...open('c1', 'p', 'a', 'b'),
    stream('s'),
    ...pubs('m', 1, 4),
    read('A', 'a', 'last'),
    ...pubs('m', 5, 5),
    read('B', 'b', 'last'),
  ]),
  seq('stream: numeric offsets — N and after; negative = first; past the end waits for offset N', [
    ...open('c1', 'p', 'a', 'b', 'c', 'd'),
    stream('s'),
    ...pubs('m', 1, 4),
    read('A', 'a', 2),
    read('B', 'b', -1),
    read('C', 'c', 6),
    read('D', 'd', { '!': 'long', value: 4 }),
    ...pubs('m', 5, 7),
  ]),
  seq('stream: timestamp offsets (0 = everything, the far future = nothing yet) and an interval', [
    ...open('c1', 'p', 'a', 'b', 'c'),
    stream('s'),
    ...pubs('m', 1, 3),
    read('A', 'a', { '!': 'timestamp', value: 0 }),
    read('B', 'b', FAR_FUTURE),
    read('C', 'c', '1h'),
    ...pubs('m', 4, 4),
  ]),
  seq('stream: the prefetch window limits what is in flight; acks free it and remove nothing', [
    ...open('c1', 'p', 'a', 'b'),
    stream('s'),
    ...pubs('m', 1, 6),
    read('A', 'a', 'first', 2),
    ack('m1', 'a'),
    ack('m3', 'a', true),
    { op: 'channel.close', channel: 'a' },
    read('B', 'b', 'first', 3),
    ack('m1', 'b'),
  ]),
  seq('stream: two consumers read from different offsets, independently; the stream keeps all', [
    ...open('c1', 'p', 'a', 'b'),
    stream('s'),
    ...pubs('m', 1, 3),
    read('A', 'a', 'first', 5),
    read('B', 'b', 2, 5),
    ack('m3', 'a', true),
    ...pubs('m', 4, 5),
    { op: 'cancel', consumer: 'B', channel: 'b' },
    ...pubs('m', 6, 6),
  ]),
  seq('stream: a consumer without prefetch is 406 (channel); no-ack is 540 (connection)', [
    ...open('c1', 'p', 'a'),
    ...open('c2', 'b'),
    ...open('c3', 'c'),
    stream('s'),
    ...pubs('m', 1, 2),
    read('A', 'a', 'first', 0),
    { op: 'consume', queue: 's', consumer: 'B', channel: 'b', prefetch: 5, noAck: true },
    { op: 'consume', queue: 's', consumer: 'C', channel: 'c', prefetch: 0, noAck: true },
  ]),
  seq('stream: basic.get and queue.purge are 540 connection errors; the messages stay', [
    ...open('c1', 'p'),
    ...open('c2', 'a'),
    ...open('c3', 'b'),
    stream('s'),
    ...pubs('m', 1, 2),
    { op: 'get', queue: 's', channel: 'a' },
    { op: 'queue.purge', name: 's', channel: 'b' },
  ]),
  seq('stream: basic.nack and basic.reject are 540 connection errors', [
    ...open('c1', 'p'),
    ...open('c2', 'a'),
    ...open('c3', 'b'),
    stream('s'),
    ...pubs('m', 1, 2),
    read('A', 'a', 'first'),
    { op: 'nack', message: 'm1', channel: 'a', requeue: true },
    read('B', 'b', 'first'),
    { op: 'reject', message: 'm2', channel: 'b', requeue: false },
  ]),
  seq('stream: 3.10.8 crashes the channel (541, the connection) on a bad offset spec and on basic.recover', [
    ...open('c1', 'p'),
    ...open('c2', 'a'),
    ...open('c3', 'b'),
    stream('s'),
    ...pubs('m', 1, 2),
    read('A', 'a', 'foo'),
    read('B', 'b', 'first'),
    { op: 'recover', channel: 'b' },
  ]),
  seq('stream and quorum: a channel-wide (global) prefetch is 540; a per-consumer qos lifts it', [
    ...open('c1', 'p', 'x'),
    ...open('c2', 'a'),
    ...open('c3', 'b'),
    stream('s'),
    {
      op: 'queue.declare',
      queue: { name: 'qq', durable: true, arguments: { 'x-queue-type': 'quorum' } },
      channel: 'p',
    },
    ...pubs('m', 1, 2),
    { op: 'qos', prefetch: 3, channel: 'a' },
    { op: 'qos', prefetch: 5, global: true, channel: 'a' },
    { op: 'consume', queue: 's', consumer: 'A', channel: 'a', keepQos: true },
    { op: 'qos', prefetch: 5, global: true, channel: 'b' },
    { op: 'consume', queue: 'qq', consumer: 'B', channel: 'b', keepQos: true },
    { op: 'qos', prefetch: 5, global: true, channel: 'x' },
    read('X', 'x', 'first', 4),
  ]),
  seq(
    'dead-lettering into a stream on 3.10: at most once is lost (classic and quorum), at least once arrives',
    [
      ...open('c1', 'p', 'a'),
      stream('s'),
      {
        op: 'queue.declare',
        queue: {
          name: 'cq',
          durable: true,
          arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 's' },
        },
        channel: 'p',
      },
      {
        op: 'queue.declare',
        queue: {
          name: 'qq',
          durable: true,
          arguments: {
            'x-queue-type': 'quorum',
            'x-dead-letter-exchange': '',
            'x-dead-letter-routing-key': 's',
          },
        },
        channel: 'p',
      },
      {
        op: 'queue.declare',
        queue: {
          name: 'qa',
          durable: true,
          arguments: {
            'x-queue-type': 'quorum',
            'x-overflow': 'reject-publish',
            'x-dead-letter-strategy': 'at-least-once',
            'x-dead-letter-exchange': '',
            'x-dead-letter-routing-key': 's',
          },
        },
        channel: 'p',
      },
      ...pubs('c', 1, 1, 'cq'),
      ...pubs('q', 1, 1, 'qq'),
      ...pubs('a', 1, 1, 'qa'),
      { op: 'get', queue: 'cq', channel: 'a' },
      { op: 'reject', message: 'c1', channel: 'a', requeue: false },
      { op: 'get', queue: 'qq', channel: 'a' },
      { op: 'reject', message: 'q1', channel: 'a', requeue: false },
      { op: 'get', queue: 'qa', channel: 'a' },
      { op: 'reject', message: 'a1', channel: 'a', requeue: false },
      ...pubs('m', 1, 1),
    ],
  ),
]
