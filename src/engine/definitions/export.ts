/**
 * A scenario or the engine's final topology → RabbitMQ `definitions.json`. Sections and fields kept
 * from an import are put back in their original order, so import → export loses nothing.
 */

import type { AmqpValue, JsonValue, Scenario, TopologySnapshot } from '../broker/types'
import { setData } from '../values/plain-data'
import { entityKey, type KeptDefinitions } from './import'

type Obj = { [key: string]: JsonValue }

/** An AMQP value as plain JSON (definitions.json carries no wire types). */
export function amqpToJson(v: AmqpValue): JsonValue {
  switch (v.type) {
    case 'table':
      return Object.fromEntries(Object.entries(v.value).map(([k, x]) => [k, amqpToJson(x)]))
    case 'array':
      return v.value.map(amqpToJson)
    case 'decimal':
      return v.value.digits / 10 ** v.value.places
    case 'void':
      return null
    default:
      return typeof v.value === 'string' && v.type !== 'longstr' && v.type !== 'bytes'
        ? Number(v.value)
        : v.value
  }
}

/** The queue type its `x-queue-type` argument (plain or typed JSON) asks for, else classic. */
function typeOfArgs(args: Obj | undefined): string {
  const v = args?.['x-queue-type']
  const text = typeof v === 'string' ? v : v && typeof v === 'object' && !Array.isArray(v) ? v.value : null
  return text === 'quorum' || text === 'stream' ? text : 'classic'
}

const tableToJson = (t: { [key: string]: AmqpValue }): Obj =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, amqpToJson(v)]))

/** The sections of a scenario, in RabbitMQ's field order, with kept extras merged back. */
export function scenarioToDefinitions(scenario: Scenario, kept?: KeptDefinitions): Obj {
  const extra = (key: string): Obj => (kept && Object.hasOwn(kept.extras, key) ? kept.extras[key] : {}) as Obj
  const vhostNames = new Set<string>(scenario.vhosts?.map((v) => v.name) ?? [])
  const sections: Obj = {
    vhosts: (scenario.vhosts ?? []).map((v) => ({
      name: v.name,
      ...extra(entityKey('vhost', v.name, v.name)),
    })),
    // RabbitMQ's field order for a policy.
    ...(scenario.policies
      ? {
          policies: scenario.policies.map((p) => {
            const vhost = p.vhost ?? '/'
            vhostNames.add(vhost)
            return {
              vhost,
              name: p.name,
              pattern: p.pattern,
              'apply-to': p['apply-to'] ?? 'all',
              definition: p.definition,
              priority: p.priority ?? 0,
              ...extra(entityKey('policy', vhost, p.name)),
            }
          }),
        }
      : {}),
    queues: (scenario.queues ?? []).map((q) => {
      const vhost = q.vhost ?? '/'
      vhostNames.add(vhost)
      const out: Obj = {
        name: q.name,
        vhost,
        durable: q.durable ?? true,
        auto_delete: q.auto_delete ?? false,
      }
      if (q.exclusive) out.exclusive = true
      const kept = extra(entityKey('queue', vhost, q.name))
      // `type` (rabbitmqctl export_definitions writes it; the HTTP API of 3.10.8 does not, and no
      // import reads it): kept where the file had it, saying the type the queue has now
      const typed: Obj = Object.hasOwn(kept, 'type') ? { type: typeOfArgs(q.arguments) } : {}
      return { ...out, arguments: q.arguments ?? {}, ...kept, ...typed }
    }),
    exchanges: (scenario.exchanges ?? []).map((x) => {
      const vhost = x.vhost ?? '/'
      vhostNames.add(vhost)
      return {
        name: x.name,
        vhost,
        type: x.type,
        durable: x.durable ?? true,
        auto_delete: x.auto_delete ?? false,
        internal: x.internal ?? false,
        arguments: x.arguments ?? {},
        ...extra(entityKey('exchange', vhost, x.name)),
      }
    }),
    bindings: (scenario.bindings ?? []).map((b) => ({
      source: b.source,
      vhost: b.vhost ?? '/',
      destination: b.destination,
      destination_type: b.destination_type,
      routing_key: b.routing_key,
      arguments: b.arguments ?? {},
    })),
  }
  // Every vhost an entity lives in must be listed, or RabbitMQ's import fails.
  const listed = new Set((sections.vhosts as Obj[]).map((v) => v.name))
  for (const name of vhostNames) if (!listed.has(name)) (sections.vhosts as Obj[]).push({ name })
  // hasOwn and setData: a kept section named `__proto__` (or `constructor`) is data, not a prototype.
  const out: Obj = {}
  for (const key of kept?.order ?? []) {
    if (Object.hasOwn(sections, key)) setData(out, key, sections[key] as JsonValue)
    else if (kept && Object.hasOwn(kept.sections, key)) setData(out, key, kept.sections[key] as JsonValue)
    // The profile is ours, not RabbitMQ's: written back only where the imported file had it.
    else if (key === 'profile' && scenario.profile) out.profile = scenario.profile
  }
  for (const [k, v] of Object.entries(sections)) if (!Object.hasOwn(out, k)) out[k] = v
  return out
}

/** The engine's final state (after deletes) as definitions; the broker's own exchanges are left out. */
export function topologyToDefinitions(
  topology: TopologySnapshot,
  kept?: KeptDefinitions,
  /** Vhosts named in the script (an empty one leaves no trace in the topology). */
  extraVhosts: readonly string[] = [],
): Obj {
  const scenario: Scenario = {
    vhosts: [...new Set([...topology.vhosts, ...extraVhosts])].map((name) => ({ name })),
    ...(topology.policies
      ? {
          policies: topology.policies.map((p) => ({
            name: p.name,
            vhost: p.vhost,
            pattern: p.pattern,
            'apply-to': p.applyTo,
            priority: p.priority,
            definition: tableToJson(p.definition),
          })),
        }
      : {}),
    exchanges: topology.exchanges
      .filter((x) => !x.builtin)
      .map((x) => ({
        name: x.name,
        vhost: x.vhost,
        type: x.type,
        durable: x.durable,
        auto_delete: x.auto_delete,
        internal: x.internal,
        arguments: tableToJson(x.arguments),
      })),
    queues: topology.queues.map((q) => ({
      name: q.name,
      vhost: q.vhost,
      durable: q.durable,
      exclusive: q.exclusive,
      auto_delete: q.auto_delete,
      arguments: tableToJson(q.arguments),
    })),
    bindings: topology.bindings.map((b) => ({
      source: b.source,
      vhost: b.vhost,
      destination: b.destination,
      destination_type: b.destination_type,
      routing_key: b.routing_key,
      arguments: tableToJson(b.arguments),
    })),
  }
  return scenarioToDefinitions(scenario, kept)
}
