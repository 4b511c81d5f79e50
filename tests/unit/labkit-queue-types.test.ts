// Which flavours can read a stream or a single-active-consumer quorum queue: the AMQP kits read
// them with a consumer; the HTTP kit (and live mode) only has the management API's basic.get.
import { describe, expect, it } from 'vitest'
import type { Scenario } from '../../src/engine'
import { kitLimits } from '../../src/lab-core/limits'
import { planFromScenario } from '../../src/lab-core/plan'

const scenario: Scenario = {
  profile: 'rabbitmq-3.10',
  queues: [
    { name: 'log', arguments: { 'x-queue-type': 'stream' } },
    { name: 'one', arguments: { 'x-queue-type': 'quorum', 'x-single-active-consumer': true } },
    { name: 'many', arguments: { 'x-queue-type': 'quorum' } },
    { name: 'cls', arguments: { 'x-single-active-consumer': true } },
    { name: 'log', passive: true },
  ],
  publishes: [{ id: 'm1', exchange: '', routing_key: 'log' }],
}
const plan = planFromScenario(scenario, 'queue types')
const drainLimits = (flavour: Parameters<typeof kitLimits>[1]) =>
  kitLimits(plan, flavour, [], 'vhost')
    .filter((l) => l.code === 'queue-type-drain')
    .map((l) => l.step)

describe('reading quorum queues and streams', () => {
  it.each(['node', 'python', 'java'] as const)('the %s kit reads every queue type: no limit', (flavour) => {
    expect(drainLimits(flavour)).toEqual([])
  })

  it('the HTTP kit cannot read a stream or a single-active-consumer quorum queue: a limit on their declares', () => {
    expect(drainLimits('http')).toEqual(['queue:log', 'queue:one'])
  })
})
