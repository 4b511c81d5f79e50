/** The scenario file format (CLI, share links, conformance) as operations in the documented order. */
import { DEFAULT_PROFILE } from '../broker/profiles'
import type { Operation, RunResult, Scenario } from '../broker/types'
import { runOperations } from './run'

/**
 * Policies, exchanges, queues, bindings, publishes. Ids: `policy:NAME`, `exchange:NAME`, `queue:NAME`,
 * `binding:INDEX` (0-based in the scenario's list), and the publish id.
 */
export function scenarioToOperations(scenario: Scenario): Operation[] {
  const ops: Operation[] = []
  for (const policy of scenario.policies ?? [])
    ops.push({ op: 'policy.set', policy, id: `policy:${policy.name}` })
  for (const exchange of scenario.exchanges ?? [])
    ops.push({ op: 'exchange.declare', exchange, id: `exchange:${exchange.name}` })
  for (const queue of scenario.queues ?? [])
    ops.push({ op: 'queue.declare', queue, id: `queue:${queue.name}` })
  for (const [i, binding] of (scenario.bindings ?? []).entries())
    ops.push({ op: 'bind', binding, id: `binding:${i}` })
  for (const publish of scenario.publishes ?? []) ops.push({ op: 'publish', publish, id: publish.id })
  return ops
}

/** Run a whole scenario (its `profile`, default rabbitmq-4). Vhosts listed in `vhosts` exist even if empty. */
export function runScenario(scenario: Scenario): RunResult {
  return runOperations(scenarioToOperations(scenario), scenario.profile ?? DEFAULT_PROFILE, {
    vhosts: (scenario.vhosts ?? []).map((v) => v.name),
  })
}
