/**
 * The simulation's only door to the routing engine. It holds the log of topology operations that
 * succeeded and answers each new operation by replaying that log plus the operation through
 * `runOperations` — the routing engine's public, stateless entry point. Routing is therefore
 * exactly the engine's; the price is O(log length) per step (a timeline is tens of steps, so a
 * 100-step script replays about 5,000 operations in total).
 */

import type {
  DeadLetterHop,
  DeathReason,
  MessageContent,
  Operation,
  ProfileName,
  PublishExplanation,
  RunResult,
  ScenarioError,
  TopologySnapshot,
} from '../broker/types'
import type { DeadLetterTarget } from '../routing/dead-letter'

export type RunOperations = (ops: Operation[], profile: ProfileName) => RunResult

export type PortAnswer =
  | { ok: true; publish?: PublishExplanation; topology: TopologySnapshot }
  | { ok: false; error: ScenarioError; topology: TopologySnapshot }

/** A copy leaving `queue` to be routed again from its dead-letter exchange. */
export interface DeadLetterRequest {
  vhost: string
  message: string
  content: MessageContent
  reason: DeathReason
  queue: string
  target: DeadLetterTarget
  now: number
}

export interface RoutingPort {
  /** The timeline's profile (queue-type rules read it: delivery limits, counted returns). */
  readonly profile: ProfileName
  /** Apply one operation; a topology operation that succeeds is kept for the next replays. */
  apply(op: Operation): PortAnswer
  topology(): TopologySnapshot
  /**
   * Route a dead-lettered message (the live broker port does; a port without it drops such messages,
   * as if the dead-letter exchange were missing).
   */
  deadLetter?(req: DeadLetterRequest): { hop: DeadLetterHop; content: MessageContent }
}

export function createRoutingPort(run: RunOperations, profile: ProfileName): RoutingPort {
  const log: Operation[] = []
  let topology = run([], profile).topology
  const queueCount = (t: TopologySnapshot) => t.queues.length

  return {
    profile,
    apply(op) {
      const result = run([...log, op], profile)
      const outcome = result.outcomes[result.outcomes.length - 1]
      const before = topology
      topology = result.topology
      if (!outcome?.ok) {
        const error = outcome?.error ?? { id: op.id ?? '', stage: 'publish', code: 0, text: 'no outcome' }
        return { ok: false, error, topology }
      }
      if (op.op === 'publish') {
        // A publish changes the topology only under the robustmq profile (it may create a queue):
        // keep it in the log then, so later replays see that queue.
        if (queueCount(topology) !== queueCount(before)) log.push(op)
        return { ok: true, publish: result.publishes[result.publishes.length - 1], topology }
      }
      log.push(op)
      return { ok: true, topology }
    },
    topology: () => topology,
  }
}
