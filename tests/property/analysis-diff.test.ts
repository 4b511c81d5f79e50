// Topology diff is sound (each reported change, routed by the ordinary router in both topologies,
// shows that gain or loss) and complete (every enumerated message routed differently is covered by a
// reported change of that exchange and destination) on generated before/after pairs.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diffTopologies, type Scenario } from '../../src/engine'
import { allMessages, brokerOf, queuesFor, SEED, topologyArb } from './analysis-topologies'

/** An edit as homework 02 asks about: one binding added, removed or re-keyed, or an AE changed. */
const editArb = fc.record({
  what: fc.constantFrom('remove', 'add', 'rekey', 'ae'),
  at: fc.nat(),
  key: fc.array(fc.constantFrom('a', 'b', '', '*', '#'), { maxLength: 3 }).map((w) => w.join('.')),
  q: fc.constantFrom('q0', 'q1', 'q2', 'q3'),
  x: fc.constantFrom('e0', 'e1', 'e2', 'e3'),
})

function edited(s: Scenario, e: { what: string; at: number; key: string; q: string; x: string }): Scenario {
  const bindings = [...(s.bindings ?? [])]
  const exchanges = (s.exchanges ?? []).map((x) => ({ ...x }))
  const i = bindings.length ? e.at % bindings.length : 0
  if (e.what === 'remove' && bindings.length) bindings.splice(i, 1)
  else if (e.what === 'rekey' && bindings.length)
    bindings[i] = { ...(bindings[i] as (typeof bindings)[number]), routing_key: e.key }
  else if (e.what === 'ae') {
    const x = exchanges[e.at % exchanges.length]
    if (x) x.arguments = { 'alternate-exchange': e.x }
  } else bindings.push({ source: e.x, destination: e.q, destination_type: 'queue', routing_key: e.key })
  return { ...s, exchanges, bindings }
}

function destinations(
  b: ReturnType<typeof brokerOf>,
  exchange: string,
  key: string,
  headers: Record<string, import('../../src/engine').JsonValue>,
): Set<string> {
  const v = b.broker.vhosts.get('/')
  const x = v?.exchanges.get(exchange)
  if (!v || !x || x.internal) return new Set()
  return new Set(queuesFor(b, exchange, key, headers).map((q) => `q:${q}`))
}

describe('topology diff over every message', () => {
  it('every change is real and every difference is reported', () => {
    let changes = 0
    let same = 0
    fc.assert(
      fc.property(topologyArb, editArb, (s, e) => {
        const after = edited(s, e)
        const A = brokerOf(s)
        const B = brokerOf(after)
        const d = diffTopologies(A.broker, B.broker)
        expect(d.undecided).toEqual([])
        for (const c of d.changes) {
          changes++
          const w = c.witness
          const before = queuesFor(A, c.exchange, w.routing_key, w.headers)
          const now = queuesFor(B, c.exchange, w.routing_key, w.headers)
          expect(before).toEqual(c.before.missing ? [] : c.before.queues)
          expect(now).toEqual(c.after.missing ? [] : c.after.queues)
          if (c.destination_type === 'queue') {
            expect(now.includes(c.destination)).toBe(c.change === 'gained')
            expect(before.includes(c.destination)).toBe(c.change === 'lost')
          }
        }
        for (const c of d.copies) {
          expect(queuesFor(A, c.exchange, c.witness.routing_key, c.witness.headers).length).toBe(
            c.copies_before,
          )
          expect(queuesFor(B, c.exchange, c.witness.routing_key, c.witness.headers).length).toBe(
            c.copies_after,
          )
        }
        const reported = new Set(
          d.changes
            .filter((c) => c.destination_type === 'queue')
            .map((c) => `${c.exchange}|${c.change}|q:${c.destination}`),
        )
        const changedAt = new Set(d.changes.map((c) => c.exchange))
        for (const x of after.exchanges ?? []) {
          if (x.internal) continue
          for (const m of allMessages(after)) {
            const da = destinations(A, x.name, m.key, m.headers)
            const db = destinations(B, x.name, m.key, m.headers)
            for (const q of db)
              if (!da.has(q))
                expect(reported, `${x.name} ${JSON.stringify(m)} gains ${q}`).toContain(
                  `${x.name}|gained|${q}`,
                )
            for (const q of da)
              if (!db.has(q))
                expect(reported, `${x.name} ${JSON.stringify(m)} loses ${q}`).toContain(`${x.name}|lost|${q}`)
            // A copy count changes only where a destination does, and that is reported.
            if (da.size !== db.size) expect(changedAt).toContain(x.name)
            else same++
          }
        }
      }),
      { seed: SEED, numRuns: 120 },
    )
    expect(changes).toBeGreaterThan(30)
    expect(same).toBeGreaterThan(0)
  }, 600_000)
})
