// Prediction against observation: agreement is silent, every difference is marked, and the first
// one is explained from the evidence (observed bindings, missing queues, the broker's version).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseScenarioText, type Scenario } from '../../src/engine'
import { diffObservation } from '../../src/lab-core/diff'
import { planFromScenario, predict } from '../../src/lab-core/plan'
import { engineObservation } from './support/lab-observation'

const hw06 = JSON.parse(readFileSync('public/scenarios/homework-06.json', 'utf8')) as Scenario
const plan = planFromScenario(parseScenarioText(JSON.stringify(hw06)), 'hw06')

/** The homework scenario with one change, as a learner would make it in the kit. */
function altered(change: (s: Scenario) => void) {
  const s = structuredClone(hw06)
  change(s)
  return planFromScenario(s, 'altered')
}

describe('diff', () => {
  it('agreement: no difference, but the typo inside the scenario is pointed out', () => {
    const d = diffObservation(plan, predict(plan), engineObservation(plan, plan))
    expect(d.differences).toBe(0)
    expect(d.first).toBeNull()
    expect(d.messages.map((m) => m.same)).toEqual([true, true, true])
    expect(d.nearMisses).toEqual([
      expect.objectContaining({
        message: 'lab-3',
        exchange: 'lab.topic',
        destination: 'lab.q3',
        bindingKey: 'invoice.isued.#',
        routingKey: 'invoice.issued.eu',
        fixed: 'invoice.issued.#',
      }),
    ])
  })

  it('a binding key the broker has with a typo: both keys named, the message and the queue marked', () => {
    const broker = altered((s) => {
      ;(s.bindings?.[0] as { routing_key: string }).routing_key = 'invoice.isued'
    })
    const d = diffObservation(plan, predict(plan), engineObservation(broker, plan))
    expect(d.differences).toBe(2) // lab-1 and queue lab.q1
    expect(d.messages.find((m) => m.id === 'lab-1')).toMatchObject({
      same: false,
      predicted: { queues: ['lab.q1'], returned: false },
      observed: { queues: [], returned: true },
    })
    expect(d.queues.find((q) => q.queue === 'lab.q1')).toMatchObject({
      same: false,
      predicted: ['lab-1', 'lab-2'],
      observed: ['lab-2'],
    })
    expect(d.first).toEqual({
      kind: 'typo',
      at: 'lab-1',
      vhost: '/',
      exchange: 'lab.direct',
      destination: 'lab.q1',
      publishedKey: 'invoice.issued',
      predictedKey: 'invoice.issued',
      observedKey: 'invoice.isued',
      close: true,
    })
  })

  it('without the broker bindings, the message difference itself is the explanation', () => {
    const broker = altered((s) => {
      ;(s.bindings?.[0] as { routing_key: string }).routing_key = 'invoice.isued'
    })
    const d = diffObservation(plan, predict(plan), engineObservation(broker, plan, '3.10.8', false))
    expect(d.first).toMatchObject({ kind: 'message', at: 'lab-1' })
  })

  it('a queue missing on the broker', () => {
    const broker = altered((s) => {
      s.queues = s.queues?.filter((q) => q.name !== 'lab.q2')
    })
    const d = diffObservation(plan, predict(plan), engineObservation(broker, plan))
    expect(d.steps).toEqual([
      expect.objectContaining({
        id: 'binding:2',
        same: false,
        predicted: null,
        observed: expect.objectContaining({ code: 404 }),
      }),
    ])
    expect(d.first).toEqual({ kind: 'missing-queue', at: 'binding:2', queue: 'lab.q2' })
  })

  it('a profile made for another version, when re-asking the engine with the right one explains it', () => {
    const s4 = planFromScenario(
      {
        profile: 'rabbitmq-4',
        queues: [{ name: 'temp', durable: false }],
        publishes: [{ id: 'm', exchange: '', routing_key: 'temp' }],
      },
      'transient',
    )
    const on310 = engineObservation({ ...s4, profile: 'rabbitmq-3.10' }, s4, '3.10.8')
    const d = diffObservation(s4, predict(s4), on310)
    expect(d.first).toEqual({
      kind: 'profile',
      at: 'queue:temp',
      profile: 'rabbitmq-4',
      brokerVersion: '3.10.8',
      suggested: 'rabbitmq-3.10',
    })
    // The same observation said to come from a 4.x broker is not explained by the profile.
    const d4 = diffObservation(s4, predict(s4), {
      ...on310,
      broker: { product: 'RabbitMQ', version: '4.1.0' },
    })
    expect(d4.first).toMatchObject({ kind: 'step', at: 'queue:temp' })
  })

  it('an id the plan never published is listed as unknown', () => {
    const obs = engineObservation(plan, plan)
    obs.queues['lab.q2'] = [...(obs.queues['lab.q2'] ?? []), 'extra-1']
    const d = diffObservation(plan, predict(plan), obs)
    expect(d.messages.at(-1)).toMatchObject({ id: 'extra-1', unknown: true, same: false })
    expect(d.first).toMatchObject({ kind: 'message', at: 'extra-1' })
  })
})

describe('one scenario, two sources', () => {
  it('the scenario file and its script give the same fingerprint; step ids are aligned by position', async () => {
    const { scenarioToScript } = await import('../../src/store/scenario-link')
    const { planOfScript } = await import('../../src/lab-view/current-plan')
    const fromScript = planOfScript(scenarioToScript(hw06)).plan
    expect(fromScript?.fingerprint).toBe(plan.fingerprint)
    expect(fromScript?.steps.map((s) => s.id)).not.toEqual(plan.steps.map((s) => s.id))
    // A kit made from the file, its observation read against the script's plan: binding:1 of the
    // file is the script's 8th step.
    const broker = altered((s) => {
      s.queues = s.queues?.filter((q) => q.name !== 'lab.q2')
    })
    const obs = { ...engineObservation(broker, plan), steps: plan.steps.map((s) => ({ id: s.id, at: '' })) }
    const scriptPlan = fromScript as NonNullable<typeof fromScript>
    const d = diffObservation(scriptPlan, predict(scriptPlan), obs)
    const bindStep = scriptPlan.steps.find((s) => s.op === 'bind' && s.binding.destination === 'lab.q2')
    expect(d.steps.map((s) => s.id)).toEqual([bindStep?.id])
    expect(d.first).toMatchObject({ kind: 'missing-queue', queue: 'lab.q2' })
  })
})
