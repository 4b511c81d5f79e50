/** Plain, serialisable views of the broker state: the topology snapshot and the CLI's queue map. */
import { effectiveFor } from './effective-args'
import { type Broker, DEFAULT_VHOST, type QueueRecord } from './model'
import { policyStates } from './policies'
import type { ScenarioResult, TopologySnapshot } from './types'

const byId = (a: { id: string }, b: { id: string }) => Number(a.id.slice(1)) - Number(b.id.slice(1))

/** Only what is there: no `policy` without one, no `effective` list when nothing is in force. */
function withEffective(e: ReturnType<typeof effectiveFor>) {
  return {
    ...(e.policy ? { policy: e.policy } : {}),
    ...(e.effective.length > 0 ? { effective: e.effective } : {}),
  }
}

export function topologySnapshot(broker: Broker): TopologySnapshot {
  const vhosts = [...broker.vhosts.values()]
  const policies = policyStates(vhosts.flatMap((v) => [...v.policies.values()]))
  return {
    ...(policies.length > 0 ? { policies } : {}),
    profile: broker.profile.name,
    vhosts: vhosts.map((v) => v.name),
    exchanges: vhosts.flatMap((v) =>
      [...v.exchanges.values()].map((x) => ({
        vhost: x.vhost,
        name: x.name,
        type: x.type,
        durable: x.durable,
        auto_delete: x.auto_delete,
        internal: x.internal,
        arguments: x.arguments,
        builtin: x.builtin,
        ...withEffective(effectiveFor(v.policies, 'exchange', x.name, x.arguments)),
      })),
    ),
    queues: vhosts.flatMap((v) =>
      [...v.queues.values()].map((q) => ({
        vhost: q.vhost,
        name: q.name,
        durable: q.durable,
        exclusive: q.exclusive,
        auto_delete: q.auto_delete,
        arguments: q.arguments,
        ...withEffective(effectiveFor(v.policies, 'queue', q.name, q.arguments)),
      })),
    ),
    bindings: vhosts
      .flatMap((v) => [...v.bindings.values()])
      .sort(byId)
      .map((b) => ({
        id: b.id,
        vhost: b.vhost,
        source: b.source,
        destination: b.destination,
        destination_type: b.destination_type,
        routing_key: b.routing_key,
        arguments: b.arguments,
      })),
  }
}

/** The CLI's queue name: bare for the `/` vhost, `vhost/name` elsewhere. */
function resultQueueName(vhost: string, queue: string): string {
  return vhost === DEFAULT_VHOST ? queue : `${vhost}/${queue}`
}

/** Every existing queue by its result name (vhost by vhost, in declaration order). */
export function namedQueues(broker: Broker): [string, QueueRecord][] {
  const out: [string, QueueRecord][] = []
  for (const v of broker.vhosts.values()) {
    const queues = [...v.queues.values()].sort((a, b) => a.seq - b.seq)
    for (const q of queues) out.push([resultQueueName(v.name, q.name), q])
  }
  return out
}

export const messageIds = (q: QueueRecord) => q.messages.map((m) => m.id)
/** The publish each message came from (-1 when unknown). */
export const messageOrigins = (q: QueueRecord) => q.messages.map((m) => m.origin ?? -1)
/**
 * Changes whenever the queue's messages do: an arriving message takes the next sequence number, and
 * one leaving without another arriving changes the count.
 */
export const holdingStamp = (q: QueueRecord) => `${q.messages.length}:${q.nextSeq}`

/** Every existing queue with its message ids in order. */
export function queueContents(broker: Broker): ScenarioResult['queues'] {
  return Object.fromEntries(namedQueues(broker).map(([name, q]) => [name, messageIds(q)]))
}

/** Beside `queueContents`: the publish each message came from. */
export function queueOrigins(broker: Broker): Record<string, number[]> {
  return Object.fromEntries(namedQueues(broker).map(([name, q]) => [name, messageOrigins(q)]))
}
