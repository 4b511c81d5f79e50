/**
 * Consumer behaviour of the timeline simulation (issue 16). The broker agrees on each rule in
 * tests/conformance/sim/sequences-consumers.ts.
 */
import { describe, expect, it } from 'vitest'
import { runTimeline, type SimOp, type TimelineRun } from '../../src/engine'

const run = (steps: SimOp[]) => runTimeline({ profile: 'rabbitmq-3.10', steps })
const q = (name: string, args?: { [k: string]: boolean }): SimOp => ({
  op: 'queue.declare',
  queue: { name, durable: false, ...(args ? { arguments: args } : {}) },
})
const pubs = (n: number, queue: string): SimOp[] =>
  Array.from({ length: n }, (_, i) => ({
    op: 'publish',
    publish: { id: `m${i + 1}`, exchange: '', routing_key: queue },
  }))
const got = (r: TimelineRun) =>
  r.frames
    .flatMap((f) => f.events)
    .flatMap((e) =>
      e.kind === 'delivered' && e.consumer !== null ? [`${e.consumer}@${e.channel}<-${e.message}`] : [],
    )

describe('consumer tags', () => {
  it('the same tag on two channels is two consumers', () => {
    const r = run([
      { op: 'connection.open', connection: 'c' },
      { op: 'channel.open', channel: 'a', connection: 'c' },
      { op: 'channel.open', channel: 'b', connection: 'c' },
      q('w'),
      { op: 'consume', queue: 'w', consumer: 'T', channel: 'a' },
      { op: 'consume', queue: 'w', consumer: 'T', channel: 'b' },
      ...pubs(2, 'w'),
    ])
    expect(got(r)).toEqual(['T@a<-m1', 'T@b<-m2'])
  })

  it('an empty tag is made up (amq.ctag-N); reusing a tag on one channel is 530', () => {
    const r = run([
      q('w'),
      { op: 'consume', queue: 'w', consumer: '' },
      { op: 'consume', queue: 'w', consumer: 'amq.ctag-1' },
    ])
    expect(r.frames[1]?.events).toContainEqual({ kind: 'consumer.added', consumer: 'amq.ctag-1', queue: 'w' })
    expect(r.frames[2]?.events[0]).toMatchObject({ kind: 'error', code: 530 })
  })
})

describe('basic.qos global', () => {
  it('one limit for the channel; basic.get is outside it; a per-consumer qos lifts it', () => {
    const r = run([
      q('g'),
      { op: 'qos', prefetch: 2, global: true },
      ...pubs(5, 'g'),
      { op: 'get', queue: 'g' },
      { op: 'consume', queue: 'g', consumer: 'A', keepQos: true },
      { op: 'consume', queue: 'g', consumer: 'B', keepQos: true },
    ])
    expect(got(r)).toEqual(['A@ch<-m2', 'A@ch<-m3'])
    const lifted = run([
      ...r.frames.map((f) => f.op),
      { op: 'consume', queue: 'g', consumer: 'C', prefetch: 0 },
    ])
    // The limit goes with the qos, before C exists: the held-back consumers (in the order they
    // were held back) take what is ready.
    expect(got(lifted).slice(2)).toEqual(['A@ch<-m4', 'B@ch<-m5'])
  })
})

describe('who gets the message', () => {
  it('the highest x-priority with room first, round-robin within a priority', () => {
    const c = (consumer: string, p?: number): SimOp => ({
      op: 'consume',
      queue: 'cp',
      consumer,
      prefetch: 1,
      ...(p === undefined ? {} : { arguments: { 'x-priority': p } }),
    })
    const r = run([q('cp'), c('low'), c('high', 10), c('high2', 10), c('mid', 5), ...pubs(5, 'cp')])
    expect(got(r)).toEqual(['high@ch<-m1', 'high2@ch<-m2', 'mid@ch<-m3', 'low@ch<-m4'])
  })

  it('an exclusive consumer keeps others off (403), and needs the queue to itself', () => {
    const r = run([
      q('ex'),
      { op: 'consume', queue: 'ex', consumer: 'E', exclusive: true },
      { op: 'channel.open', channel: 'b', connection: 'conn' },
      { op: 'consume', queue: 'ex', consumer: 'F', channel: 'b' },
    ])
    expect(r.frames[3]?.events[0]).toMatchObject({
      kind: 'error',
      code: 403,
      text: "ACCESS_REFUSED - queue 'ex' in vhost '/' in exclusive use",
    })
  })

  it('x-single-active-consumer serves only the first consumer until it goes', () => {
    const r = run([
      q('sac', { 'x-single-active-consumer': true }),
      { op: 'consume', queue: 'sac', consumer: 'S1', noAck: true },
      { op: 'consume', queue: 'sac', consumer: 'S2', noAck: true, arguments: { 'x-priority': 9 } },
      ...pubs(2, 'sac'),
      { op: 'cancel', consumer: 'S1' },
      { op: 'publish', publish: { id: 'm3', exchange: '', routing_key: 'sac' } },
    ])
    expect(got(r)).toEqual(['S1@ch<-m1', 'S1@ch<-m2', 'S2@ch<-m3'])
  })

  it('basic.recover gives every unacked delivery back, to be delivered again', () => {
    const r = run([q('r'), { op: 'consume', queue: 'r', consumer: 'R' }, ...pubs(2, 'r'), { op: 'recover' }])
    const last = r.frames[r.frames.length - 1]
    expect(
      last?.events
        .filter((e) => e.kind === 'delivered')
        .map((e) => e.kind === 'delivered' && [e.message, e.redelivered]),
    ).toEqual([
      ['m1', true],
      ['m2', true],
    ])
  })
})
