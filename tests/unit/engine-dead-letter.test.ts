/**
 * Queue arguments, dead-lettering and policies in the engine (scenario runner, no clock). The broker
 * agrees on the same rules in tests/conformance/scenarios/{dlx,overflow,priority,policy}-*.json.
 */
import { describe, expect, it } from 'vitest'
import {
  parseScript,
  printScript,
  runOperations,
  runScenario,
  type Scenario,
  type ScenarioQueue,
} from '../../src/engine'
import { getProfile } from '../../src/engine/broker/profiles'
import type { MessageContent } from '../../src/engine/broker/types'
import { deadLetteredContent, isDeathCycle } from '../../src/engine/routing/dead-letter'
import { deliveredHeaders } from '../../src/engine/routing/message-content'

const q = (name: string, args?: ScenarioQueue['arguments']): ScenarioQueue => ({
  name,
  durable: false,
  ...(args ? { arguments: args } : {}),
})
const run = (s: Scenario) => runScenario({ profile: 'rabbitmq-3.10', ...s })

describe('x-death as the broker writes it', () => {
  const published: MessageContent = {
    exchange: 'orders',
    routingKeys: ['new', 'cc1', 'bcc1'],
    headers: { CC: { type: 'array', value: [{ type: 'longstr', value: 'cc1' }] } },
    expiration: '5000',
    size: 2,
    deaths: [],
  }
  const target = { exchange: 'dlx', from: 'argument' as const }

  it('first death: keys are the publish key and CC (never BCC), expiration kept as original-expiration', () => {
    const c = deadLetteredContent(published, 'expired', 'work', target, 7000)
    expect(c.deaths).toEqual([
      {
        queue: 'work',
        reason: 'expired',
        count: 1,
        exchange: 'orders',
        routingKeys: ['new', 'cc1'],
        originalExpiration: '5000',
        time: 7000,
      },
    ])
    expect(c.expiration).toBeUndefined()
    expect(c.exchange).toBe('dlx')
    // No x-dead-letter-routing-key: routed again with every key it had, BCC included.
    expect(c.routingKeys).toEqual(['new', 'cc1', 'bcc1'])
    expect(c.firstDeath).toEqual({ reason: 'expired', queue: 'work', exchange: 'orders' })
  })

  it('a routing key override replaces the keys and removes CC', () => {
    const c = deadLetteredContent(published, 'rejected', 'work', { ...target, routingKey: 'dead' }, 0)
    expect(c.routingKeys).toEqual(['dead'])
    expect(c.headers.CC).toBeUndefined()
    expect(c.deaths[0]?.routingKeys).toEqual(['new', 'cc1'])
  })

  it('a repeated (queue, reason) counts up and moves to the front, keeping its first exchange and keys', () => {
    const once = deadLetteredContent(published, 'rejected', 'a', { ...target, routingKey: 'b' }, 1)
    const twice = deadLetteredContent(once, 'expired', 'b', { ...target, routingKey: 'a' }, 2)
    const thrice = deadLetteredContent(twice, 'rejected', 'a', { ...target, routingKey: 'b' }, 3)
    expect(thrice.deaths.map((d) => [d.queue, d.reason, d.count, d.exchange, d.time])).toEqual([
      ['a', 'rejected', 2, 'orders', 1],
      ['b', 'expired', 1, 'dlx', 2],
    ])
    expect(thrice.firstDeath?.queue).toBe('a')
  })

  it('headers: x-death and x-first-death-*; x-last-death-* only on the 4.x profile', () => {
    const c = deadLetteredContent(published, 'maxlen', 'work', target, 3000)
    const h310 = deliveredHeaders(c, getProfile('rabbitmq-3.10'))
    expect(Object.keys(h310).sort()).toEqual([
      'CC',
      'x-death',
      'x-first-death-exchange',
      'x-first-death-queue',
      'x-first-death-reason',
    ])
    const death = h310['x-death']
    expect(death?.type === 'array' && death.value[0]?.type === 'table' && death.value[0].value.time).toEqual({
      type: 'timestamp',
      value: 3,
    })
    expect(Object.keys(deliveredHeaders(c, getProfile('rabbitmq-4')))).toContain('x-last-death-reason')
  })

  it('cycle: the target already in x-death with no reject since is a cycle; a reject breaks it', () => {
    const d = (queue: string, reason: 'expired' | 'rejected' | 'maxlen') => ({
      queue,
      reason,
      count: 1,
      exchange: '',
      routingKeys: [],
      time: 0,
    })
    expect(isDeathCycle('q', [d('q', 'expired')])).toBe(true)
    expect(isDeathCycle('q', [d('p', 'maxlen'), d('q', 'expired')])).toBe(true)
    expect(isDeathCycle('q', [d('p', 'rejected'), d('q', 'expired')])).toBe(false)
    expect(isDeathCycle('q', [d('p', 'expired')])).toBe(false)
  })
})

