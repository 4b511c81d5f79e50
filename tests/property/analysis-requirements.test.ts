// Requirement checks are sound (every counter-example, routed by the ordinary router, breaks the
// requirement, and none is longer than needed) and complete (when one "holds", no enumerated message
// breaks it) on generated topologies.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  checkRequirements,
  type JsonValue,
  type Requirement,
  toAmqpTable,
  topicMatch,
  valuesEqual,
} from '../../src/engine'
import { allMessages, brokerOf, PUBLISHABLE, queuesFor, SEED, topologyArb } from './analysis-topologies'

const requirementArb = fc.record({
  kind: fc.constantFrom<Requirement['kind']>('reaches', 'reaches_only', 'unroutable', 'nothing_but'),
  key: fc.array(fc.constantFrom('a', 'b', '', '*', '#'), { maxLength: 3 }).map((w) => w.join('.')),
  queues: fc.uniqueArray(fc.constantFrom('q0', 'q1', 'q2', 'q3'), { minLength: 1, maxLength: 2 }),
  headers: fc.option(fc.constantFrom<Record<string, JsonValue>>({ h1: 1 }, { 'x-h': 'x' }), { freq: 4 }),
  exchange: fc.constantFrom('e0', 'e1', 'e2', 'e3'),
})

function inside(
  r: Requirement,
  key: string,
  headers: Record<string, JsonValue>,
  profile: 'rabbitmq-4' | 'rabbitmq-3.10',
): boolean {
  if (!topicMatch(r.key, key)) return false
  const want = toAmqpTable(r.headers ?? {})
  const have = toAmqpTable(headers)
  return Object.entries(want).every(([k, v]) => have[k] !== undefined && valuesEqual(v, have[k], profile))
}

function breaks(r: Requirement, isInside: boolean, reached: string[]): boolean {
  if (r.kind === 'reaches') return isInside && r.queues.some((q) => !reached.includes(q))
  if (r.kind === 'reaches_only')
    return isInside && (reached.length !== r.queues.length || r.queues.some((q) => !reached.includes(q)))
  if (r.kind === 'unroutable') return isInside && reached.length > 0
  return !isInside && r.queues.some((q) => reached.includes(q))
}

describe('requirement checks over every message', () => {
  it('counter-examples break the requirement when routed; "holds" survives exhaustive enumeration', () => {
    let held = 0
    let failed = 0
    fc.assert(
      fc.property(topologyArb, fc.array(requirementArb, { minLength: 1, maxLength: 4 }), (s, generated) => {
        const reqs: Requirement[] = generated
          .filter((g) => PUBLISHABLE(s).includes(g.exchange))
          .map((g) => ({
            kind: g.kind,
            key: g.key,
            queues: g.kind === 'unroutable' ? [] : g.queues,
            exchange: g.exchange,
            ...(g.headers ? { headers: g.headers } : {}),
          }))
        const b = brokerOf(s)
        const profile = s.profile === 'rabbitmq-3.10' ? 'rabbitmq-3.10' : 'rabbitmq-4'
        const results = checkRequirements(
          b.broker,
          reqs.map((requirement) => ({ requirement })),
        )
        const messages = allMessages(s)
        results.forEach((res, i) => {
          const r = reqs[i] as Requirement
          expect(res.error).toBeUndefined()
          expect(res.holds).not.toBeNull()
          const breaking = messages.filter((m) =>
            breaks(
              r,
              inside(r, m.key, m.headers, profile),
              queuesFor(b, r.exchange as string, m.key, m.headers),
            ),
          )
          if (res.holds) {
            held++
            expect(breaking, `${res.text} holds, but this message breaks it`).toEqual([])
            return
          }
          failed++
          const c = res.counterexample
          if (!c) throw new Error('a failing requirement has a counter-example')
          const reached = queuesFor(b, c.exchange, c.routing_key, c.headers)
          expect(reached).toEqual(c.reached)
          expect(
            breaks(r, inside(r, c.routing_key, c.headers, profile), reached),
            `${res.text}: ${JSON.stringify(c)}`,
          ).toBe(true)
          // Shortest: no enumerated breaking message has fewer words.
          const words = (k: string) => (k === '' ? 0 : k.split('.').length)
          if (breaking.length > 0)
            expect(words(c.routing_key)).toBeLessThanOrEqual(Math.min(...breaking.map((m) => words(m.key))))
        })
      }),
      { seed: SEED, numRuns: 150 },
    )
    expect(held).toBeGreaterThan(20)
    expect(failed).toBeGreaterThan(20)
  }, 600_000)
})
