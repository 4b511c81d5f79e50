/**
 * Kept regressions of the timeline simulation: sequences on which held-out random timelines once
 * disagreed with RabbitMQ 3.10.8 (issue 16). The unit tests in tests/unit/sim-broker-regressions.test.ts
 * pin the same rules without a broker.
 */
import type { SimOp } from '../../../src/engine'
import type { Sequence } from './sequences'

const open = (conn: string, ...channels: string[]): SimOp[] => [
  { op: 'connection.open', connection: conn },
  ...channels.map((channel): SimOp => ({ op: 'channel.open', channel, connection: conn })),
]
const binding = (key: string) =>
  ({ source: 'amq.direct', destination: 'mine', destination_type: 'queue', routing_key: key }) as const
const seq = (name: string, steps: SimOp[]): Sequence => ({
  name,
  script: { profile: 'rabbitmq-3.10', steps },
})

/** get m1, delete q, declare q again, then give m1 back with `settle`: the new q stays empty. */
const requeueIntoNewQueue = (settle: SimOp): SimOp[] => [
  ...open('c1', 'a'),
  ...open('c2', 'b'),
  { op: 'queue.declare', queue: { name: 'q', durable: false }, channel: 'b' },
  { op: 'publish', publish: { id: 'm1', exchange: '', routing_key: 'q' }, channel: 'b' },
  { op: 'publish', publish: { id: 'm2', exchange: '', routing_key: 'q' }, channel: 'b' },
  { op: 'get', queue: 'q', channel: 'a' },
  { op: 'queue.delete', name: 'q', channel: 'b' },
  { op: 'queue.declare', queue: { name: 'q', durable: false }, channel: 'b' },
  settle,
  { op: 'publish', publish: { id: 'm3', exchange: '', routing_key: 'q' }, channel: 'b' },
  { op: 'get', queue: 'q', channel: 'b' },
  { op: 'get', queue: 'q', channel: 'b' },
]

export const REGRESSIONS: Sequence[] = [
  seq('regression: unbind of a missing binding on another connection’s exclusive queue is unbind-ok', [
    ...open('c1', 'a'),
    ...open('c2', 'b'),
    { op: 'queue.declare', queue: { name: 'mine', exclusive: true }, channel: 'a' },
    { op: 'bind', binding: binding('k1'), channel: 'a' },
    { op: 'unbind', binding: binding('nothing-bound'), channel: 'b' },
    { op: 'unbind', binding: binding('k1'), channel: 'b' },
    { op: 'channel.open', channel: 'b', connection: 'c2' },
    { op: 'bind', binding: binding('k2'), channel: 'b' },
    { op: 'channel.open', channel: 'b', connection: 'c2' },
    { op: 'publish', publish: { id: 'm1', exchange: 'amq.direct', routing_key: 'k1' }, channel: 'b' },
  ]),
  seq('regression: nack requeue into a re-created queue loses the message', [
    ...requeueIntoNewQueue({ op: 'nack', message: 'm1', requeue: true, channel: 'a' }),
  ]),
  seq('regression: reject requeue into a re-created queue loses the message', [
    ...requeueIntoNewQueue({ op: 'reject', message: 'm1', requeue: true, channel: 'a' }),
  ]),
  seq('regression: closing the channel after the queue was re-created loses the message', [
    ...requeueIntoNewQueue({ op: 'channel.close', channel: 'a' }),
  ]),
  seq('regression: closing the connection after the queue was re-created loses the message', [
    ...requeueIntoNewQueue({ op: 'connection.close', connection: 'c1' }),
  ]),
  // Widened dead-letter timelines, seed 16 (before the generator's policies got distinct priorities):
  // the broker redelivers after basic.recover before recover-ok arrives; the redelivered copies are
  // held on the channel and can be acked by id.
  seq('regression: after basic.recover the redelivered messages are acked by id', [
    ...open('c1', 'a'),
    { op: 'queue.declare', queue: { name: 'q', durable: false }, channel: 'a' },
    { op: 'consume', queue: 'q', consumer: 'C1', prefetch: 2, channel: 'a' },
    { op: 'publish', publish: { id: 'm1', exchange: '', routing_key: 'q' }, channel: 'a' },
    { op: 'publish', publish: { id: 'm2', exchange: '', routing_key: 'q' }, channel: 'a' },
    { op: 'recover', channel: 'a' },
    { op: 'ack', message: 'm2', channel: 'a' },
    { op: 'recover', channel: 'a' },
    { op: 'ack', message: 'm1', channel: 'a' },
  ]),
]
