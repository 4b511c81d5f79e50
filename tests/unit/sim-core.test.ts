import { describe, expect, it } from 'vitest'
import { runTimeline, type SimEvent, type SimOp, type TimelineRun } from '../../src/engine'

const q = (name: string, extra: Record<string, unknown> = {}): SimOp => ({
  op: 'queue.declare',
  queue: { name, ...extra },
})
const pub = (id: string, exchange: string, key: string, mandatory = false): SimOp => ({
  op: 'publish',
  publish: { id, exchange, routing_key: key, mandatory },
})
const last = (run: TimelineRun) => {
  const f = run.frames[run.frames.length - 1]
  if (!f) throw new Error('no frames')
  return f
}
const delivered = (run: TimelineRun) =>
  run.frames
    .flatMap((f) => f.events)
    .filter((e): e is Extract<SimEvent, { kind: 'delivered' }> => e.kind === 'delivered')

describe('competing consumers vs independent queues', () => {
  it('two consumers on one queue share the messages round-robin', () => {
    const run = runTimeline({
      profile: 'rabbitmq-3.10',
      steps: [
        q('work'),
        { op: 'consume', queue: 'work', consumer: 'A' },
        { op: 'consume', queue: 'work', consumer: 'B' },
        ...['m1', 'm2', 'm3', 'm4'].map((m) => pub(m, '', 'work')),
      ],
    })
    const s = last(run).state
    expect(s.consumers.find((c) => c.tag === 'A')?.delivered).toEqual(['m1', 'm3'])
    expect(s.consumers.find((c) => c.tag === 'B')?.delivered).toEqual(['m2', 'm4'])
  })

  it('a fanout copies every message into each bound queue', () => {
    const run = runTimeline({
      profile: 'rabbitmq-3.10',
      steps: [
        { op: 'exchange.declare', exchange: { name: 'orders', type: 'fanout' } },
        q('audit'),
        q('notify'),
        {
          op: 'bind',
          binding: { source: 'orders', destination: 'audit', destination_type: 'queue', routing_key: '' },
        },
        {
          op: 'bind',
          binding: { source: 'orders', destination: 'notify', destination_type: 'queue', routing_key: '' },
        },
        pub('m1', 'orders', 'x'),
      ],
    })
    const s = last(run).state
    expect(s.queues.map((x) => [x.name, x.ready.map((m) => m.id)])).toEqual([
      ['audit', ['m1']],
      ['notify', ['m1']],
    ])
  })
})

describe('prefetch, acks and requeue', () => {
  it('never exceeds prefetch and resumes delivery after an ack', () => {
    const run = runTimeline({
      steps: [
        q('w'),
        ...['m1', 'm2', 'm3'].map((m) => pub(m, '', 'w')),
        { op: 'consume', queue: 'w', consumer: 'A', prefetch: 1 },
        { op: 'consume', queue: 'w', consumer: 'B', prefetch: 1 },
      ],
    })
    const s = last(run).state
    expect(s.queues[0]?.ready.map((m) => m.id)).toEqual(['m3'])
    expect(s.channels[0]?.unacked.map((d) => [d.consumer, d.message.id])).toEqual([
      ['A', 'm1'],
      ['B', 'm2'],
    ])
    const after = runTimeline({ steps: [...run.frames.map((f) => f.op), { op: 'ack', message: 'm1' }] })
    expect(last(after).state.consumers.find((c) => c.tag === 'A')?.delivered).toEqual(['m1', 'm3'])
  })

  it('requeued messages return to their original place, flagged redelivered', () => {
    const run = runTimeline({
      steps: [
        q('w'),
        ...['m1', 'm2', 'm3'].map((m) => pub(m, '', 'w')),
        { op: 'get', queue: 'w' },
        { op: 'get', queue: 'w' },
        { op: 'nack', message: 'm2', requeue: true },
        { op: 'reject', message: 'm1', requeue: true },
      ],
    })
    const ready = last(run).state.queues[0]?.ready
    expect(ready?.map((m) => [m.id, m.redelivered])).toEqual([
      ['m1', true],
      ['m2', true],
      ['m3', false],
    ])
  })

  it('an unknown delivery tag closes the channel with 406 and requeues what it held', () => {
    const run = runTimeline({
      steps: [q('w'), pub('m1', '', 'w'), { op: 'get', queue: 'w' }, { op: 'ack', tag: 7 }],
    })
    const f = last(run)
    expect(f.ok).toBe(false)
    expect(f.events[0]).toMatchObject({
      kind: 'error',
      code: 406,
      text: 'PRECONDITION_FAILED - unknown delivery tag 7',
    })
    expect(f.state.channels[0]?.open).toBe(false)
    expect(f.state.queues[0]?.ready).toEqual([
      expect.objectContaining({ id: 'm1', seq: 1, redelivered: true }),
    ])
  })

  it('ack multiple acknowledges every delivery up to the tag', () => {
    const run = runTimeline({
      steps: [
        q('w'),
        ...['a', 'b', 'c'].map((m) => pub(m, '', 'w')),
        ...[1, 2, 3].map(() => ({ op: 'get', queue: 'w' }) as SimOp),
        { op: 'ack', tag: 2, multiple: true },
      ],
    })
    expect(last(run).state.channels[0]?.unacked.map((d) => d.message.id)).toEqual(['c'])
  })
})

