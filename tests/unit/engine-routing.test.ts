// Routing rules: default exchange, E2E traversal, alternate exchanges, CC/BCC, mandatory, dedup.
import { describe, expect, it } from 'vitest'
import { type Operation, runOperations, runScenario, type Scenario } from '../../src/engine'

const X = (name: string, type = 'direct', extra = {}) => ({ name, type, ...extra })
const Q = (name: string) => ({ name })
const BQ = (source: string, destination: string, routing_key = '', extra = {}) => ({
  source,
  destination,
  destination_type: 'queue' as const,
  routing_key,
  ...extra,
})
const BX = (source: string, destination: string, routing_key = '') => ({
  source,
  destination,
  destination_type: 'exchange' as const,
  routing_key,
})
const P = (id: string, exchange: string, routing_key = '', extra = {}) => ({
  id,
  exchange,
  routing_key,
  ...extra,
})
const run = (s: Scenario) => runScenario(s)

describe('default exchange', () => {
  it('each distinct key (publish, CC, BCC) names a queue; unknown names are dropped', () => {
    const r = run({
      queues: [Q('a'), Q('b')],
      publishes: [
        P('m1', '', 'a', { headers: { CC: ['b', 'a', 'zz'] } }),
        P('m2', '', 'zz', { mandatory: true }),
      ],
    })
    expect(r.result.queues).toEqual({ a: ['m1'], b: ['m1'] })
    expect(r.result.returns).toEqual([{ id: 'm2', reply_code: 312, reply_text: 'NO_ROUTE' }])
    expect(r.publishes[0]?.hops[0]?.defaultLookups).toEqual([
      { routingKey: 'a', queueExists: true },
      { routingKey: 'b', queueExists: true },
      { routingKey: 'zz', queueExists: false },
    ])
  })

  it('robustmq: an unknown queue name is declared by the publish', () => {
    const r = run({ profile: 'robustmq', publishes: [P('m1', '', 'orders')] })
    expect(r.result.queues).toEqual({ orders: ['m1'] })
    expect(run({ publishes: [P('m1', '', 'orders')] }).result.queues).toEqual({})
  })
})

describe('exchange-to-exchange', () => {
  it('topic → direct → headers applies each type, same keys and headers', () => {
    const r = run({
      exchanges: [X('t', 'topic'), X('d'), X('h', 'headers')],
      queues: [Q('q')],
      bindings: [BX('t', 'd', 'a.*'), BX('d', 'h', 'a.b'), BQ('h', 'q', '', { arguments: { k: 1 } })],
      publishes: [P('m1', 't', 'a.b', { headers: { k: 1 } }), P('m2', 't', 'a.c', { headers: { k: 1 } })],
    })
    expect(r.result.queues).toEqual({ q: ['m1'] })
    expect(r.publishes[0]?.hops.map((h) => [h.exchange, h.via.kind])).toEqual([
      ['t', 'publish'],
      ['d', 'binding'],
      ['h', 'binding'],
    ])
  })

  it('cycles end: each exchange is visited once, each queue gets one copy', () => {
    const r = run({
      exchanges: [X('a', 'fanout'), X('b', 'fanout'), X('c', 'fanout')],
      queues: [Q('qa'), Q('qb'), Q('qc')],
      bindings: [
        BX('a', 'b'),
        BX('b', 'c'),
        BX('c', 'a'),
        BX('a', 'a'),
        BQ('a', 'qa'),
        BQ('b', 'qb'),
        BQ('c', 'qc'),
      ],
      publishes: [P('m', 'b')],
    })
    expect(r.result.queues).toEqual({ qa: ['m'], qb: ['m'], qc: ['m'] })
    const p = r.publishes[0]
    expect(p?.hops.map((h) => h.exchange)).toEqual(['b', 'c', 'a'])
    expect(p?.hops[2]?.skippedExchanges.sort()).toEqual(['a', 'b'])
  })

  it('two paths to one queue: one copy, both paths listed', () => {
    const r = run({
      exchanges: [X('f', 'fanout'), X('x1', 'fanout'), X('x2', 'fanout')],
      queues: [Q('q')],
      bindings: [BX('f', 'x1'), BX('f', 'x2'), BQ('x1', 'q'), BQ('x2', 'q'), BQ('f', 'q')],
      publishes: [P('m', 'f')],
    })
    expect(r.result.queues.q).toEqual(['m'])
    expect(r.publishes[0]?.queues[0]?.reachedBy.map((x) => x.exchange).sort()).toEqual(['f', 'x1', 'x2'])
  })

  it('an internal exchange routes when reached through a binding', () => {
    const r = run({
      exchanges: [X('pub', 'fanout'), X('inner', 'fanout', { internal: true })],
      queues: [Q('q')],
      bindings: [BX('pub', 'inner'), BQ('inner', 'q')],
      publishes: [P('m', 'pub')],
    })
    expect(r.result.queues.q).toEqual(['m'])
  })
})

