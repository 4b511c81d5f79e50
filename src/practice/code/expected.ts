/**
 * Expected values of the code exercises, computed by the routing engine: a one-binding topic scenario
 * answers "does this pattern match this key", the engine's topic explanation supplies the DP table,
 * and a multi-binding scenario supplies the distinct queue set.
 */
import type { Scenario } from '../../engine'
import { explainOnly } from '../engine-run'

export type BindingInput = { queue: string; pattern: string }

function topicScenario(bindings: BindingInput[], key: string): Scenario {
  const queues = [...new Set(bindings.map((b) => b.queue))]
  return {
    profile: 'rabbitmq-4',
    exchanges: [{ name: 'x', type: 'topic' }],
    queues: queues.map((name) => ({ name })),
    bindings: bindings.map((b) => ({
      source: 'x',
      destination: b.queue,
      destination_type: 'queue',
      routing_key: b.pattern,
    })),
    publishes: [{ id: 'm', exchange: 'x', routing_key: key }],
  }
}

export function engineMatches(pattern: string, key: string): boolean {
  const { publish } = explainOnly(topicScenario([{ queue: 'q', pattern }], key))
  return publish.queues.some((q) => q.queue === 'q')
}

export function engineQueues(bindings: BindingInput[], key: string): string[] {
  const { publish } = explainOnly(topicScenario(bindings, key))
  return publish.queues.map((q) => q.queue)
}

export function engineTable(pattern: string, key: string): boolean[][] {
  const { publish } = explainOnly(topicScenario([{ queue: 'q', pattern }], key))
  const reason = publish.hops[0]?.evaluations[0]?.reason
  if (reason?.kind !== 'topic' || !reason.perKey[0]) throw new Error('the engine gave no topic explanation')
  return reason.perKey[0].table
}
