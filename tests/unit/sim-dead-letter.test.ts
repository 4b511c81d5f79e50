/**
 * The timeline simulation with queue arguments: a clock that `wait` moves, TTL at the head only,
 * x-expires, length limits with consumers and requeues, and dead-letter hops as events. The broker
 * agrees with the same rules in tests/conformance/sim/sequences-dead-letter.ts.
 */
import { describe, expect, it } from 'vitest'
import { type JsonValue, runTimeline, type SimEvent, type SimOp, type TimelineRun } from '../../src/engine'

const q = (name: string, args?: { [k: string]: JsonValue }): SimOp => ({
  op: 'queue.declare',
  queue: { name, durable: false, ...(args ? { arguments: args } : {}) },
})
const pub = (id: string, queue: string, properties?: { [k: string]: JsonValue }): SimOp => ({
  op: 'publish',
  publish: { id, exchange: '', routing_key: queue, ...(properties ? { properties } : {}) },
})
const toDlq = { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 'dlq' }
const run = (steps: SimOp[]) => runTimeline({ profile: 'rabbitmq-3.10', steps })
const events = (r: TimelineRun) => r.frames.flatMap((f) => f.events)
const kinds = <K extends SimEvent['kind']>(r: TimelineRun, kind: K) =>
  events(r).filter((e): e is Extract<SimEvent, { kind: K }> => e.kind === kind)
const ready = (r: TimelineRun, name: string) =>
  r.frames[r.frames.length - 1]?.state.queues.find((x) => x.name === name)?.ready.map((m) => m.id)

describe('the clock and TTL', () => {
  it('nothing expires until `wait` moves the clock past the TTL', () => {
    const r = run([
      q('dlq'),
      q('w', { 'x-message-ttl': 100, ...toDlq }),
      pub('m1', 'w'),
      { op: 'wait', ms: 99 },
    ])
    expect(ready(r, 'w')).toEqual(['m1'])
    const later = run([...r.frames.map((f) => f.op), { op: 'wait', ms: 1 }])
    expect(ready(later, 'w')).toEqual([])
    expect(ready(later, 'dlq')).toEqual(['m1'])
    expect(later.frames[later.frames.length - 1]?.state.now).toBe(100)
  })

  // Seeds 1038 and 1039 of the widened random dead-letter timelines (sim/regressions/).
  it('expiries due at the same moment happen in the order the messages arrived, across queues', () => {
    const r = run([
      q('dlq'),
      q('qa', { 'x-message-ttl': 100, ...toDlq }),
      q('qb', { 'x-message-ttl': 100, ...toDlq }),
      pub('b1', 'qb'),
      pub('a1', 'qa'),
      pub('b2', 'qb', { expiration: '100' }),
      { op: 'wait', ms: 150 },
    ])
    expect(ready(r, 'dlq')).toEqual(['b1', 'a1', 'b2'])
  })

  it('only the head expires: a short TTL waits behind a long one', () => {
    const r = run([
      q('dlq'),
      q('u', toDlq),
      pub('long', 'u', { expiration: '60000' }),
      pub('short', 'u', { expiration: '10' }),
      { op: 'wait', ms: 500 },
    ])
    expect(ready(r, 'u')).toEqual(['long', 'short'])
    const got = run([...r.frames.map((f) => f.op), { op: 'get', queue: 'u', noAck: true }])
    expect(ready(got, 'dlq')).toEqual(['short'])
    expect(
      kinds(got, 'dead-lettered').map((e) => [e.message, e.reason, e.hop.queues.map((d) => d.queue)]),
    ).toEqual([['short', 'expired', ['dlq']]])
  })

  it('expiries in different queues happen in time order', () => {
    const r = run([
      q('dlq'),
      q('slow', { 'x-message-ttl': 300, ...toDlq }),
      q('fast', { 'x-message-ttl': 100, ...toDlq }),
      pub('a', 'slow'),
      pub('b', 'fast'),
      { op: 'wait', ms: 1000 },
    ])
    expect(ready(r, 'dlq')).toEqual(['b', 'a'])
  })

  it('x-expires deletes an unused queue; a consumer keeps it', () => {
    const r = run([
      q('e1', { 'x-expires': 100 }),
      q('e2', { 'x-expires': 100 }),
      { op: 'consume', queue: 'e2', consumer: 'A' },
      { op: 'wait', ms: 150 },
    ])
    const names = r.frames[r.frames.length - 1]?.state.queues.map((x) => x.name)
    expect(names).toEqual(['e2'])
    expect(kinds(r, 'queue.deleted')).toEqual([
      { kind: 'queue.deleted', queue: 'e1', reason: 'expires', lost: 0 },
    ])
  })
})

