// Every reply code the engine gives, with the step that fails and the text the broker would send.
import { describe, expect, it } from 'vitest'
import { type Operation, type ProfileName, runOperations, runScenario, type Scenario } from '../../src/engine'

const errorsOf = (s: Scenario) => runScenario(s).result.errors.map((e) => [e.id, e.stage, e.code])
const X = (name: string, type = 'direct', extra = {}) => ({ name, type, ...extra })
const B = (source: string, destination: string, routing_key = '', extra = {}) => ({
  source,
  destination,
  destination_type: 'queue' as const,
  routing_key,
  ...extra,
})

describe('declare', () => {
  it('403 for amq.* names that do not exist; redeclaring a built-in identically is fine', () => {
    const r = runScenario({
      exchanges: [X('amq.custom'), X('amq.direct'), X('amq.rabbitmq.trace', 'topic', { internal: true })],
      queues: [{ name: 'amq.q' }],
    }).result
    expect(r.errors.map((e) => [e.id, e.code])).toEqual([
      ['exchange:amq.custom', 403],
      ['queue:amq.q', 403],
    ])
    expect(r.errors[0]?.text).toBe(
      "ACCESS_REFUSED - exchange name 'amq.custom' contains reserved prefix 'amq.*'",
    )
  })

  it('403 for declaring the default exchange', () => {
    expect(errorsOf({ exchanges: [X('')] })).toEqual([['exchange:', 'declare', 403]])
  })

  it('406 for an inequivalent exchange redeclare: type, durable, auto_delete, internal, alternate-exchange', () => {
    const r = runScenario({
      exchanges: [
        X('e', 'direct', { arguments: { 'alternate-exchange': 'ae', other: 1 } }),
        X('e', 'fanout'),
        X('e', 'direct', { durable: false }),
        X('e', 'direct', { auto_delete: true }),
        X('e', 'direct', { internal: true }),
        X('e', 'direct', { arguments: { 'alternate-exchange': 'ae2' } }),
        X('e', 'direct', { arguments: { 'alternate-exchange': 'ae', other: 2 } }), // other args: not compared
      ],
    }).result
    expect(r.errors.map((e) => e.code)).toEqual([406, 406, 406, 406, 406])
    expect(r.errors[0]?.text).toBe(
      "PRECONDITION_FAILED - inequivalent arg 'type' for exchange 'e' in vhost '/': received 'fanout' but current is 'direct'",
    )
    expect(r.errors[4]?.text).toMatch(/'alternate-exchange'/)
  })

  it('406 for an alternate-exchange argument that is not a string', () => {
    expect(errorsOf({ exchanges: [X('e', 'direct', { arguments: { 'alternate-exchange': 1 } })] })).toEqual([
      ['exchange:e', 'declare', 406],
    ])
  })

  it.each([
    ['rabbitmq-4', 406],
    ['rabbitmq-3.10', 503],
  ] as [ProfileName, number][])('unknown exchange type in %s → %d', (profile, code) => {
    const r = runScenario({ profile, exchanges: [X('e', 'x-nope')] }).result
    expect(r.errors.map((e) => e.code)).toEqual([code])
    expect(r.errors[0]?.text).toMatch(/unknown exchange type 'x-nope'/)
  })

  it('queue redeclare: 406 durable/auto_delete, 405 exclusive, known args compared by class', () => {
    const r = runScenario({
      profile: 'rabbitmq-3.10',
      queues: [
        { name: 'q', arguments: { 'x-message-ttl': 1000, 'x-custom': 1 } },
        { name: 'q', durable: false },
        { name: 'q', auto_delete: true },
        { name: 'q', exclusive: true },
        { name: 'q', arguments: { 'x-message-ttl': { '!': 'long', value: 1000 }, 'x-custom': 2 } },
        { name: 'q', arguments: { 'x-message-ttl': 2000 } },
      ],
    }).result
    expect(r.errors.map((e) => e.code)).toEqual([406, 406, 405, 406])
  })

  it('541 for a transient non-exclusive queue in rabbitmq-4 only', () => {
    const queues = [
      { name: 't', durable: false },
      { name: 'x', durable: false, exclusive: true },
      { name: 'd' },
    ]
    expect(errorsOf({ queues })).toEqual([['queue:t', 'declare', 541]])
    expect(errorsOf({ profile: 'rabbitmq-3.10', queues })).toEqual([])
    // An existing queue is compared first: redeclaring it transient is an inequivalence, not 541.
    expect(errorsOf({ queues: [{ name: 'd' }, { name: 'd', durable: false }] })).toEqual([
      ['queue:d', 'declare', 406],
    ])
  })

  it('shortstr over 255 UTF-8 bytes is refused by the client (code 0); 255 is fine', () => {
    const ok = 'é'.repeat(127) // 254 bytes
    const long = 'é'.repeat(128) // 256 bytes
    const r = runScenario({
      exchanges: [X(ok), X(long)],
      queues: [{ name: 'q' }],
      bindings: [B(ok, 'q', long)],
      publishes: [{ id: 'p', exchange: ok, routing_key: long }],
    }).result
    expect(r.errors.map((e) => [e.id, e.code])).toEqual([
      [`exchange:${long}`, 0],
      ['binding:0', 0],
      ['p', 0],
    ])
    expect(r.errors[0]?.text).toMatch(/^CLIENT_REFUSED - field 'exchange' is 256 bytes/)
  })
})

