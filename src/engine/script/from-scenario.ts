/**
 * A scenario (the CLI / link format) as operations in the order the runner uses: policies, exchanges, queues,
 * bindings, publishes. Lets a scenario be shown and edited as a script.
 */
import type { Operation, Scenario } from '../broker/types'

export function operationsFromScenario(s: Scenario): Operation[] {
  return [
    ...(s.policies ?? []).map((policy): Operation => ({ op: 'policy.set', policy })),
    ...(s.exchanges ?? []).map((exchange): Operation => ({ op: 'exchange.declare', exchange })),
    ...(s.queues ?? []).map((queue): Operation => ({ op: 'queue.declare', queue })),
    ...(s.bindings ?? []).map((binding): Operation => ({ op: 'bind', binding })),
    ...(s.publishes ?? []).map((publish): Operation => ({ op: 'publish', publish })),
  ]
}