describe('scenario runner', () => {
  it('drop-head dead-letters the head, and the explanation carries the hop', () => {
    const r = run({
      exchanges: [{ name: 'dlx', type: 'fanout', durable: false }],
      queues: [q('dlq'), q('q', { 'x-max-length': 1, 'x-dead-letter-exchange': 'dlx' })],
      bindings: [{ source: 'dlx', destination: 'dlq', destination_type: 'queue', routing_key: '' }],
      publishes: [
        { id: 'm1', exchange: '', routing_key: 'q' },
        { id: 'm2', exchange: '', routing_key: 'q' },
      ],
    })
    expect(r.result.queues).toEqual({ dlq: ['m1'], q: ['m2'] })
    const e = r.publishes[1]
    const settings = [
      { key: 'max-length', value: 1, from: 'argument' },
      { key: 'dead-letter-exchange', value: 'dlx', from: 'argument' },
    ]
    expect(e?.admissions).toEqual([{ queue: 'q', result: 'enqueued', droppedHead: ['m1'], settings }])
    expect(e?.deadLetters?.map((h) => [h.message, h.reason, h.queue, h.exchange, h.outcome])).toEqual([
      ['m1', 'maxlen', 'q', 'dlx', 'routed'],
    ])
    expect(e?.deadLetters?.[0]?.hops[0]?.via).toEqual({ kind: 'dead-letter', queue: 'q', reason: 'maxlen' })
    expect(r.publishes[0]?.admissions).toEqual([
      { queue: 'q', result: 'enqueued', droppedHead: [], settings },
    ])
    // A queue with no setting in force gets no admission record.
    const plain = run({ queues: [q('p')], publishes: [{ id: 'm1', exchange: '', routing_key: 'p' }] })
    expect(plain.publishes[0]?.admissions).toBeUndefined()
  })

  it('reject-publish nacks, lists the refusing queues, and adds no return', () => {
    const r = run({
      queues: [q('full', { 'x-max-length': 0, 'x-overflow': 'reject-publish' })],
      publishes: [{ id: 'm1', exchange: '', routing_key: 'full', mandatory: true }],
    })
    expect(r.result.nacks).toEqual([{ id: 'm1', queues: ['full'] }])
    expect(r.result.returns).toEqual([])
    expect(r.publishes[0]?.confirm).toBe('nack')
  })

  it('no nacks key when nothing was nacked (the CLI JSON keeps its shape)', () => {
    const r = run({ queues: [q('a')], publishes: [{ id: 'm1', exchange: '', routing_key: 'a' }] })
    expect(Object.keys(r.result)).toEqual(['queues', 'returns', 'errors'])
  })

  it('priority queues list messages in delivery order', () => {
    const pub = (id: string, priority?: number) => ({
      id,
      exchange: '',
      routing_key: 'pq',
      ...(priority === undefined ? {} : { properties: { priority } }),
    })
    const r = run({
      queues: [q('pq', { 'x-max-priority': 2 })],
      publishes: [pub('a'), pub('b', 9), pub('c', 1), pub('d', 2)],
    })
    expect(r.result.queues.pq).toEqual(['b', 'd', 'c', 'a'])
  })

  it('invalid arguments are 406 with the broker’s reason', () => {
    const r = run({ queues: [q('a', { 'x-overflow': 'drop-tail' }), q('b', { 'x-max-priority': 256 })] })
    expect(r.result.errors.map((e) => e.text)).toEqual([
      "PRECONDITION_FAILED - invalid arg 'x-overflow' for queue 'a' in vhost '/': invalid_overflow",
      "PRECONDITION_FAILED - invalid arg 'x-max-priority' for queue 'b' in vhost '/': {max_value_exceeded,256}",
    ])
  })
})

