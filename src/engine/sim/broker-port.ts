/**
 * The routing port the simulation uses by default: one live engine Broker, moved forward one
 * operation at a time with the engine's own declare / bind / unbind / delete / publish functions
 * (the same ones `runOperations` calls), so every step costs one operation, not a replay. A timeline
 * only moves forward while it is computed; going back shows a stored frame.
 */

import { AmqpError } from '../broker/errors'
import { createBroker, ensureVhost } from '../broker/model'
import { getProfile } from '../broker/profiles'
import { topologySnapshot } from '../broker/snapshot'
import type { ProfileName } from '../broker/types'
import { routeDeadLetter } from '../routing/dead-letter'
import { applyOperation, STAGE } from '../scenario/run'
import type { PortAnswer, RoutingPort } from './routing-port'

export function createBrokerPort(profile: ProfileName): RoutingPort {
  const broker = createBroker(getProfile(profile))
  broker.storeMessages = false // the simulation holds the messages (with consumers, acks and a clock)
  let topology = topologySnapshot(broker)

  return {
    profile,
    apply(op): PortAnswer {
      const id = op.id ?? ''
      try {
        const explained = applyOperation(broker, op)
        topology = topologySnapshot(broker)
        const o = explained?.outcome
        if (o?.kind === 'error')
          return { ok: false, error: { id, stage: 'publish', code: o.code, text: o.text }, topology }
        return explained ? { ok: true, publish: explained, topology } : { ok: true, topology }
      } catch (e) {
        if (!(e instanceof AmqpError)) throw e
        topology = topologySnapshot(broker)
        return { ok: false, error: { id, stage: STAGE[op.op], code: e.code, text: e.text }, topology }
      }
    },
    topology: () => topology,
    deadLetter: (r) =>
      routeDeadLetter(
        ensureVhost(broker, r.vhost),
        r.message,
        r.content,
        r.reason,
        r.queue,
        r.target,
        broker.profile,
        r.now,
      ),
  }
}