describe('bind / unbind / delete', () => {
  const base = { exchanges: [X('d'), X('t', 'topic'), X('h', 'headers')], queues: [{ name: 'q' }] }

  it('404 for a missing source (checked first) or destination', () => {
    const r = runScenario({ ...base, bindings: [B('nope', 'nq'), B('d', 'nq')] }).result
    expect(r.errors.map((e) => e.text)).toEqual([
      "NOT_FOUND - no exchange 'nope' in vhost '/'",
      "NOT_FOUND - no queue 'nq' in vhost '/'",
    ])
  })

  it('403 binding to or from the default exchange', () => {
    const bindings = [
      B('', 'q', 'q'),
      { source: 'd', destination: '', destination_type: 'exchange' as const, routing_key: '' },
    ]
    expect(errorsOf({ ...base, bindings }).map((e) => e[2])).toEqual([403, 403])
  })

  it('406 for an invalid x-match (wrong type or value); absent is fine', () => {
    const bindings = [
      B('h', 'q', '', { arguments: { 'x-match': 23 } }),
      B('h', 'q', '', { arguments: { 'x-match': 'some' } }),
      B('h', 'q', '', { arguments: { 'x-match': 'any-with-x', a: 1 } }),
      B('h', 'q', '', { arguments: { a: 1 } }),
    ]
    const r = runScenario({ ...base, bindings }).result
    expect(r.errors.map((e) => [e.id, e.code])).toEqual([
      ['binding:0', 406],
      ['binding:1', 406],
    ])
    expect(r.errors[0]?.text).toMatch(/x-match field type byte/) // amqplib sends 23 as a byte
  })

  it('406 for a topic key with more than two # in rabbitmq-4 only', () => {
    const bindings = [B('t', 'q', '#.a.#.#'), B('t', 'q', '#.a.#'), B('t', 'q', 'x#.##.#.#')]
    expect(errorsOf({ ...base, bindings })).toEqual([['binding:0', 'bind', 406]])
    expect(errorsOf({ ...base, profile: 'rabbitmq-3.10', bindings })).toEqual([])
  })

  it('unbind of something missing is fine; unbind of the default exchange is 403', () => {
    const ops: Operation[] = [
      { op: 'unbind', binding: B('d', 'nq', 'k') },
      { op: 'unbind', binding: B('nope', 'q', 'k') },
      { op: 'unbind', binding: B('', 'q', 'q') },
    ]
    const r = runOperations(ops).result
    expect(r.errors.map((e) => [e.id, e.stage, e.code])).toEqual([['binding:2', 'unbind', 403]])
  })

  it('exchange.delete: missing is fine; amq.* and "" are 403; if_unused with bindings is 406', () => {
    const ops: Operation[] = [
      { op: 'exchange.declare', exchange: X('e') },
      { op: 'queue.declare', queue: { name: 'q' } },
      { op: 'bind', binding: B('e', 'q', 'k') },
      { op: 'exchange.delete', name: 'missing' },
      { op: 'exchange.delete', name: 'amq.direct' },
      { op: 'exchange.delete', name: '' },
      { op: 'exchange.delete', name: 'e', if_unused: true },
      { op: 'queue.delete', name: 'missing' },
    ]
    const r = runOperations(ops).result
    expect(r.errors.map((e) => [e.id, e.stage, e.code])).toEqual([
      ['exchange:amq.direct', 'delete', 403],
      ['exchange:', 'delete', 403],
      ['exchange:e', 'delete', 406],
    ])
    expect(r.errors[0]?.text).toBe(
      "ACCESS_REFUSED - deletion of system exchange 'amq.direct' in vhost '/' not allowed",
    )
  })
})

describe('publish', () => {
  it('404 missing exchange, 403 internal exchange, 406 CC/BCC not an array', () => {
    const r = runScenario({
      exchanges: [X('i', 'direct', { internal: true }), X('d')],
      publishes: [
        { id: 'p1', exchange: 'nope', routing_key: '' },
        { id: 'p2', exchange: 'i', routing_key: '' },
        { id: 'p3', exchange: 'amq.rabbitmq.trace', routing_key: '' },
        { id: 'p4', exchange: 'd', routing_key: '', headers: { CC: 'a' } },
        { id: 'p5', exchange: 'd', routing_key: '', headers: { BCC: 5 } },
        { id: 'p6', exchange: 'd', routing_key: '', headers: { CC: [] } },
      ],
    }).result
    expect(r.errors.map((e) => [e.id, e.code])).toEqual([
      ['p1', 404],
      ['p2', 403],
      ['p3', 403],
      ['p4', 406],
      ['p5', 406],
    ])
    expect(r.errors[3]?.text).toBe(
      'PRECONDITION_FAILED - invalid message: {unacceptable_type_in_header,"CC",longstr}',
    )
    expect(r.errors[4]?.text).toMatch(/"BCC",byte/)
  })

  it('a failing step does not stop the run', () => {
    const r = runScenario({
      exchanges: [X('d')],
      queues: [{ name: 'q' }],
      bindings: [B('nope', 'q', 'k'), B('d', 'q', 'k')],
      publishes: [{ id: 'm', exchange: 'd', routing_key: 'k' }],
    }).result
    expect(r.errors.length).toBe(1)
    expect(r.queues).toEqual({ q: ['m'] })
  })
})
