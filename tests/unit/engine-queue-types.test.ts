import { describe, expect, it } from 'vitest'
import { runScenario, runTimeline, type Scenario, type SimOp } from '../../src/engine'
import { getProfile } from '../../src/engine/broker/profiles'

/** The one-scenario example: four refusals, and the message goes nowhere. */
const example = (profile: Scenario['profile']): Scenario => ({
  profile,
  queues: [
    { name: 'orders', arguments: { 'x-queue-type': 'quorum', 'x-max-priority': 10 } },
    { name: 'session', exclusive: true, arguments: { 'x-queue-type': 'quorum' } },
    { name: 'audit', arguments: { 'x-queue-type': 'stream', 'x-dead-letter-exchange': 'dlx' } },
  ],
  bindings: [
    { source: 'amq.direct', destination: 'orders', destination_type: 'queue', routing_key: 'order' },
  ],
  publishes: [{ id: 'm1', exchange: 'amq.direct', routing_key: 'order', mandatory: true }],
})

describe('queue types: declare rules', () => {
  for (const profile of ['rabbitmq-3.10', 'rabbitmq-4'] as const)
    it(`gives the broker's four refusals (${profile})`, () => {
      const { result } = runScenario(example(profile))
      expect(result.errors.map((e) => [e.id, e.code])).toEqual([
        ['queue:orders', 406],
        ['queue:session', 406],
        ['queue:audit', 406],
        ['binding:0', 404],
      ])
      expect(result.errors[1]?.text).toContain("invalid property 'exclusive-owner'")
      expect(result.errors[2]?.text).toContain('of queue type rabbit_stream_queue')
      expect(result.returns.map((r) => r.id)).toEqual(['m1'])
      expect(result.queues).toEqual({})
    })

  it('a plain redeclare of a quorum queue is inequivalent; classic and no type are the same', () => {
    const { result } = runScenario({
      profile: 'rabbitmq-3.10',
      queues: [
        { name: 'q', arguments: { 'x-queue-type': 'quorum' } },
        { name: 'q' },
        { name: 'c' },
        { name: 'c', arguments: { 'x-queue-type': 'classic' } },
      ],
    })
    expect(result.errors).toEqual([
      {
        id: 'queue:q',
        stage: 'declare',
        code: 406,
        text: "PRECONDITION_FAILED - inequivalent arg 'x-queue-type' for queue 'q' in vhost '/': received none but current is the value 'quorum' of type 'longstr'",
      },
    ])
  })

  it('a stream keeps every message; a quorum queue with reject-publish takes one over its limit', () => {
    const { result } = runScenario({
      profile: 'rabbitmq-3.10',
      queues: [
        { name: 's', arguments: { 'x-queue-type': 'stream', 'x-max-length-bytes': 1 } },
        {
          name: 'q',
          arguments: { 'x-queue-type': 'quorum', 'x-max-length': 1, 'x-overflow': 'reject-publish' },
        },
      ],
      publishes: ['a', 'b', 'c'].flatMap((id) => [
        { id: `s${id}`, exchange: '', routing_key: 's' },
        { id: `q${id}`, exchange: '', routing_key: 'q' },
      ]),
    })
    expect(result.queues).toEqual({ s: ['sa', 'sb', 'sc'], q: ['qa', 'qb'] })
    expect(result.nacks?.map((n) => n.id)).toEqual(['qc'])
  })
})

describe('queue types: version profiles (docs/queue-types.md)', () => {
  it('3.10 has no default delivery limit and counts every return [obs 3.10.8]', () => {
    expect(getProfile('rabbitmq-3.10').quorum).toEqual({
      defaultDeliveryLimit: null,
      countedReturns: 'every-return',
      priorityLevels: 0,
      // [obs 3.10.8]: tests/conformance/sim/sequences-streams.ts (dead-lettering into a stream)
      streamDeadLetters: 'lost-at-most-once',
      streamDropsNestedHeaders: true,
    })
  })
  it('4.0–4.2: default delivery limit 20 (rabbit_quorum_queue.erl DEFAULT_DELIVERY_LIMIT; 4.0 blog), every return counts — unconfirmed here', () => {
    expect(getProfile('rabbitmq-4.0').quorum).toMatchObject({
      defaultDeliveryLimit: 20,
      countedReturns: 'every-return',
    })
  })
  it('4.3: only failed deliveries count (rabbitmq-server PR #15387, website PR #2508) — unconfirmed here', () => {
    expect(getProfile('rabbitmq-4').quorum).toMatchObject({
      defaultDeliveryLimit: 20,
      countedReturns: 'failed-only',
    })
  })
})

