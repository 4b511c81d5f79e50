// Routing on generated topologies: deterministic, one copy per queue, and the index-based routing
// agrees with the binding-by-binding explanation at every hop.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type JsonValue,
  type ProfileName,
  type PublishExplanation,
  runOperations,
  runScenario,
  type Scenario,
  type ScenarioBinding,
  scenarioToOperations,
} from '../../src/engine'

const SEED = 4242
const TYPES = ['direct', 'fanout', 'topic', 'headers'] as const
const EX = ['e0', 'e1', 'e2', 'e3', 'e4']
const QS = ['q0', 'q1', 'q2', 'q3']
const word = fc.constantFrom('a', 'b', '')
const topicWord = fc.constantFrom('a', 'b', '', '*', '#')
const rk = fc.array(word, { maxLength: 3 }).map((w) => w.join('.'))
const bk = fc.array(topicWord, { maxLength: 3 }).map((w) => w.join('.'))
const hval = fc.constantFrom<JsonValue>(
  1,
  2,
  'x',
  null,
  true,
  [],
  {},
  { '!': 'long', value: 1 },
  { '!': 'double', value: 1 },
  { '!': 'long', value: '9007199254740993' },
  { '!': 'timestamp', value: 1 },
)
const headerTable = fc.dictionary(fc.constantFrom('h1', 'h2', 'x-h'), hval, { maxKeys: 3 })
const bindArgs = fc.record(
  {
    'x-match': fc.constantFrom<JsonValue>('all', 'any', 'all-with-x', 'any-with-x'),
    h1: hval,
    h2: hval,
    'x-h': hval,
  },
  { requiredKeys: [] },
)

const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    profile: fc.constantFrom<ProfileName>('rabbitmq-4', 'rabbitmq-3.10'),
    exchanges: fc.tuple(
      ...EX.map((name) =>
        fc.record({
          name: fc.constant(name),
          type: fc.constantFrom(...TYPES),
          arguments: fc.option(fc.record({ 'alternate-exchange': fc.constantFrom(...EX, 'ghost') }), {
            nil: undefined,
          }),
        }),
      ),
    ),
    queues: fc.constant(QS.map((name) => ({ name }))),
    bindings: fc.array(
      fc
        .record({
          source: fc.constantFrom(...EX),
          toQueue: fc.boolean(),
          q: fc.constantFrom(...QS),
          x: fc.constantFrom(...EX),
          routing_key: fc.oneof(rk, bk),
          arguments: fc.option(bindArgs, { nil: undefined }),
        })
        .map(
          (b): ScenarioBinding => ({
            source: b.source,
            destination: b.toQueue ? b.q : b.x,
            destination_type: b.toQueue ? 'queue' : 'exchange',
            routing_key: b.routing_key,
            ...(b.arguments ? { arguments: b.arguments } : {}),
          }),
        ),
      { maxLength: 14 },
    ),
    publishes: fc.array(
      fc.record({
        exchange: fc.constantFrom(...EX, ''),
        routing_key: fc.oneof(rk, fc.constantFrom(...QS)),
        cc: fc.option(fc.array(fc.oneof(rk, fc.constantFrom(...QS)), { maxLength: 2 }), { nil: undefined }),
        headers: headerTable,
        mandatory: fc.boolean(),
      }),
      { minLength: 1, maxLength: 5 },
    ),
  })
  .map((s) => ({
    ...s,
    publishes: s.publishes.map((p, i) => ({
      id: `m${i}`,
      exchange: p.exchange,
      routing_key: p.routing_key,
      mandatory: p.mandatory,
      headers: p.cc ? { ...p.headers, CC: p.cc } : p.headers,
    })),
  }))

/** At each hop, the destinations the index routed to must be exactly the matched evaluations. */
function checkHops(p: PublishExplanation): void {
  const delivered = new Set(p.queues.map((q) => q.queue))
  const visited = new Set(p.hops.map((h) => h.exchange))
  for (const hop of p.hops) {
    if (hop.exchange === '') continue
    const matched = hop.evaluations.filter((e) => e.matched)
    expect(hop.routedNothing).toBe(matched.length === 0)
    for (const e of matched) {
      if (e.destinationType === 'queue') expect(delivered.has(e.destination)).toBe(true)
      else expect(visited.has(e.destination) || hop.skippedExchanges.includes(e.destination)).toBe(true)
    }
  }
  for (const q of p.queues) {
    // Every path to a queue is a matched binding (or a default-exchange lookup), never a stray index hit.
    for (const r of q.reachedBy) {
      if (r.exchange === '') continue
      const hop = p.hops.find((h) => h.exchange === r.exchange)
      const ev = hop?.evaluations.find((e) => e.bindingId === r.bindingId)
      expect(ev?.matched, `${q.queue} via ${r.exchange}`).toBe(true)
    }
  }
}

describe('routing on generated topologies', () => {
  it('is deterministic, gives one copy per queue and agrees with the explanation', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const a = runScenario(s)
        const b = runScenario(structuredClone(s))
        expect(JSON.stringify(b)).toBe(JSON.stringify(a))
        // Index routing alone (no explanation) delivers exactly the same.
        const quick = runOperations(scenarioToOperations(s), s.profile, { explain: false })
        expect(quick.result).toEqual(a.result)
        for (const [, ids] of Object.entries(a.result.queues)) expect(new Set(ids).size).toBe(ids.length)
        for (const p of a.publishes) {
          expect(new Set(p.queues.map((q) => q.queue)).size).toBe(p.queues.length)
          expect(new Set(p.hops.map((h) => h.exchange)).size).toBe(p.hops.length) // each exchange once
          checkHops(p)
          const routed = p.queues.length > 0
          if (p.outcome.kind !== 'error') expect(p.outcome.kind === 'routed').toBe(routed)
        }
      }),
      { seed: SEED, numRuns: 300 },
    )
  }, 60_000)
})