describe('length limits with consumers', () => {
  it('reject-publish nacks on a confirm channel; unacked deliveries do not count', () => {
    const r = run([
      { op: 'confirm.select' },
      q('q', { 'x-max-length': 1, 'x-overflow': 'reject-publish' }),
      pub('m1', 'q'),
      { op: 'consume', queue: 'q', consumer: 'A', prefetch: 1 },
      pub('m2', 'q'),
      pub('m3', 'q'),
    ])
    expect(kinds(r, 'confirm.nack').map((e) => e.message)).toEqual(['m3'])
    const fate = r.frames[r.frames.length - 1]?.state.fates.find((f) => f.id === 'm3')
    expect(fate?.confirm).toBe('nacked')
    expect(fate?.copies).toEqual([
      expect.objectContaining({ queue: 'q', status: 'refused', reason: 'maxlen' }),
    ])
  })

  it('a requeue into a full queue pushes the head out', () => {
    const r = run([
      q('dlq'),
      q('q', { 'x-max-length': 1, ...toDlq }),
      pub('m1', 'q'),
      { op: 'get', queue: 'q' },
      pub('m2', 'q'),
      { op: 'nack', message: 'm1', requeue: true },
    ])
    expect(ready(r, 'q')).toEqual(['m2'])
    expect(ready(r, 'dlq')).toEqual(['m1'])
  })

  it('TTL 0 goes to a consumer with room, else it expires', () => {
    const r = run([
      q('q', { 'x-message-ttl': 0 }),
      { op: 'consume', queue: 'q', consumer: 'A', prefetch: 1 },
      pub('m1', 'q'),
      pub('m2', 'q'),
    ])
    expect(r.frames[r.frames.length - 1]?.state.consumers[0]?.delivered).toEqual(['m1'])
    expect(kinds(r, 'expired').map((e) => e.message)).toEqual(['m2'])
  })
})

describe('dead-lettering', () => {
  it('a reject loop counts up x-death; a consumer sees the dead-letter exchange, key and deaths', () => {
    const r = run([
      q('loop', { 'x-dead-letter-exchange': '' }),
      pub('m1', 'loop'),
      { op: 'get', queue: 'loop' },
      { op: 'reject', message: 'm1', requeue: false },
      { op: 'get', queue: 'loop' },
      { op: 'reject', message: 'm1', requeue: false },
      { op: 'get', queue: 'loop' },
    ])
    const last = kinds(r, 'delivered').at(-1)
    expect(last?.deadLettered).toEqual({
      exchange: '',
      routingKey: 'loop',
      deaths: [{ queue: 'loop', reason: 'rejected', count: 2, exchange: '', routingKeys: ['loop'] }],
      first: { reason: 'rejected', queue: 'loop', exchange: '' },
    })
    // The fate shows every round: dead-lettered copies and the live one.
    const copies = r.frames[r.frames.length - 1]?.state.fates[0]?.copies.map((c) => [c.status, c.from ?? ''])
    expect(copies).toEqual([
      ['dead-lettered', ''],
      ['dead-lettered', 'loop'],
      ['unacked', 'loop'],
    ])
  })

  it('an expiry cycle without a reject is dropped, and the hop says so', () => {
    const r = run([
      q('self', { 'x-message-ttl': 10, 'x-dead-letter-exchange': '' }),
      pub('m1', 'self'),
      { op: 'wait', ms: 50 },
    ])
    expect(ready(r, 'self')).toEqual([])
    expect(kinds(r, 'dead-lettered')[0]?.hop).toMatchObject({ cycleDropped: ['self'], outcome: 'unroutable' })
  })

  it('a policy that lowers max-length trims a live queue', () => {
    const r = run([
      q('late'),
      pub('l1', 'late'),
      pub('l2', 'late'),
      pub('l3', 'late'),
      { op: 'policy.set', policy: { name: 'cap', pattern: '^late$', definition: { 'max-length': 1 } } },
    ])
    expect(ready(r, 'late')).toEqual(['l3'])
    expect(kinds(r, 'overflow').map((e) => [e.message, e.how])).toEqual([
      ['l1', 'dropped-head'],
      ['l2', 'dropped-head'],
    ])
  })

  // The broker applies the new limits under the old overflow mode, then the new mode (checked on
  // the broker: sim/sequences-dead-letter.ts, "a policy change trims under the old overflow mode").
  it('a policy change trims unless the queue was and stays reject-publish', () => {
    const fill = (name: string) => [1, 2, 3, 4].map((i) => pub(`${name}${i}`, name))
    const policy = (name: string, pattern: string, priority: number, definition: object): SimOp => ({
      op: 'policy.set',
      policy: { name, pattern, priority, definition: definition as { [k: string]: string | number } },
    })
    const r = run([
      q('a'),
      q('b'),
      q('c'),
      ...fill('a'),
      ...fill('b'),
      ...fill('c'),
      policy('a-cap', '^a$', 0, { 'max-length': 1, overflow: 'reject-publish' }),
      policy('bc', '^[bc]$', 0, { 'max-length': 5, overflow: 'reject-publish' }),
      policy('b-cap', '^b$', 2, { 'max-length': 2 }),
      policy('c-cap', '^c$', 2, { 'max-length': 1, overflow: 'reject-publish-dlx' }),
    ])
    expect(ready(r, 'a')).toEqual(['a4'])
    expect(ready(r, 'b')).toEqual(['b3', 'b4'])
    expect(ready(r, 'c')).toEqual(['c1', 'c2', 'c3', 'c4'])
  })
})
