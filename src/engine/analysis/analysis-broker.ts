/**
 * The topology an analysis reasons about: the broker state after every declare, bind and policy of a
 * script, scenario or definitions file (publishes are examples, not topology, and are skipped), plus
 * the settings routing reads (alternate and dead-letter exchanges, argument or policy).
 */
import { effectiveFor, limitsOf } from '../broker/effective-args'
import { type Broker, createBroker, ensureVhost, type Vhost } from '../broker/model'
import { getProfile } from '../broker/profiles'
import { queueTypeOf } from '../broker/queue-types'
import type { Operation, OperationOutcome, ProfileName, SourceLocation } from '../broker/types'
import { type RunAccumulator, runStep } from '../scenario/run'

export interface AnalysisBroker {
  broker: Broker
  /** Declares and binds the broker refused (the analysis sees the topology without them). */
  refused: OperationOutcome[]
  /** Where each entity was written (`queue:VHOST:NAME`, `exchange:…`, `policy:…`, `binding:ID`). */
  locations: Map<string, SourceLocation>
}

/** The key `locations` uses for an entity. */
export function locationKey(kind: 'queue' | 'exchange' | 'policy', vhost: string, name: string): string {
  return `${kind}:${vhost}:${name}`
}

/** Apply the topology operations of `ops` to a fresh broker (no messages are stored). */
export function analysisBroker(
  ops: readonly Operation[],
  profile: ProfileName,
  vhosts: readonly string[] = [],
): AnalysisBroker {
  const broker = createBroker(getProfile(profile))
  broker.explain = false
  broker.storeMessages = false
  for (const v of vhosts) ensureVhost(broker, v)
  const acc: RunAccumulator = { outcomes: [], publishes: [], result: { queues: {}, returns: [], errors: [] } }
  const locations = new Map<string, SourceLocation>()
  ops.forEach((op, index) => {
    if (op.op === 'publish') return
    const nextId = broker.nextBindingId
    const outcome = runStep(broker, op, index, acc)
    if (!outcome.ok || !op.loc) return
    if (op.op === 'bind' && broker.nextBindingId > nextId) locations.set(`binding:b${nextId}`, op.loc)
    else if (op.op === 'queue.declare')
      locations.set(locationKey('queue', op.queue.vhost ?? '/', op.queue.name), op.loc)
    else if (op.op === 'exchange.declare')
      locations.set(locationKey('exchange', op.exchange.vhost ?? '/', op.exchange.name), op.loc)
    else if (op.op === 'policy.set')
      locations.set(locationKey('policy', op.policy.vhost ?? '/', op.policy.name), op.loc)
  })
  return { broker, refused: acc.outcomes.filter((o) => !o.ok), locations }
}

/** The alternate exchange in force on an exchange (argument, else policy). */
export function alternateOf(
  vhost: Vhost,
  exchange: string,
): { name: string; from: 'argument' | 'policy' } | null {
  const x = vhost.exchanges.get(exchange)
  if (!x) return null
  const ae = effectiveFor(vhost.policies, 'exchange', x.name, x.arguments).effective[0]
  if (!ae) return null
  return { name: String(ae.value), from: ae.from === 'policy' ? 'policy' : 'argument' }
}

export interface DeadLetterSetting {
  exchange: string
  routingKey?: string
  from: 'argument' | 'policy'
}

/** Where a queue dead-letters to, if anywhere. */
export function deadLetterOf(vhost: Vhost, queue: string): DeadLetterSetting | null {
  const q = vhost.queues.get(queue)
  if (!q) return null
  // A stream never dead-letters (queue-types.ts): its type decides what the settings mean.
  const limits = limitsOf(
    effectiveFor(vhost.policies, 'queue', q.name, q.arguments).effective,
    queueTypeOf(q.arguments),
  )
  if (!limits.deadLetterExchange) return null
  return {
    exchange: limits.deadLetterExchange.name,
    from: limits.deadLetterExchange.from,
    ...(limits.deadLetterRoutingKey !== undefined ? { routingKey: limits.deadLetterRoutingKey } : {}),
  }
}

/** Named exchanges a client can publish to: not the default, not internal, not amq.rabbitmq.*. */
export function publishableExchanges(vhost: Vhost): string[] {
  return [...vhost.exchanges.values()]
    .filter((x) => x.name !== '' && !x.internal && !x.name.startsWith('amq.rabbitmq.'))
    .sort((a, b) => a.seq - b.seq)
    .map((x) => x.name)
}
