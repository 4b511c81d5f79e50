/**
 * Live mode's runner (src/lab-core/live-run.ts, what the browser runs) in Node against the private
 * node: the HTTP flavour's scenarios (policy steps among them) agree with the engine, the scratch
 * vhost is always deleted, a topology copied from a vhost with a misspelled binding is caught and
 * explained, a copied vhost brings its policies along, and quorum queues and streams are created
 * with their types and read where "get messages" can read them.
 */
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { Scenario } from '../../src/engine'
import { diffObservation } from '../../src/lab-core/diff'
import { kitLimits } from '../../src/lab-core/limits'
import { runPlanLive } from '../../src/lab-core/live-run'
import { MgmtClient, type Transport } from '../../src/lab-core/mgmt-client'
import { planFromScenario, predict } from '../../src/lab-core/plan'
import { comparable } from './harness/compare'
import { casesFor } from './harness/kit-cases'
import { MgmtApi } from './harness/mgmt-api'
import { nodeTransport } from './harness/node-transport'

const { transport, user } = nodeTransport(inject('rabbitMgmtUrl'))
const client = new MgmtClient(transport)
const api = new MgmtApi(inject('rabbitMgmtUrl'))
const RUN = Math.random().toString(36).slice(2, 8)
let n = 0

afterAll(async () => {
  expect(await api.vhostNames(`lab-live-${RUN}`), 'scratch vhosts left behind').toEqual([])
})

