/**
 * Hand-written timeline sequences for the broker suite: what a client can observe about queues that
 * hold messages — contents after bind / unbind / publish, round-robin order with consume and
 * prefetch, requeue order, acks, confirms and returns, and lifecycle. One rule each.
 */
import type { SimOp, TimelineScript } from '../../../src/engine'

const q = (name: string, extra: Record<string, boolean> = {}, channel?: string): SimOp => ({
  op: 'queue.declare',
  queue: { name, durable: false, ...extra },
  ...(channel ? { channel } : {}),
})
const x = (name: string, type = 'direct', extra: Record<string, boolean> = {}): SimOp => ({
  op: 'exchange.declare',
  exchange: { name, type, durable: false, ...extra },
})
const bind = (source: string, queue: string, key: string, op: 'bind' | 'unbind' = 'bind'): SimOp => ({
  op,
  binding: { source, destination: queue, destination_type: 'queue', routing_key: key },
})
const pub = (
  id: string,
  exchange: string,
  key: string,
  extra: { mandatory?: boolean; channel?: string } = {},
): SimOp => ({
  op: 'publish',
  publish: { id, exchange, routing_key: key, ...(extra.mandatory ? { mandatory: true } : {}) },
  ...(extra.channel ? { channel: extra.channel } : {}),
})
const many = (prefix: string, n: number, exchange: string, key: string): SimOp[] =>
  Array.from({ length: n }, (_, i) => pub(`${prefix}${i + 1}`, exchange, key))
const consume = (queue: string, consumer: string, prefetch = 0, channel?: string): SimOp => ({
  op: 'consume',
  queue,
  consumer,
  prefetch,
  ...(channel ? { channel } : {}),
})
const open = (conn: string, ...channels: string[]): SimOp[] => [
  { op: 'connection.open', connection: conn },
  ...channels.map((c): SimOp => ({ op: 'channel.open', channel: c, connection: conn })),
]

export interface Sequence {
  name: string
  script: TimelineScript
}

const seq = (name: string, steps: SimOp[]): Sequence => ({
  name,
  script: { profile: 'rabbitmq-3.10', steps },
})

