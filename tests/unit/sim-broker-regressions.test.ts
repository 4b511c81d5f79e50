/**
 * Two places where held-out random timelines once disagreed with RabbitMQ 3.10.8 (issue 16). The same
 * sequences run on the broker in tests/conformance/sim/sequences-regressions.ts.
 */
import { describe, expect, it } from 'vitest'
import { runTimeline, type SimOp } from '../../src/engine'

const open = (conn: string, channel: string): SimOp[] => [
  { op: 'connection.open', connection: conn },
  { op: 'channel.open', channel, connection: conn },
]
const binding = (key: string) =>
  ({ source: 'amq.direct', destination: 'mine', destination_type: 'queue', routing_key: key }) as const

describe('unbind on another connection’s exclusive queue', () => {
  const steps: SimOp[] = [
    ...open('c1', 'a'),
    ...open('c2', 'b'),
    { op: 'queue.declare', queue: { name: 'mine', exclusive: true }, channel: 'a' },
    { op: 'bind', binding: binding('k1'), channel: 'a' },
    { op: 'unbind', binding: binding('nothing-bound'), channel: 'b' },
    { op: 'unbind', binding: binding('k1'), channel: 'b' },
  ]
  const run = runTimeline({ profile: 'rabbitmq-3.10', steps })

  it('is unbind-ok when the binding does not exist', () => {
    expect(run.frames[6]?.ok).toBe(true)
    expect(run.frames[6]?.state.channels.find((c) => c.id === 'b')?.open).toBe(true)
  })

  it('is 405 when the binding exists', () => {
    expect(run.frames[7]?.ok).toBe(false)
    expect(run.frames[7]?.events[0]).toMatchObject({ kind: 'error', code: 405 })
  })

  it('bind is 405 whether or not the binding exists', () => {
    const bound = runTimeline({
      profile: 'rabbitmq-3.10',
      steps: [...steps.slice(0, 5), { op: 'bind', binding: binding('k1'), channel: 'b' }],
    })
    expect(bound.frames[5]?.events[0]).toMatchObject({ kind: 'error', code: 405 })
  })
})

describe('requeue after the queue was deleted and declared again', () => {
  for (const settle of [
    { op: 'nack', message: 'm1', requeue: true },
    { op: 'reject', message: 'm1', requeue: true },
    { op: 'channel.close' },
  ] as SimOp[]) {
    it(`${settle.op} does not put the message into the new queue`, () => {
      const run = runTimeline({
        profile: 'rabbitmq-3.10',
        steps: [
          ...open('c1', 'a'),
          ...open('c2', 'b'),
          { op: 'queue.declare', queue: { name: 'q' }, channel: 'b' },
          { op: 'publish', publish: { id: 'm1', exchange: '', routing_key: 'q' }, channel: 'b' },
          { op: 'get', queue: 'q', channel: 'a' },
          { op: 'queue.delete', name: 'q', channel: 'b' },
          { op: 'queue.declare', queue: { name: 'q' }, channel: 'b' },
          { ...settle, channel: 'a' },
        ],
      })
      const last = run.frames[run.frames.length - 1]
      expect(last?.state.queues.find((q) => q.name === 'q')?.ready).toEqual([])
      expect(last?.events.some((e) => e.kind === 'requeue-lost' && e.message === 'm1')).toBe(true)
    })
  }

  it('a requeue into the same queue instance still works', () => {
    const run = runTimeline({
      steps: [
        { op: 'queue.declare', queue: { name: 'q' } },
        { op: 'publish', publish: { id: 'm1', exchange: '', routing_key: 'q' } },
        { op: 'get', queue: 'q' },
        { op: 'nack', message: 'm1', requeue: true },
      ],
    })
    expect(run.frames[3]?.state.queues[0]?.ready).toEqual([
      expect.objectContaining({ id: 'm1', redelivered: true }),
    ])
  })
})