describe('live mode runner', () => {
  const cases = casesFor('http').filter((c) => !c.prefix)
  it('has at least 20 scenarios', () => expect(cases.length).toBeGreaterThanOrEqual(20))
  for (const c of cases) {
    it.concurrent(c.name, async () => {
      const obs = await runPlanLive(c.plan, client, { scratch: `lab-live-${RUN}-${++n}`, user })
      expect(obs.kit).toBe('live')
      expect(comparable(obs)).toEqual(comparable(predict(c.plan).result))
    })
  }

  it('quorum queues and streams: created with their types; a stream and a single-active-consumer quorum queue read as empty (the stated limit)', async () => {
    const model: Scenario = {
      profile: 'rabbitmq-3.10',
      exchanges: [{ name: 'all', type: 'fanout', durable: false }],
      queues: [
        { name: 'c', durable: false },
        { name: 'q', arguments: { 'x-queue-type': 'quorum' } },
        { name: 'one', arguments: { 'x-queue-type': 'quorum', 'x-single-active-consumer': true } },
        { name: 's', arguments: { 'x-queue-type': 'stream' } },
      ],
      bindings: ['c', 'q', 'one', 's'].map((q) => ({
        source: 'all',
        destination: q,
        destination_type: 'queue' as const,
        routing_key: '',
      })),
      publishes: [
        { id: 'm1', exchange: 'all', routing_key: '' },
        { id: 'm2', exchange: '', routing_key: 's' },
      ],
    }
    const plan = planFromScenario(model, 'queue types')
    // The queues' types on the broker, read just before the run lists the bindings (its last step
    // before the scratch vhost is deleted).
    let types: { name: string; type: string }[] = []
    const watching: Transport = async (req) => {
      if (req.method === 'GET' && req.path.startsWith('/bindings/') && types.length === 0)
        types = await client.json('GET', `${req.path.replace('/bindings/', '/queues/')}?columns=name,type`)
      return transport(req)
    }
    const obs = await runPlanLive(plan, new MgmtClient(watching), { scratch: `lab-live-${RUN}-types`, user })
    expect(types.sort((a, b) => (a.name < b.name ? -1 : 1))).toEqual([
      { name: 'c', type: 'classic' },
      { name: 'one', type: 'quorum' },
      { name: 'q', type: 'quorum' },
      { name: 's', type: 'stream' },
    ])
    // Exactly the queues the limit names differ, and only by being empty.
    const limited = kitLimits(plan, 'http', [], 'vhost').filter((l) => l.code === 'queue-type-drain')
    expect(limited.map((l) => l.step)).toEqual(['queue:one', 'queue:s'])
    const predicted = predict(plan).result
    expect(predicted.queues).toMatchObject({ one: ['m1'], s: ['m1', 'm2'] })
    expect(comparable(obs)).toEqual(
      comparable({ ...predicted, queues: { ...predicted.queues, one: [], s: [] } }),
    )
  })

  it('a vhost with a policy the playground lacks: the copied policy acts, the source is only read', async () => {
    const ops = `lab-live-${RUN}-ops`
    await api.createVhost(ops)
    try {
      await client.json('PUT', `/queues/${encodeURIComponent(ops)}/jobs`, { durable: true })
      await client.json('PUT', `/policies/${encodeURIComponent(ops)}/cap`, {
        pattern: '^jobs$',
        'apply-to': 'queues',
        definition: { 'max-length': 1 },
      })
      const model: Scenario = {
        profile: 'rabbitmq-3.10',
        queues: [{ name: 'jobs' }],
        publishes: [
          { id: 'j1', exchange: '', routing_key: 'jobs' },
          { id: 'j2', exchange: '', routing_key: 'jobs' },
        ],
      }
      const plan = planFromScenario(model, 'model')
      const obs = await runPlanLive(plan, client, {
        scratch: `lab-live-${RUN}-ops-copy`,
        user,
        topologyFrom: ops,
      })
      expect(predict(plan).result.queues.jobs).toEqual(['j1', 'j2'])
      expect(obs.queues.jobs).toEqual(['j2'])
      const d = diffObservation(plan, predict(plan), obs)
      expect(d.messages.find((m) => m.id === 'j1')?.same).toBe(false)
      // The source keeps its own policy and messages; the copy went to the scratch vhost.
      const left = await client.json<{ name: string }[]>('GET', `/policies/${encodeURIComponent(ops)}`)
      expect(left.map((p) => p.name)).toEqual(['cap'])
      expect(await api.queueNames(ops)).toEqual(['jobs'])
    } finally {
      await api.deleteVhost(ops)
    }
  })

  it('a vhost whose binding has a typo: the copied topology diverges, both keys named', async () => {
    const shop = `lab-live-${RUN}-shop`
    const model: Scenario = {
      profile: 'rabbitmq-3.10',
      exchanges: [{ name: 'orders', type: 'topic' }],
      queues: [{ name: 'billing' }],
      bindings: [
        { source: 'orders', destination: 'billing', destination_type: 'queue', routing_key: 'order.paid' },
      ],
      publishes: [{ id: 'o1', exchange: 'orders', routing_key: 'order.paid', mandatory: true }],
    }
    await api.createVhost(shop)
    try {
      const deployed = structuredClone(model)
      ;(deployed.bindings?.[0] as { routing_key: string }).routing_key = 'order.payed'
      const put = (path: string, body: unknown) => client.json('PUT', path, body)
      await put(`/exchanges/${encodeURIComponent(shop)}/orders`, { type: 'topic', durable: true })
      await put(`/queues/${encodeURIComponent(shop)}/billing`, { durable: true })
      await client.json('POST', `/bindings/${encodeURIComponent(shop)}/e/orders/q/billing`, {
        routing_key: 'order.payed',
      })
      const plan = planFromScenario(model, 'model')
      const obs = await runPlanLive(plan, client, {
        scratch: `lab-live-${RUN}-copy`,
        user,
        topologyFrom: shop,
      })
      expect(obs.topology_from).toBe(shop)
      const d = diffObservation(plan, predict(plan), obs)
      expect(d.steps).toEqual([])
      expect(d.messages[0]).toMatchObject({ id: 'o1', same: false, observed: { returned: true, queues: [] } })
      expect(d.first).toMatchObject({
        kind: 'typo',
        exchange: 'orders',
        destination: 'billing',
        predictedKey: 'order.paid',
        observedKey: 'order.payed',
        publishedKey: 'order.paid',
      })
      // The deployed vhost itself was only read.
      expect(await api.queueNames(shop)).toEqual(['billing'])
    } finally {
      await api.deleteVhost(shop)
    }
  })
})
