import fc from 'fast-check'
import { describe, expect, inject, it } from 'vitest'
import {
  analysisBroker,
  checkRequirements,
  diffTopologies,
  type JsonValue,
  lintTopology,
  type Requirement,
  type Scenario,
  scenarioToOperations,
} from '../../src/engine'
import { topologyArb } from '../property/analysis-topologies'
import { mapPool } from './harness/check-scenario'
import { MgmtApi } from './harness/mgmt-api'
import { runOnBroker } from './harness/run-on-broker'

/**
 * The analysis's witnesses on the real broker: requirement counter-examples, diff witnesses (on the
 * "after" topology) and lint witnesses are published on RabbitMQ 3.10.8, and the queues that received
 * each one must be exactly the queues the analysis says it reaches.
 */
const target = { amqpUrl: inject('rabbitAmqpUrl'), api: new MgmtApi(inject('rabbitMgmtUrl')) }
let vhostCounter = 0

interface Claim {
  source: string
  exchange: string
  routing_key: string
  headers: Record<string, JsonValue>
  queues: string[]
}

/** Routing only: no TTL or dead-lettering (a scenario has no clock); on the 3.10 profile. */
function routingOnly(s: Scenario): Scenario {
  return { ...s, profile: 'rabbitmq-3.10', queues: (s.queues ?? []).map((q) => ({ name: q.name })) }
}

function claimsFor(s: Scenario, after: Scenario, reqs: Requirement[]): { on: Scenario; claims: Claim[] }[] {
  const A = analysisBroker(scenarioToOperations(s), 'rabbitmq-3.10')
  const B = analysisBroker(scenarioToOperations(after), 'rabbitmq-3.10')
  const onA: Claim[] = []
  const onB: Claim[] = []
  for (const r of checkRequirements(
    A.broker,
    reqs.map((requirement) => ({ requirement })),
  ))
    if (r.counterexample)
      onA.push({ source: `check ${r.text}`, ...r.counterexample, queues: r.counterexample.reached })
  const d = diffTopologies(A.broker, B.broker)
  for (const c of d.changes) {
    if (!c.before.missing)
      onA.push({
        source: `diff ${c.change} ${c.destination} (before)`,
        ...c.witness,
        queues: c.before.queues,
      })
    if (!c.after.missing)
      onB.push({ source: `diff ${c.change} ${c.destination} (after)`, ...c.witness, queues: c.after.queues })
  }
  for (const f of lintTopology(A).findings)
    if (f.witness && f.rule === 'unroutable-messages')
      onA.push({ source: `lint ${f.rule}`, ...f.witness, queues: [] })
  return [
    { on: s, claims: onA },
    { on: after, claims: onB },
  ]
}

const cases = fc
  .sample(
    fc.tuple(
      topologyArb,
      fc.array(
        fc.record({
          kind: fc.constantFrom<Requirement['kind']>('reaches', 'reaches_only', 'unroutable', 'nothing_but'),
          key: fc.array(fc.constantFrom('a', 'b', '', '*', '#'), { maxLength: 3 }).map((w) => w.join('.')),
          q: fc.constantFrom('q0', 'q1', 'q2'),
          x: fc.constantFrom('e0', 'e1', 'e2', 'e3'),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      fc.record({
        key: fc.constantFrom('a.#', '*', 'b', '#', ''),
        q: fc.constantFrom('q0', 'q1', 'q3'),
        x: fc.constantFrom('e0', 'e1'),
      }),
    ),
    { seed: 310, numRuns: 40 },
  )
  .flatMap(([raw, generated, add], i) => {
    const s = routingOnly(raw)
    const publishable = (s.exchanges ?? []).filter((x) => !x.internal).map((x) => x.name)
    const reqs: Requirement[] = generated
      .filter((g) => publishable.includes(g.x))
      .map((g) => ({ kind: g.kind, key: g.key, queues: g.kind === 'unroutable' ? [] : [g.q], exchange: g.x }))
    const after: Scenario = {
      ...s,
      bindings: [
        ...(s.bindings ?? []).slice(1),
        { source: add.x, destination: add.q, destination_type: 'queue', routing_key: add.key },
      ],
    }
    return claimsFor(s, after, reqs).map((c, j) => ({ name: `topology ${i}${j ? ' (after)' : ''}`, ...c }))
  })
  .filter((c) => c.claims.length > 0)

describe('analysis witnesses on RabbitMQ 3.10.8', () => {
  it('has witnesses to check', () => {
    expect(cases.reduce((n, c) => n + c.claims.length, 0)).toBeGreaterThan(100)
  })

  it('every witness reaches exactly the queues the analysis claims', async () => {
    const results = await mapPool(cases, 4, async (c) => {
      const scenario: Scenario = {
        ...c.on,
        publishes: c.claims.map((w, k) => ({
          id: `w${k}`,
          exchange: w.exchange,
          routing_key: w.routing_key,
          headers: w.headers,
        })),
      }
      const vhost = `analysis-${process.pid}-${++vhostCounter}`
      const broker = await runOnBroker(scenario, target.amqpUrl, target.api, vhost)
      const wrong: string[] = []
      c.claims.forEach((w, k) => {
        const got = Object.entries(broker.queues)
          .filter(([, ids]) => ids.includes(`w${k}`))
          .map(([q]) => q)
          .sort()
        if (JSON.stringify(got) !== JSON.stringify([...w.queues].sort()))
          wrong.push(
            `${c.name} ${w.source}: ${w.exchange} ${JSON.stringify(w.routing_key)} ${JSON.stringify(w.headers)} broker ${JSON.stringify(got)} analysis ${JSON.stringify(w.queues)}`,
          )
      })
      return { checked: c.claims.length, wrong }
    })
    const wrong = results.flatMap((r) => r.wrong)
    const checked = results.reduce((n, r) => n + r.checked, 0)
    console.log(`analysis witnesses: ${checked} published on the broker, ${wrong.length} disagreed`)
    expect(wrong).toEqual([])
  })
})
