/** Tiny builders for the generated scenarios (the engine's Scenario JSON, one publish with id "m"). */
import type { JsonValue, Scenario, ScenarioBinding } from '../../engine'

const PUBLISH_ID = 'm'

export function qBind(source: string, queue: string, key: string, args?: Record<string, JsonValue>) {
  const b: ScenarioBinding = { source, destination: queue, destination_type: 'queue', routing_key: key }
  if (args) b.arguments = args
  return b
}

export function xBind(source: string, exchange: string, key: string): ScenarioBinding {
  return { source, destination: exchange, destination_type: 'exchange', routing_key: key }
}

export interface PublishSpec {
  exchange: string
  routingKey: string
  mandatory: boolean
  headers?: Record<string, JsonValue>
}

export function scenario(
  exchanges: { name: string; type: string; arguments?: Record<string, JsonValue> }[],
  queues: string[],
  bindings: ScenarioBinding[],
  publish: PublishSpec,
): Scenario {
  const p: NonNullable<Scenario['publishes']>[number] = {
    id: PUBLISH_ID,
    exchange: publish.exchange,
    routing_key: publish.routingKey,
    mandatory: publish.mandatory,
  }
  if (publish.headers) p.headers = publish.headers
  return {
    profile: 'rabbitmq-4',
    exchanges: exchanges.map((x) => ({ ...x })),
    queues: queues.map((name) => ({ name })),
    bindings,
    publishes: [p],
  }
}

export const QUEUE_NAMES = ['audit', 'notify', 'billing', 'stock', 'eu-desk', 'archive', 'search'] as const
