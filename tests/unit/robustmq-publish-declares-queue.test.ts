// Seed 002 (RobustMQ publishing): the default exchange declares an unknown queue on publish.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runScenario, validateScenario } from '../../src/engine'

const scenario = validateScenario(
  JSON.parse(readFileSync('tests/fixtures/seeds/002-robustmq-default-exchange.json', 'utf8')),
)

describe('seed 002 — RobustMQ publishing', () => {
  it('robustmq: publishing to "" with an undeclared queue name creates the queue', () => {
    const r = runScenario(scenario).result
    expect(r.queues).toEqual({ 'orders-queue': ['order-2'], orders: ['order-1', 'order-3'] })
    expect(r.errors).toEqual([])
  })

  it('rabbitmq-4: the same messages are dropped instead', () => {
    const r = runScenario({ ...scenario, profile: 'rabbitmq-4' }).result
    expect(r.queues).toEqual({ 'orders-queue': ['order-2'] })
  })
})