export const SEQUENCES: Sequence[] = [
  seq('competing consumers share one queue round-robin', [
    q('work'),
    consume('work', 'A'),
    consume('work', 'B'),
    consume('work', 'C'),
    ...many('m', 7, '', 'work'),
  ]),
  seq('independent queues each get a copy', [
    x('orders', 'fanout'),
    q('audit'),
    q('notify'),
    bind('orders', 'audit', ''),
    bind('orders', 'notify', ''),
    consume('notify', 'N1'),
    consume('notify', 'N2'),
    ...many('o', 4, 'orders', 'order.created'),
  ]),
  seq('prefetch 1 on two consumers: backlog handed out as acks arrive', [
    ...open('c1', 'a'),
    ...open('c2', 'b'),
    q('w', {}, 'a'),
    ...many('m', 5, '', 'w').map((o) => ({ ...o, channel: 'a' })),
    consume('w', 'A', 1, 'a'),
    consume('w', 'B', 1, 'b'),
    { op: 'ack', message: 'm2', channel: 'b' },
    { op: 'ack', message: 'm1', channel: 'a' },
    { op: 'ack', message: 'm3', channel: 'b' },
    { op: 'ack', message: 'm4', channel: 'a' },
  ]),
  seq('mixed prefetch on one channel', [
    q('w'),
    consume('w', 'A', 2),
    consume('w', 'B', 1),
    consume('w', 'C', 0),
    ...many('m', 9, '', 'w'),
    { op: 'ack', message: 'm1' },
    pub('n1', '', 'w'),
    pub('n2', '', 'w'),
  ]),
  seq('requeue puts messages back in their original place', [
    q('w'),
    ...many('m', 4, '', 'w'),
    { op: 'get', queue: 'w' },
    { op: 'get', queue: 'w' },
    { op: 'get', queue: 'w' },
    { op: 'nack', message: 'm3', requeue: true },
    { op: 'reject', message: 'm1', requeue: true },
    { op: 'get', queue: 'w' },
  ]),
  seq('nack multiple requeues to the other consumer', [
    ...open('c1', 'a', 'b'),
    q('w', {}, 'a'),
    consume('w', 'A', 3, 'a'),
    ...many('m', 3, '', 'w').map((o) => ({ ...o, channel: 'a' })),
    consume('w', 'B', 0, 'b'),
    { op: 'nack', message: 'm2', multiple: true, requeue: true, channel: 'a' },
  ]),
  seq('reject without requeue discards', [
    q('w'),
    ...many('m', 3, '', 'w'),
    { op: 'get', queue: 'w' },
    { op: 'reject', message: 'm1', requeue: false },
    { op: 'get', queue: 'w' },
    { op: 'nack', message: 'm2', requeue: false },
  ]),
  seq('closing a channel requeues its unacked messages for others', [
    ...open('c1', 'a', 'b'),
    q('w', {}, 'a'),
    consume('w', 'A', 2, 'a'),
    consume('w', 'B', 1, 'b'),
    ...many('m', 5, '', 'w').map((o) => ({ ...o, channel: 'a' })),
    { op: 'channel.close', channel: 'a' },
    { op: 'ack', message: 'm2', channel: 'b' },
  ]),
  seq('a queue bound after publishing gets none of the earlier messages', [
    x('promo', 'direct'),
    q('early'),
    bind('promo', 'early', 'sale'),
    ...many('p', 3, 'promo', 'sale'),
    q('late'),
    bind('promo', 'late', 'sale'),
    ...many('r', 2, 'promo', 'sale'),
  ]),
  seq('declare, bind, unbind, rebind event by event', [
    x('ev', 'topic'),
    pub('e1', 'ev', 'order.created'),
    q('probe'),
    pub('e2', 'ev', 'order.created'),
    bind('ev', 'probe', 'order.*'),
    pub('e3', 'ev', 'order.created'),
    bind('ev', 'probe', 'order.*', 'unbind'),
    pub('e4', 'ev', 'order.created'),
    bind('ev', 'probe', 'order.#'),
    pub('e5', 'ev', 'order.created'),
    pub('e6', 'ev', 'order.eu.created'),
  ]),
  seq('mandatory unroutable: the return comes before the ack', [
    { op: 'confirm.select' },
    q('w'),
    pub('m1', '', 'w', { mandatory: true }),
    pub('m2', 'amq.direct', 'nowhere', { mandatory: true }),
    pub('m3', 'amq.direct', 'nowhere'),
    pub('m4', '', 'w'),
  ]),
  seq('exclusive queue: locked for others, gone with its connection', [
    ...open('c1', 'a'),
    ...open('c2', 'b'),
    q('mine', { exclusive: true }, 'a'),
    q('mine', { exclusive: true }, 'b'),
    { op: 'channel.open', channel: 'b', connection: 'c2' },
    { op: 'get', queue: 'mine', channel: 'b' },
    { op: 'channel.open', channel: 'b', connection: 'c2' },
    pub('m1', '', 'mine', { channel: 'b' }),
    { op: 'connection.close', connection: 'c1' },
    pub('m2', '', 'mine', { channel: 'b', mandatory: true }),
  ]),
  seq('auto-delete queue: polled is kept, last consumer gone deletes it', [
    q('ad', { auto_delete: true }),
    pub('m1', '', 'ad'),
    { op: 'get', queue: 'ad', noAck: true },
    consume('ad', 'A', 1),
    consume('ad', 'B', 1),
    pub('m2', '', 'ad'),
    { op: 'cancel', consumer: 'A' },
    pub('m3', '', 'ad'),
    { op: 'cancel', consumer: 'B' },
    pub('m4', '', 'ad', { mandatory: true }),
  ]),
  seq('auto-delete exchange after its last binding', [
    x('ax', 'direct', { auto_delete: true }),
    q('w'),
    bind('ax', 'w', 'a'),
    bind('ax', 'w', 'b'),
    bind('ax', 'w', 'a', 'unbind'),
    pub('m1', 'ax', 'b'),
    bind('ax', 'w', 'b', 'unbind'),
    pub('m2', 'ax', 'b'),
  ]),
  seq('redeclare with other properties closes the channel', [
    q('w', { durable: true }),
    q('w', { durable: false }),
    pub('m1', '', 'w'),
    { op: 'channel.open', connection: 'conn' },
    pub('m2', '', 'w'),
  ]),
  seq('purge leaves deliveries awaiting an ack; delete if-empty and if-unused', [
    q('w'),
    ...many('m', 4, '', 'w'),
    consume('w', 'A', 1),
    { op: 'queue.purge', name: 'w' },
    { op: 'queue.delete', name: 'w', if_unused: true },
    { op: 'channel.open', connection: 'conn' },
    { op: 'cancel', consumer: 'A' },
    pub('n1', '', 'w'),
    { op: 'queue.delete', name: 'w', if_empty: true },
    { op: 'channel.open', connection: 'conn' },
    { op: 'get', queue: 'w', noAck: true },
    { op: 'queue.delete', name: 'w', if_empty: true },
  ]),
  seq('an unknown delivery tag is a 406', [
    q('w'),
    ...many('m', 2, '', 'w'),
    { op: 'get', queue: 'w' },
    { op: 'ack', tag: 5 },
    { op: 'channel.open', connection: 'conn' },
    { op: 'get', queue: 'w' },
    { op: 'get', queue: 'w' },
  ]),
  seq('ack multiple and cancel keeps unacked deliveries', [
    q('w'),
    consume('w', 'A', 0),
    ...many('m', 4, '', 'w'),
    { op: 'ack', message: 'm2', multiple: true },
    { op: 'cancel', consumer: 'A' },
    { op: 'ack', message: 'm4' },
    consume('w', 'B', 0),
    { op: 'channel.close' },
    { op: 'channel.open', connection: 'conn' },
    { op: 'get', queue: 'w' },
  ]),
  seq('deleting a queue cancels its consumers and drops its messages', [
    ...open('c1', 'a', 'b'),
    q('w', {}, 'a'),
    ...many('m', 3, '', 'w').map((o) => ({ ...o, channel: 'a' })),
    consume('w', 'A', 1, 'b'),
    { op: 'queue.delete', name: 'w', channel: 'a' },
    q('w', {}, 'a'),
    pub('n1', '', 'w', { channel: 'a' }),
  ]),
]
