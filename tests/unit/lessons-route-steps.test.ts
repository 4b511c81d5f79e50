/** The dedup and unroutable steppers replay the engine's explanation in the broker's order. */
import { describe, expect, it } from 'vitest'
import { type PublishExplanation, runScenario, type Scenario } from '../../src/engine'
import { dedupSteps, runningSet, unroutableSteps } from '../../src/lessons/route-steps'

const q = (name: string) => ({ name, durable: true })
const bind = (
  source: string,
  destination: string,
  routing_key: string,
  destination_type: 'queue' | 'exchange' = 'queue',
) => ({
  source,
  destination,
  destination_type,
  routing_key,
})
function publishes(s: Scenario): PublishExplanation[] {
  return runScenario({ profile: 'rabbitmq-4', ...s }).publishes
}

describe('dedupSteps', () => {
  it('the note’s exercise: Q1 added, Q1 merged, Q2 not matched, set [Q1]', () => {
    const [pub] = publishes({
      exchanges: [{ name: 'x', type: 'topic', durable: true }],
      queues: [q('Q1'), q('Q2')],
      bindings: [bind('x', 'Q1', 'a.#'), bind('x', 'Q1', 'a.*'), bind('x', 'Q2', 'b.#')],
      publishes: [{ id: 'm1', exchange: 'x', routing_key: 'a.x' }],
    })
    const steps = dedupSteps(pub as PublishExplanation)
    expect(steps.map((s) => (s.kind === 'set' ? 'set' : s.effect))).toEqual([
      'added',
      'merged',
      'none',
      'set',
    ])
    expect(runningSet(steps, 1)).toEqual(['Q1'])
    expect(runningSet(steps, 3)).toEqual(['Q1'])
    expect(runningSet(steps, 4)).toEqual(['Q1'])
    const last = steps.at(-1)
    expect(last?.kind === 'set' && last.queues.map((d) => [d.queue, d.reachedBy.length])).toEqual([['Q1', 2]])
  })

  it('follows an exchange-to-exchange binding and merges the second path to the same queue', () => {
    const [pub] = publishes({
      exchanges: [
        { name: 'in', type: 'topic', durable: true },
        { name: 'out', type: 'fanout', durable: true },
      ],
      queues: [q('audit')],
      bindings: [bind('in', 'out', '#', 'exchange'), bind('in', 'audit', '#'), bind('out', 'audit', '')],
      publishes: [{ id: 'm1', exchange: 'in', routing_key: 'k' }],
    })
    const steps = dedupSteps(pub as PublishExplanation)
    expect(steps.map((s) => (s.kind === 'set' ? 'set' : `${s.exchange}:${s.effect}`))).toEqual([
      'in:to-exchange',
      'in:added',
      'out:merged',
      'set',
    ])
  })

  it('records default-exchange lookups', () => {
    const [pub] = publishes({
      queues: [q('orders')],
      publishes: [{ id: 'm1', exchange: '', routing_key: 'orders' }],
    })
    const steps = dedupSteps(pub as PublishExplanation)
    expect(steps[0]).toMatchObject({
      kind: 'lookup',
      routingKey: 'orders',
      queueExists: true,
      effect: 'added',
    })
  })
})

describe('unroutableSteps', () => {
  const scenario: Scenario = {
    exchanges: [
      { name: 'shop', type: 'direct', durable: true },
      { name: 'safe', type: 'direct', durable: true, arguments: { 'alternate-exchange': 'ae' } },
      { name: 'ghost-ae', type: 'direct', durable: true, arguments: { 'alternate-exchange': 'nowhere' } },
      { name: 'ae', type: 'fanout', durable: true },
    ],
    queues: [q('orders'), q('parking')],
    bindings: [bind('shop', 'orders', 'ok'), bind('ae', 'parking', '')],
    publishes: [
      { id: 'routed', exchange: 'shop', routing_key: 'ok' },
      { id: 'returned', exchange: 'shop', routing_key: 'lost', mandatory: true },
      { id: 'dropped', exchange: 'shop', routing_key: 'lost' },
      { id: 'rescued', exchange: 'safe', routing_key: 'lost', mandatory: true },
      { id: 'ghost', exchange: 'ghost-ae', routing_key: 'lost', mandatory: true },
      { id: 'missing', exchange: 'typo', routing_key: 'ok', mandatory: true },
    ],
  }
  const byId = new Map(publishes(scenario).map((p) => [p.id, unroutableSteps(p)]))
  const kinds = (id: string) => byId.get(id)?.map((s) => s.kind)
  const last = (id: string) => byId.get(id)?.at(-1)

  it('routed: exchange, bindings, queues, outcome', () => {
    expect(kinds('routed')).toEqual(['exchange', 'bindings', 'queues', 'outcome'])
    expect(last('routed')).toEqual({ kind: 'outcome', outcome: { kind: 'routed' } })
  })
  it('unroutable: asks mandatory, then returns 312 or drops', () => {
    expect(kinds('returned')).toEqual(['exchange', 'bindings', 'queues', 'mandatory', 'outcome'])
    expect(last('returned')).toMatchObject({ outcome: { kind: 'returned', replyCode: 312 } })
    expect(byId.get('dropped')?.[3]).toEqual({ kind: 'mandatory', mandatory: false })
    expect(last('dropped')).toMatchObject({ outcome: { kind: 'dropped' } })
  })
  it('an alternate exchange takes over, then its own bindings are checked', () => {
    expect(kinds('rescued')).toEqual(['exchange', 'bindings', 'alternate', 'bindings', 'queues', 'outcome'])
    expect(byId.get('rescued')?.[2]).toMatchObject({ kind: 'alternate', name: 'ae', status: 'used' })
  })
  it('an alternate exchange that does not exist is shown as ignored', () => {
    expect(byId.get('ghost')?.[2]).toMatchObject({ kind: 'alternate', name: 'nowhere', status: 'missing' })
    expect(last('ghost')).toMatchObject({ outcome: { kind: 'returned' } })
  })
  it('a missing exchange stops at the lookup with 404', () => {
    expect(kinds('missing')).toEqual(['exchange', 'outcome'])
    expect(byId.get('missing')?.[0]).toMatchObject({ kind: 'exchange', found: false, error: { code: 404 } })
  })
})