describe('queue types: the poison message under the three profiles', () => {
  /** A consumer that requeues one message 25 times, with nack or with reject. */
  const poison = (profile: Scenario['profile'], how: 'nack' | 'reject'): string[] => {
    const steps: SimOp[] = [
      { op: 'connection.open', connection: 'c' },
      { op: 'channel.open', channel: 'a', connection: 'c' },
      { op: 'queue.declare', queue: { name: 'q', arguments: { 'x-queue-type': 'quorum' } }, channel: 'a' },
      { op: 'publish', publish: { id: 'm1', exchange: '', routing_key: 'q' }, channel: 'a' },
      { op: 'consume', queue: 'q', consumer: 'A', channel: 'a', prefetch: 1 },
    ]
    for (let i = 0; i < 25; i++) steps.push({ op: how, message: 'm1', channel: 'a', requeue: true })
    const run = runTimeline({ profile, steps })
    return run.frames.flatMap((f) => (f.ok ? [] : [f.id]))
  }
  const lastState = (profile: Scenario['profile'], how: 'nack' | 'reject') => poison(profile, how).length

  it('3.10: no default limit — the message loops 25 times [obs 3.10.8]', () => {
    expect(lastState('rabbitmq-3.10', 'nack')).toBe(0)
    expect(lastState('rabbitmq-3.10', 'reject')).toBe(0)
  })
  it('4.0–4.2: default limit 20 (DEFAULT_DELIVERY_LIMIT) — the 21st return drops it, later nacks fail [src, unconfirmed here]', () => {
    expect(lastState('rabbitmq-4.0', 'nack')).toBe(4)
    expect(lastState('rabbitmq-4.0', 'reject')).toBe(4)
  })
  it('4.3: nack + requeue does not count (PR #15387), reject does [src, unconfirmed here]', () => {
    expect(lastState('rabbitmq-4', 'nack')).toBe(0)
    expect(lastState('rabbitmq-4', 'reject')).toBe(4)
  })

  /** The notes the engine puts on each return, which the timeline words with the version's name. */
  const notes = (profile: Scenario['profile'], how: 'nack' | 'reject', args: Record<string, number> = {}) => {
    const steps: SimOp[] = [
      { op: 'connection.open', connection: 'c' },
      { op: 'channel.open', channel: 'a', connection: 'c' },
      {
        op: 'queue.declare',
        queue: { name: 'q', arguments: { 'x-queue-type': 'quorum', ...args } },
        channel: 'a',
      },
      { op: 'publish', publish: { id: 'm1', exchange: '', routing_key: 'q' }, channel: 'a' },
      { op: 'consume', queue: 'q', consumer: 'A', channel: 'a', prefetch: 1 },
      { op: how, message: 'm1', channel: 'a', requeue: true },
      { op: how, message: 'm1', channel: 'a', requeue: true },
      { op: how, message: 'm1', channel: 'a', requeue: true },
    ]
    return runTimeline({ profile, steps }).frames.flatMap((f) =>
      f.events.flatMap((e) =>
        (e.kind === 'requeued' || e.kind === 'discarded') && e.quorum ? [{ kind: e.kind, ...e.quorum }] : [],
      ),
    )
  }
  it('each return says whether it counted, against which limit and where it waits, with the profile', () => {
    // 3.10: counted, no limit, to the back [obs 3.10.8]
    expect(notes('rabbitmq-3.10', 'nack')[1]).toEqual({
      kind: 'requeued',
      how: 'nack',
      counted: true,
      count: 2,
      limit: null,
      limitFrom: 'profile',
      place: 'back',
      profile: 'rabbitmq-3.10',
    })
    // 4.0–4.2: the default 20, first among the returned [src]
    expect(notes('rabbitmq-4.0', 'reject')[0]).toMatchObject({
      counted: true,
      count: 1,
      limit: 20,
      limitFrom: 'profile',
      place: 'returned-first',
    })
    // 4.3: a nack does not count, a reject does [src]
    expect(notes('rabbitmq-4', 'nack').map((n) => [n.counted, n.count])).toEqual([
      [false, 0],
      [false, 0],
      [false, 0],
    ])
    expect(notes('rabbitmq-4', 'reject').map((n) => n.count)).toEqual([1, 2, 3])
    // x-delivery-limit 1: the second return is over the limit set on the queue, and the message leaves
    expect(notes('rabbitmq-3.10', 'nack', { 'x-delivery-limit': 1 })).toEqual([
      {
        kind: 'requeued',
        how: 'nack',
        counted: true,
        count: 1,
        limit: 1,
        limitFrom: 'queue',
        place: 'returned-first',
        profile: 'rabbitmq-3.10',
      },
      {
        kind: 'discarded',
        how: 'nack',
        counted: true,
        count: 2,
        limit: 1,
        limitFrom: 'queue',
        profile: 'rabbitmq-3.10',
      },
    ])
  })
})
