// Lint findings that claim something about every message are checked by exhaustive enumeration, and
// findings with a witness are checked by routing the witness with the ordinary router.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  analysisBroker,
  lintTopology,
  type Operation,
  routeWitness,
  runOperations,
  tableToTypedJson,
  toAmqpTable,
} from '../../src/engine'
import {
  allMessages,
  brokerOf,
  opsOf,
  PUBLISHABLE,
  queuesFor,
  SEED,
  topologyArb,
} from './analysis-topologies'

describe('lint over every message', () => {
  it('"never" findings survive enumeration; witnessed findings hold when routed', () => {
    const seen = new Map<string, number>()
    fc.assert(
      fc.property(topologyArb, (s) => {
        const b = brokerOf(s)
        const { findings, undecided } = lintTopology(b)
        expect(undecided).toEqual([])
        const vhost = b.broker.vhosts.get('/')
        if (!vhost) throw new Error('no vhost')
        // Three words cover every pattern here (at most three words each).
        const messages = allMessages(s, 3)
        const entries = PUBLISHABLE(s)
        const flagged = new Set(
          findings.filter((f) => f.rule === 'queue-unreachable').map((f) => f.subject.name),
        )
        for (const f of findings) {
          seen.set(f.rule, (seen.get(f.rule) ?? 0) + 1)
          const w = f.witness
          if (f.rule === 'queue-unreachable')
            for (const x of entries)
              for (const m of messages)
                expect(queuesFor(b, x, m.key, m.headers), `${x} ${m.key}`).not.toContain(f.subject.name)
          if (f.rule === 'unroutable-messages' && w)
            expect(queuesFor(b, w.exchange, w.routing_key, w.headers)).toEqual([])
          if (f.rule === 'alternate-cannot-route' && w) {
            // The message falls to the alternate exchange there, and that routes it nowhere.
            const route = routeWitness(
              vhost,
              b.broker.profile,
              w.exchange,
              w.routing_key,
              toAmqpTable(w.headers),
            )
            const hop = route.hops.find((h) => h.exchange === f.subject.name)
            // An exchange that is its own alternate: already visited, so the message is lost there.
            expect(['used', 'already-visited']).toContain(hop?.alternate?.status)
            const ae = routeWitness(
              vhost,
              b.broker.profile,
              hop?.alternate?.name ?? '',
              w.routing_key,
              toAmqpTable(w.headers),
              { kind: 'alternate', from: f.subject.name },
            )
            expect(ae.queues).toEqual([])
            if (w.exchange === f.subject.name) expect(route.queues).toEqual([])
          }
          if (f.rule === 'dead-letter-unroutable' && w)
            expect(queuesFor(b, w.exchange, w.routing_key, w.headers).length).toBeGreaterThan(0)
          if (f.rule === 'binding-redundant') {
            const record = [...vhost.bindings.values()].find((x) => x.id === f.subject.binding?.id)
            if (!record) throw new Error('redundant binding not found')
            const unbind: Operation = {
              op: 'unbind',
              binding: {
                source: record.source,
                destination: record.destination,
                destination_type: record.destination_type,
                routing_key: record.routing_key,
                arguments: tableToTypedJson(record.arguments),
              },
            }
            const without = analysisBroker([...opsOf(s), unbind], s.profile ?? 'rabbitmq-4')
            expect(
              [...(without.broker.vhosts.get('/')?.bindings.values() ?? [])].some(
                (x) => x.identity === record.identity,
              ),
            ).toBe(false)
            for (const x of entries)
              for (const m of messages)
                expect(
                  queuesFor(without, x, m.key, m.headers),
                  `without ${record.id}: ${x} ${m.key}`,
                ).toEqual(queuesFor(b, x, m.key, m.headers))
          }
          if (f.rule === 'binding-never-matches') {
            const id = f.subject.binding?.id
            const publishes: Operation[] = entries.flatMap((x) =>
              messages.map((m, i) => ({
                op: 'publish' as const,
                publish: { id: `${x}-${i}`, exchange: x, routing_key: m.key, headers: m.headers },
              })),
            )
            const run = runOperations([...opsOf(s), ...publishes], s.profile ?? 'rabbitmq-4')
            for (const p of run.publishes)
              for (const hop of p.hops)
                for (const e of hop.evaluations)
                  if (e.bindingId === id) expect(e.matched, `${p.id} matches ${id}`).toBe(false)
          }
        }
        // Completeness of queue-unreachable: an unflagged queue is reached by some enumerated message
        // (or by dead-lettering, which the rule counts as a way in).
        for (const q of vhost.queues.keys()) {
          if (flagged.has(q)) continue
          const reached = entries.some((x) =>
            messages.some((m) => queuesFor(b, x, m.key, m.headers).includes(q)),
          )
          const dlTarget = [...vhost.queues.values()].some(
            (o) => o.arguments['x-dead-letter-exchange'] !== undefined,
          )
          if (!dlTarget) expect(reached, `queue ${q} is reachable`).toBe(true)
        }
      }),
      { seed: SEED, numRuns: 50 },
    )
    for (const rule of [
      'queue-unreachable',
      'binding-redundant',
      'unroutable-messages',
      'alternate-cannot-route',
      'catch-all',
    ])
      expect(seen.get(rule) ?? 0, rule).toBeGreaterThan(0)
  }, 600_000)
})
