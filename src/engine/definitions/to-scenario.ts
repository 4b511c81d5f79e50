/**
 * Operations (a script) → the engine's scenario JSON. A scenario runs exchanges, queues, bindings,
 * then publishes, so it cannot express unbind/delete or a publish between declarations: those are
 * counted in `notExpressible` and the UI says so instead of silently changing the meaning.
 */
import type { Operation, ProfileName, Scenario } from '../broker/types'

export function operationsToScenario(
  ops: readonly Operation[],
  profile?: ProfileName,
): { scenario: Scenario; notExpressible: number } {
  const scenario: Scenario = {
    ...(profile ? { profile } : {}),
    exchanges: [],
    queues: [],
    bindings: [],
    publishes: [],
  }
  let notExpressible = 0
  let sawPublish = false
  for (const op of ops) {
    if (op.op !== 'publish' && sawPublish) notExpressible++
    switch (op.op) {
      case 'exchange.declare':
        scenario.exchanges?.push(op.exchange)
        break
      case 'queue.declare':
        scenario.queues?.push(op.queue)
        break
      case 'bind':
        scenario.bindings?.push(op.binding)
        break
      case 'publish':
        sawPublish = true
        scenario.publishes?.push(op.publish)
        break
      case 'policy.set': {
        // A scenario sets its policies first; a later one replaces an earlier one of that name.
        if (!scenario.policies) scenario.policies = []
        const list = scenario.policies
        const at = list.findIndex(
          (p) => p.name === op.policy.name && (p.vhost ?? '/') === (op.policy.vhost ?? '/'),
        )
        if (at >= 0) list[at] = op.policy
        else list.push(op.policy)
        break
      }
      default:
        if (!sawPublish) notExpressible++
    }
  }
  return { scenario, notExpressible }
}