describe('alternate exchanges', () => {
  const ae = (name: string, to: string, type = 'direct') =>
    X(name, type, { arguments: { 'alternate-exchange': to } })

  it('used only when the exchange itself routes to nothing', () => {
    const r = run({
      exchanges: [ae('x', 'alt'), X('alt', 'fanout')],
      queues: [Q('hit'), Q('spill')],
      bindings: [BQ('x', 'hit', 'k'), BQ('alt', 'spill')],
      publishes: [P('m1', 'x', 'k'), P('m2', 'x', 'other', { mandatory: true })],
    })
    expect(r.result.queues).toEqual({ hit: ['m1'], spill: ['m2'] })
    expect(r.result.returns).toEqual([]) // delivered through the AE counts as routed
    expect(r.publishes[0]?.hops[0]?.alternate).toEqual({ name: 'alt', status: 'not-needed' })
    expect(r.publishes[1]?.hops[0]?.alternate).toEqual({ name: 'alt', status: 'used' })
  })

  it("not used when the exchange routed to an exchange that routes nowhere; that exchange's own AE is", () => {
    const r = run({
      exchanges: [
        ae('x', 'altx'),
        X('dead'),
        X('altx', 'fanout'),
        ae('y', 'alty'),
        X('dead2'),
        X('alty', 'fanout'),
      ],
      queues: [Q('qx'), Q('qy')],
      bindings: [BX('x', 'dead', 'k'), BQ('altx', 'qx'), BX('y', 'dead2', 'k'), BQ('alty', 'qy')],
      publishes: [P('m1', 'x', 'k', { mandatory: true })],
    })
    expect(r.result.queues).toEqual({ qx: [], qy: [] })
    expect(r.result.returns.map((x) => x.id)).toEqual(['m1'])

    const r2 = run({
      exchanges: [X('x'), ae('dead', 'alt'), X('alt', 'fanout')],
      queues: [Q('q')],
      bindings: [BX('x', 'dead', 'k'), BQ('alt', 'q')],
      publishes: [P('m', 'x', 'k')],
    })
    expect(r2.result.queues.q).toEqual(['m'])
  })

  it('chains, cycles and missing AEs', () => {
    const r = run({
      exchanges: [
        ae('a', 'b'),
        ae('b', 'c'),
        ae('c', 'a'),
        ae('m', 'ghost'),
        ae('n', 'inner'),
        X('inner', 'fanout', { internal: true }),
      ],
      queues: [Q('q')],
      bindings: [BQ('inner', 'q')],
      publishes: [
        P('cycle', 'a', 'k', { mandatory: true }),
        P('missing', 'm', 'k', { mandatory: true }),
        P('internal-ae', 'n', 'k'),
      ],
    })
    expect(r.result.returns.map((x) => x.id)).toEqual(['cycle', 'missing'])
    expect(r.result.queues.q).toEqual(['internal-ae'])
    const cycle = r.publishes[0]
    expect(cycle?.hops.map((h) => [h.exchange, h.alternate?.status])).toEqual([
      ['a', 'used'],
      ['b', 'used'],
      ['c', 'already-visited'],
    ])
    expect(r.publishes[1]?.hops[0]?.alternate).toEqual({ name: 'ghost', status: 'missing' })
  })

  it('an alternate exchange naming the default exchange routes nothing (no queue-name lookup)', () => {
    const r = run({
      exchanges: [ae('x', '')],
      queues: [Q('k')],
      publishes: [P('m', 'x', 'k', { mandatory: true })],
    })
    expect(r.result.queues.k).toEqual([])
    expect(r.result.returns.map((x) => x.id)).toEqual(['m'])
    expect(r.publishes[0]?.hops.map((h) => [h.exchange, h.via.kind, h.routedNothing])).toEqual([
      ['x', 'publish', true],
      ['', 'alternate', true],
    ])
  })

  it('mandatory without a route: 312 NO_ROUTE; without mandatory: dropped', () => {
    const r = run({
      exchanges: [X('d')],
      publishes: [P('a', 'd', 'k', { mandatory: true }), P('b', 'd', 'k')],
    })
    expect(r.publishes.map((p) => p.outcome.kind)).toEqual(['returned', 'dropped'])
  })
})

