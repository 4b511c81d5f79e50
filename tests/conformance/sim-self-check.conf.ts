import { describe, expect, inject, it } from 'vitest'
import type { SimOp, TimelineScript } from '../../src/engine'
import { MgmtApi } from './harness/mgmt-api'
import { compareOnBroker, diffObservations } from './sim/compare'
import { emptyObservation } from './sim/observation'

// The timeline comparison must be able to fail. Each case runs one script on the broker twice:
// once against the simulation of that script (they must agree), once against a deliberately wrong
// simulation — the same core told one rule wrong (a prefetch ignored, a TTL ignored, a requeue
// taken for a discard, a mandatory flag forgotten, an exclusive consume taken for a shared one) —
// and the comparison must name exactly the parts a client would see differ.
const target = { amqpUrl: inject('rabbitAmqpUrl'), api: new MgmtApi(inject('rabbitMgmtUrl')) }

const script = (steps: SimOp[]): TimelineScript => ({ profile: 'rabbitmq-3.10', steps })
const declare = (name: string, args?: Record<string, string | number>): SimOp => ({
  op: 'queue.declare',
  queue: { name, durable: false, ...(args ? { arguments: args } : {}) },
})
const pub = (id: string, key: string, mandatory = false): SimOp => ({
  op: 'publish',
  publish: { id, exchange: '', routing_key: key, ...(mandatory ? { mandatory: true } : {}) },
})

interface Case {
  name: string
  /** What the broker runs (and the right simulation plays). */
  steps: SimOp[]
  /** The wrong simulation's script: the same steps with one rule wrong. */
  wrong: (steps: SimOp[]) => SimOp[]
  /** The parts of the observation that must differ (diff lines start `<name> <part>:`). */
  parts: string[]
}

const replace = (steps: SimOp[], at: number, op: SimOp) => steps.map((s, i) => (i === at ? op : s))

const CASES: Case[] = [
  {
    name: 'dispatch ignores a prefetch window',
    steps: [
      declare('work'),
      { op: 'consume', queue: 'work', consumer: 'A', prefetch: 1 },
      { op: 'consume', queue: 'work', consumer: 'B', prefetch: 0 },
      pub('m1', 'work'),
      pub('m2', 'work'),
      pub('m3', 'work'),
      pub('m4', 'work'),
    ],
    // A's window of one is not looked at: round-robin hands it m3 too.
    wrong: (s) => replace(s, 1, { op: 'consume', queue: 'work', consumer: 'A', prefetch: 0 }),
    parts: ['deliveries.A@ch', 'deliveries.B@ch'],
  },
  {
    name: 'a queue ignores x-message-ttl',
    steps: [
      declare('dlq'),
      declare('q', {
        'x-message-ttl': 600,
        'x-dead-letter-exchange': '',
        'x-dead-letter-routing-key': 'dlq',
      }),
      pub('m1', 'q'),
      { op: 'wait', ms: 900 },
    ],
    wrong: (s) =>
      replace(s, 1, declare('q', { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 'dlq' })),
    parts: ['ready.dlq', 'ready.q'],
  },
  {
    name: 'a requeue is taken for a discard',
    steps: [
      declare('q'),
      pub('m1', 'q'),
      pub('m2', 'q'),
      { op: 'get', queue: 'q' },
      { op: 'nack', message: 'm1', requeue: true },
      { op: 'get', queue: 'q', noAck: true },
    ],
    wrong: (s) => replace(s, 4, { op: 'nack', message: 'm1', requeue: false }),
    parts: ['gets', 'ready.q'],
  },
  {
    name: 'a mandatory publish is not returned',
    steps: [declare('q'), { op: 'confirm.select' }, pub('m1', 'q'), pub('m2', 'nowhere', true)],
    wrong: (s) => replace(s, 3, pub('m2', 'nowhere')),
    parts: ['confirms'],
  },
  {
    name: 'an exclusive consume on a queue in use is allowed',
    steps: [
      declare('q'),
      { op: 'connection.open', connection: 'c2' },
      { op: 'channel.open', channel: 'b', connection: 'c2' },
      { op: 'consume', queue: 'q', consumer: 'A' },
      { op: 'consume', queue: 'q', consumer: 'X', exclusive: true, channel: 'b' },
      pub('m1', 'q'),
      pub('m2', 'q'),
    ],
    wrong: (s) => replace(s, 4, { op: 'consume', queue: 'q', consumer: 'X', channel: 'b' }),
    parts: ['steps', 'deliveries.A@ch', 'deliveries.X@b'],
  },
  {
    name: 'a stream consumer from "last" is read from "first"',
    steps: [
      { op: 'queue.declare', queue: { name: 's', durable: true, arguments: { 'x-queue-type': 'stream' } } },
      pub('m1', 's'),
      pub('m2', 's'),
      pub('m3', 's'),
      { op: 'consume', queue: 's', consumer: 'A', prefetch: 5, arguments: { 'x-stream-offset': 'last' } },
    ],
    wrong: (s) =>
      replace(s, 4, {
        op: 'consume',
        queue: 's',
        consumer: 'A',
        prefetch: 5,
        arguments: { 'x-stream-offset': 'first' },
      }),
    parts: ['deliveries.A@ch'],
  },
  {
    name: 'a quorum queue forgets x-delivery-count',
    steps: [
      { op: 'queue.declare', queue: { name: 'q', durable: true, arguments: { 'x-queue-type': 'quorum' } } },
      pub('m1', 'q'),
      { op: 'get', queue: 'q' },
      { op: 'nack', message: 'm1', requeue: true },
      { op: 'consume', queue: 'q', consumer: 'A', prefetch: 1 },
    ],
    // As a classic queue: no header on the get, nor on the redelivery, nor in the drain.
    wrong: (s) => replace(s, 0, { op: 'queue.declare', queue: { name: 'q', durable: true } }),
    parts: ['deliveries.A@ch', 'gets'],
  },
]

/** The parts named by diff lines (`<name> <part>:`). */
const partsOf = (name: string, diffs: string[]) =>
  diffs.map((d) => d.slice(name.length + 1, d.indexOf(':', name.length))).sort()

describe('timeline comparison: negative controls', () => {
  it('identical observations have no difference; one changed delivery is one difference', () => {
    const a = { ...emptyObservation(), deliveries: { 'A@ch': [{ id: 'm1', redelivered: false }] } }
    expect(diffObservations('x', a, structuredClone(a))).toEqual([])
    const b = { ...a, deliveries: { 'A@ch': [{ id: 'm1', redelivered: true }] } }
    expect(partsOf('x', diffObservations('x', a, b))).toEqual(['deliveries.A@ch'])
  })

  for (const c of CASES) {
    it(`${c.name}: the right simulation agrees, the wrong one is caught`, async () => {
      const right = await compareOnBroker(`self-check right: ${c.name}`, script(c.steps), target)
      expect(right.diffs.join('\n')).toBe('')
      const name = `self-check wrong: ${c.name}`
      const wrong = await compareOnBroker(name, script(c.steps), target, script(c.wrong(c.steps)))
      expect(wrong.equal).toBe(false)
      expect(partsOf(name, wrong.diffs), wrong.diffs.join('\n')).toEqual([...c.parts].sort())
    })
  }
})