describe('policies', () => {
  const scenario: Scenario = {
    policies: [
      { name: 'low', pattern: '^work', definition: { 'max-length': 5, 'dead-letter-exchange': 'p-dlx' } },
      {
        name: 'high',
        pattern: '^work\\.a',
        priority: 2,
        definition: { 'max-length': 3, overflow: 'reject-publish' },
      },
      {
        name: 'xs',
        pattern: 'in',
        'apply-to': 'exchanges',
        definition: { 'alternate-exchange': 'amq.fanout' },
      },
    ],
    exchanges: [{ name: 'in', type: 'direct', durable: false }],
    queues: [q('work.a', { 'x-max-length': 10, 'x-overflow': 'drop-head' }), q('work.b'), q('inbox')],
  }

  it('the highest priority match applies; limits take the smaller value, overflow the argument', () => {
    const t = run(scenario).topology
    const a = t.queues.find((x) => x.name === 'work.a')
    expect(a?.policy).toBe('high')
    expect(a?.effective).toEqual([
      { key: 'max-length', value: 3, from: 'both', argument: 10, policy: 3 },
      { key: 'overflow', value: 'drop-head', from: 'both', argument: 'drop-head', policy: 'reject-publish' },
    ])
    expect(t.queues.find((x) => x.name === 'work.b')?.effective).toEqual([
      { key: 'max-length', value: 5, from: 'policy' },
      { key: 'dead-letter-exchange', value: 'p-dlx', from: 'policy' },
    ])
    // apply-to exchanges: `inbox` matches the pattern but is a queue.
    expect(t.queues.find((x) => x.name === 'inbox')?.policy).toBeUndefined()
    expect(t.exchanges.find((x) => x.name === 'in')?.effective).toEqual([
      { key: 'alternate-exchange', value: 'amq.fanout', from: 'policy' },
    ])
  })

  it('an alternate exchange from a policy routes and says where it came from', () => {
    const r = run({ ...scenario, publishes: [{ id: 'm1', exchange: 'in', routing_key: 'none' }] })
    expect(r.publishes[0]?.hops[0]?.alternate).toEqual({ name: 'amq.fanout', status: 'used', from: 'policy' })
  })

  it('an invalid policy is the management API’s 400', () => {
    const r = run({ policies: [{ name: 'bad', pattern: '.*', definition: { 'max-length': -1 } }] })
    expect(r.result.errors).toEqual([
      {
        id: 'policy:bad',
        stage: 'policy',
        code: 400,
        text: expect.stringContaining('-1 is not a valid maximum length'),
      },
    ])
  })

  it('policy set / clear and publish body survive print → parse', () => {
    const text = [
      'policy set "dl all" pattern "^q\\\\." definition {dead-letter-exchange: dlx, message-ttl: 100} apply-to queues priority 3',
      'publish m1 to "" key q.1 properties {expiration: "50"} body "hello world"',
      'policy clear "dl all"',
    ].join('\n')
    const parsed = parseScript(text)
    expect(parsed.diagnostics).toEqual([])
    expect(parsed.ops.map((o) => o.op)).toEqual(['policy.set', 'publish', 'policy.clear'])
    expect(parseScript(printScript(parsed.ops)).ops.map(({ loc: _, ...o }) => o)).toEqual(
      parsed.ops.map(({ loc: _, ...o }) => o),
    )
    const set = parsed.ops[0]
    expect(set?.op === 'policy.set' && set.policy).toMatchObject({ pattern: '^q\\.', priority: 3 })
    expect(runOperations(parsed.ops).topology.policies).toBeUndefined()
  })

  // As the broker does (sim/sequences-dead-letter.ts checks it): the new limits under the old
  // overflow mode, then the new mode. The heads leave through the new dead-letter exchange.
  it('a policy step trims live queues at once, unless a queue was and stays reject-publish', () => {
    const text = [
      'queue declare a transient',
      'queue declare b transient',
      'queue declare dlq transient',
      ...['a1', 'a2', 'a3', 'b1', 'b2', 'b3'].map((id) => `publish ${id} to "" key ${id[0]}`),
      'policy set rp pattern "^b$" definition {max-length: 5, overflow: reject-publish}',
      'policy set cap pattern "^a$" definition {max-length: 1, overflow: reject-publish, dead-letter-exchange: "", dead-letter-routing-key: dlq}',
      'policy set bcap pattern "^b$" definition {max-length: 1, overflow: reject-publish-dlx} priority 2',
    ].join('\n')
    const parsed = parseScript(text)
    expect(parsed.diagnostics).toEqual([])
    const r = runOperations(parsed.ops, 'rabbitmq-3.10')
    expect(r.result.queues).toEqual({ a: ['a3'], b: ['b1', 'b2', 'b3'], dlq: ['a1', 'a2'] })
    const cap = r.outcomes.find((o) => o.id === 'policy:cap')
    expect(cap?.deadLetters?.map((h) => [h.reason, h.queue, h.queues.map((d) => d.queue)])).toEqual([
      ['maxlen', 'a', ['dlq']],
      ['maxlen', 'a', ['dlq']],
    ])
  })
})