describe('CC / BCC', () => {
  it('extra keys route on direct and topic, at every hop; only longstr elements count', () => {
    const r = run({
      exchanges: [X('d'), X('t', 'topic')],
      queues: [Q('q1'), Q('q2'), Q('q3')],
      bindings: [BQ('d', 'q1', 'k1'), BQ('d', 'q2', 'k2'), BX('d', 't', 'k3'), BQ('t', 'q3', 'k3.#')],
      publishes: [P('m', 'd', 'none', { headers: { CC: ['k1', 5], BCC: ['k3', 'k1'] } })],
    })
    expect(r.result.queues).toEqual({ q1: ['m'], q2: [], q3: ['m'] })
    expect(r.publishes[0]?.routingKeys).toEqual(['none', 'k1', 'k3', 'k1'])
  })

  it('BCC is invisible to headers matching; CC is visible', () => {
    const r = run({
      exchanges: [X('h', 'headers')],
      queues: [Q('bcc'), Q('cc')],
      bindings: [
        BQ('h', 'bcc', '', { arguments: { BCC: null } }),
        BQ('h', 'cc', '', { arguments: { CC: null } }),
      ],
      publishes: [P('m', 'h', '', { headers: { BCC: ['x'], CC: ['y'] } })],
    })
    expect(r.result.queues).toEqual({ bcc: [], cc: ['m'] })
  })
})