describe('confirms and returns', () => {
  it('registers the sequence number first, and a return comes before the ack', () => {
    const run = runTimeline({
      steps: [{ op: 'confirm.select' }, q('w'), pub('m1', '', 'w'), pub('m2', 'amq.direct', 'nowhere', true)],
    })
    const kinds = last(run).events.map((e) => e.kind)
    expect(kinds).toEqual(['confirm.registered', 'returned', 'confirm.ack'])
    expect(last(run).events[0]).toMatchObject({ seq: 2 })
  })

  it('a publish to a missing exchange closes the channel and leaves its confirm pending', () => {
    const run = runTimeline({ steps: [{ op: 'confirm.select' }, pub('m1', 'nope', 'k')] })
    const ch = last(run).state.channels[0]
    expect(ch?.open).toBe(false)
    expect(ch?.pending).toEqual([{ seq: 1, message: 'm1' }])
    expect(last(run).state.fates[0]?.confirm).toBe('pending')
  })
})

describe('lifecycle', () => {
  it('an exclusive queue is locked for other connections and deleted with its owner', () => {
    const run = runTimeline({
      profile: 'rabbitmq-3.10',
      steps: [
        { op: 'connection.open', connection: 'c1' },
        { op: 'channel.open', channel: 'a', connection: 'c1' },
        { op: 'connection.open', connection: 'c2' },
        { op: 'channel.open', channel: 'b', connection: 'c2' },
        { ...q('tmp', { exclusive: true }), channel: 'a' },
        { ...q('tmp', { exclusive: true }), channel: 'b' },
        { op: 'connection.close', connection: 'c1' },
      ],
    })
    expect(run.frames[5]?.events[0]).toMatchObject({ kind: 'error', code: 405 })
    expect(run.frames[6]?.state.queues).toEqual([])
  })

  it('redeclaring with other properties is a 406 from the engine', () => {
    const run = runTimeline({
      profile: 'rabbitmq-3.10',
      steps: [q('w', { durable: true }), q('w', { durable: false })],
    })
    expect(last(run).events[0]).toMatchObject({ kind: 'error', code: 406 })
  })

  it('an auto-delete queue goes after its last consumer, only if it ever had one', () => {
    const run = runTimeline({
      profile: 'rabbitmq-3.10',
      steps: [
        q('ad', { auto_delete: true }),
        { op: 'get', queue: 'ad' },
        { op: 'consume', queue: 'ad', consumer: 'A' },
        { op: 'cancel', consumer: 'A' },
      ],
    })
    expect(run.frames[1]?.state.queues.map((x) => x.name)).toEqual(['ad'])
    expect(last(run).state.queues).toEqual([])
    expect(last(run).events.some((e) => e.kind === 'queue.deleted' && e.reason === 'auto-delete')).toBe(true)
  })

  it('an auto-delete exchange goes with its last source binding', () => {
    const bindSpec = { source: 'x', destination: 'w', destination_type: 'queue' as const, routing_key: 'k' }
    const run = runTimeline({
      steps: [
        { op: 'exchange.declare', exchange: { name: 'x', type: 'direct', auto_delete: true } },
        q('w'),
        { op: 'bind', binding: bindSpec },
        { op: 'unbind', binding: bindSpec },
      ],
    })
    expect(last(run).state.topology.exchanges.some((x) => x.name === 'x')).toBe(false)
  })
})

it('delivered events carry increasing tags per channel', () => {
  const run = runTimeline({
    steps: [q('w'), pub('a', '', 'w'), pub('b', '', 'w'), { op: 'consume', queue: 'w', consumer: 'A' }],
  })
  expect(delivered(run).map((d) => d.tag)).toEqual([1, 2])
})
