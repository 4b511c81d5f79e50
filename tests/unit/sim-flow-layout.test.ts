import { describe, expect, it } from 'vitest'
import { runTimeline } from '../../src/engine'
import { layoutFrame } from '../../src/explain/sim-views/flow-layout'

const run = runTimeline({
  profile: 'rabbitmq-3.10',
  steps: [
    { op: 'exchange.declare', exchange: { name: 'orders', type: 'fanout' } },
    { op: 'queue.declare', queue: { name: 'audit' } },
    { op: 'queue.declare', queue: { name: 'work' } },
    {
      op: 'bind',
      binding: { source: 'orders', destination: 'audit', destination_type: 'queue', routing_key: '' },
    },
    { op: 'consume', queue: 'audit', consumer: 'A' },
    { op: 'publish', publish: { id: 'm1', exchange: 'orders', routing_key: 'k' } },
    { op: 'publish', publish: { id: 'm2', exchange: '', routing_key: 'work' } },
  ],
})

describe('timeline diagram layout', () => {
  it('marks the edges a publish and its delivery used, and plans one trip each', () => {
    const l = layoutFrame(run, run.frames[5] ?? null)
    expect(l.edges.filter((e) => e.hot).map((e) => e.key)).toEqual([
      'publisher>x:orders',
      'x:orders>q:audit',
      'q:audit>c:A',
    ])
    expect(l.trips.map((t) => [t.key, t.delay])).toEqual([
      ['in:m1:audit', 0],
      ['out:m1:A:1', 0.9],
    ])
  })

  it('draws the default exchange only when used, with a dashed edge for the step that used it', () => {
    const before = layoutFrame(run, run.frames[5] ?? null)
    expect(before.nodes.map((n) => n.key)).toContain('x:')
    expect(before.edges.some((e) => e.key === 'x:>q:work')).toBe(false)
    const l = layoutFrame(run, run.frames[6] ?? null)
    expect(l.edges.find((e) => e.key === 'x:>q:work')).toMatchObject({ hot: true, dashed: true })
  })

  it('before the first step shows only the publisher and the exchanges the script publishes to', () => {
    expect(layoutFrame(run, null).nodes.map((n) => n.key)).toEqual(['publisher', 'x:'])
  })
})