describe('bindings and lifecycle', () => {
  it('bindings differing only in args are distinct; removing one keeps routing through the other', () => {
    const ops: Operation[] = [
      { op: 'exchange.declare', exchange: X('t', 'topic') },
      { op: 'queue.declare', queue: Q('q') },
      { op: 'bind', binding: BQ('t', 'q', 'a.*', { arguments: { v: 1 } }) },
      { op: 'bind', binding: BQ('t', 'q', 'a.*', { arguments: { v: 2 } }) },
      { op: 'bind', binding: BQ('t', 'q', 'a.*', { arguments: { v: 2 } }) }, // identical: no-op
      { op: 'unbind', binding: BQ('t', 'q', 'a.*', { arguments: { v: 1 } }) },
      { op: 'publish', publish: P('m1', 't', 'a.b') },
      { op: 'unbind', binding: BQ('t', 'q', 'a.*', { arguments: { v: 2 } }) },
      { op: 'publish', publish: P('m2', 't', 'a.b') },
    ]
    const r = runOperations(ops)
    expect(r.result.queues).toEqual({ q: ['m1'] })
    expect(r.topology.bindings).toEqual([])
  })

  it('headers bindings differing only in key share routing; removing one keeps the other', () => {
    const args = { arguments: { a: 1 } }
    const ops: Operation[] = [
      { op: 'exchange.declare', exchange: X('h', 'headers') },
      { op: 'queue.declare', queue: Q('q') },
      { op: 'bind', binding: BQ('h', 'q', 'k1', args) },
      { op: 'bind', binding: BQ('h', 'q', 'k2', args) },
      { op: 'unbind', binding: BQ('h', 'q', 'k1', args) },
      { op: 'publish', publish: P('m1', 'h', '', { headers: { a: 1 } }) },
      { op: 'unbind', binding: BQ('h', 'q', 'k2', args) },
      { op: 'publish', publish: P('m2', 'h', '', { headers: { a: 1 } }) },
    ]
    expect(runOperations(ops).result.queues).toEqual({ q: ['m1'] })
  })

  it('auto-delete exchange goes with its last source binding (cascading), never if it had none', () => {
    const ops: Operation[] = [
      { op: 'exchange.declare', exchange: X('top', 'fanout', { auto_delete: true }) },
      { op: 'exchange.declare', exchange: X('mid', 'fanout', { auto_delete: true }) },
      { op: 'exchange.declare', exchange: X('lonely', 'fanout', { auto_delete: true }) },
      { op: 'queue.declare', queue: Q('q') },
      { op: 'bind', binding: BX('top', 'mid') },
      { op: 'bind', binding: BQ('mid', 'q') },
      { op: 'bind', binding: BQ('lonely', 'q') },
      { op: 'unbind', binding: BQ('lonely', 'q') },
      { op: 'exchange.declare', exchange: X('idle', 'fanout', { auto_delete: true }) },
      { op: 'queue.delete', name: 'q' },
    ]
    const names = runOperations(ops)
      .topology.exchanges.filter((x) => !x.builtin)
      .map((x) => x.name)
    expect(names).toEqual(['idle'])
  })

  it('queue.bind with queue "" uses the last declared queue and its name as an empty key', () => {
    const r = run({
      exchanges: [X('d')],
      queues: [Q('q')],
      bindings: [BQ('d', '', '')],
      publishes: [P('m', 'd', 'q')],
    })
    expect(r.result.queues.q).toEqual(['m'])
    expect(run({ exchanges: [X('d')], bindings: [BQ('d', '', '')] }).result.errors[0]?.text).toBe(
      'NOT_FOUND - no previously declared queue',
    )
  })

  it('CR/LF are stripped from names in declare and bind, not from the exchange of a publish', () => {
    const r = run({
      exchanges: [X('a\nb', 'fanout')],
      queues: [Q('q\r\n1')],
      bindings: [BQ('a\nb', 'q1')],
      publishes: [P('m1', 'ab'), P('m2', 'a\nb'), P('m3', '', 'q1')],
    })
    expect(r.result.queues).toEqual({ q1: ['m1', 'm3'] })
    expect(r.result.errors.map((e) => [e.id, e.code])).toEqual([['m2', 404]])
  })

  it('vhosts are separate namespaces; non-default vhost queues print as vhost/name', () => {
    const r = run({
      vhosts: [{ name: 'v2' }],
      exchanges: [X('e', 'fanout'), X('e', 'fanout', { vhost: 'v2' })],
      queues: [Q('q'), { name: 'q', vhost: 'v2' }],
      bindings: [BQ('e', 'q'), { ...BQ('e', 'q'), vhost: 'v2' }],
      publishes: [P('m1', 'e'), { ...P('m2', 'e'), vhost: 'v2' }],
    })
    expect(r.result.queues).toEqual({ q: ['m1'], 'v2/q': ['m2'] })
  })

  it('topic bindings with an empty key stay per exchange (bug #16221)', () => {
    const r = run({
      exchanges: [X('t1', 'topic'), X('t2', 'topic')],
      queues: [Q('q')],
      bindings: [BQ('t1', 'q', '')],
      publishes: [P('m1', 't2', ''), P('m2', 't1', '')],
    })
    expect(r.result.queues.q).toEqual(['m2'])
  })
})
