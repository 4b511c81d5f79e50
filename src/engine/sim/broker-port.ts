/**
 * The routing port the simulation uses by default: one live engine Broker, moved forward one
 * operation at a time with the engine's own declare / bind / unbind / delete / publish functions
 * (the same ones `runOperations` calls), so every step costs one operation, not a replay. A timeline
 * only moves forward while it is computed; going back shows a stored frame.
 */
import { bind, unbind } from '../bind'
import { declareExchange, declareQueue } from '../declare'
import { deleteExchange, deleteQueue } from '../delete'
import { AmqpError } from '../errors'
import { createBroker } from '../model'
import { getProfile } from '../profiles'
import { publish } from '../publish'
import { topologySnapshot } from '../snapshot'
import type { Operation, ProfileName, PublishExplanation, ScenarioError } from '../types'
import type { PortAnswer, RoutingPort } from './routing-port'

const STAGE: Record<Operation['op'], ScenarioError['stage']> = {
  'exchange.declare': 'declare',
  'queue.declare': 'declare',
  bind: 'bind',
  unbind: 'unbind',
  'exchange.delete': 'delete',
  'queue.delete': 'delete',
  publish: 'publish',
}

export function createBrokerPort(profile: ProfileName): RoutingPort {
  const broker = createBroker(getProfile(profile))
  let topology = topologySnapshot(broker)

  const run = (op: Operation): PublishExplanation | null => {
    switch (op.op) {
      case 'exchange.declare':
        declareExchange(broker, op.exchange)
        return null
      case 'queue.declare':
        declareQueue(broker, op.queue)
        return null
      case 'bind':
        bind(broker, op.binding)
        return null
      case 'unbind':
        unbind(broker, op.binding)
        return null
      case 'exchange.delete':
        deleteExchange(broker, op)
        return null
      case 'queue.delete':
        deleteQueue(broker, op)
        return null
      case 'publish':
        return publish(broker, op.publish)
    }
  }

  return {
    apply(op): PortAnswer {
      const id = op.id ?? ''
      try {
        const explained = run(op)
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
  }
}
