/**
 * RabbitMQ `definitions.json` (or the engine's scenario JSON) → a scenario. Vhosts, exchanges, queues
 * and bindings are taken whole; every other section, and any field of an entry the scenario has no
 * place for, is kept in `kept` so the export can put it back unchanged. Nothing is silently dropped:
 * the sections not simulated are listed in `ignoredSections`.
 */

import { isProfileName } from '../broker/profiles'
import type {
  JsonValue,
  Scenario,
  ScenarioBinding,
  ScenarioExchange,
  ScenarioPolicy,
  ScenarioPublish,
  ScenarioQueue,
} from '../broker/types'
import { dataRecord, MAX_NESTING, TOO_DEEP, tooDeepPath } from '../values/plain-data'

type Obj = { [key: string]: JsonValue }

export class DefinitionsError extends Error {
  constructor(
    /** Where in the document, e.g. `exchanges[3].name`. */
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`)
    this.name = 'DefinitionsError'
  }
}

export interface KeptDefinitions {
  /** Top-level keys in their original order (so the export keeps RabbitMQ's layout). */
  order: string[]
  /** Sections the playground does not simulate (users, policies, …), verbatim. */
  sections: Obj
  /** Fields of entries beyond the scenario's, keyed by entityKey(). */
  extras: { [entity: string]: Obj }
}

export interface DefinitionsImport {
  scenario: Scenario
  kept: KeptDefinitions
  /** Names of the kept-but-not-simulated sections that are non-empty (report these to the user). */
  ignoredSections: string[]
}

const SIMULATED = ['vhosts', 'policies', 'exchanges', 'queues', 'bindings', 'publishes', 'profile']

export function entityKey(
  kind: 'vhost' | 'exchange' | 'queue' | 'policy',
  vhost: string,
  name: string,
): string {
  return JSON.stringify([kind, vhost, name])
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

function list(doc: Obj, section: string): Obj[] {
  const v = doc[section]
  if (v === undefined) return []
  if (!Array.isArray(v)) throw new DefinitionsError(section, 'must be an array')
  return v.map((e, i) => {
    if (!isObj(e)) throw new DefinitionsError(`${section}[${i}]`, 'must be an object')
    return e
  })
}

function str(e: Obj, field: string, path: string, fallback?: string): string {
  const v = e[field]
  if (v === undefined && fallback !== undefined) return fallback
  if (typeof v !== 'string') throw new DefinitionsError(`${path}.${field}`, 'must be a string')
  return v
}

function bool(e: Obj, field: string, path: string): boolean | undefined {
  const v = e[field]
  if (v === undefined) return undefined
  if (typeof v !== 'boolean') throw new DefinitionsError(`${path}.${field}`, 'must be true or false')
  return v
}

function args(e: Obj, field: string, path: string): Obj | undefined {
  const v = e[field]
  if (v === undefined) return undefined
  if (!isObj(v)) throw new DefinitionsError(`${path}.${field}`, 'must be an object')
  const deep = tooDeepPath(v)
  if (deep !== null) throw new DefinitionsError(`${path}.${field}.${deep}`, TOO_DEEP)
  return v
}

/** Copy the listed fields that are present; return the rest as extras (`__proto__` included). */
function split(e: Obj, known: readonly string[]): Obj | null {
  const extra: Obj = dataRecord()
  for (const [k, v] of Object.entries(e)) if (!known.includes(k)) extra[k] = v
  return Object.keys(extra).length ? extra : null
}

function defined<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k]
  return o
}

/** Parse and convert. Throws DefinitionsError (with a path) on anything malformed. */
export function importDefinitions(input: unknown): DefinitionsImport {
  if (!isObj(input)) throw new DefinitionsError('(document)', 'must be a JSON object')
  const doc = input
  // No prototypes: a section or field named `__proto__` is kept like any other.
  const kept: KeptDefinitions = { order: Object.keys(doc), sections: dataRecord(), extras: dataRecord() }
  const keepExtra = (key: string, extra: Obj | null) => {
    if (extra) kept.extras[key] = extra
  }
  const scenario: Scenario = {}
  if (doc.profile !== undefined) {
    if (!isProfileName(doc.profile)) throw new DefinitionsError('profile', 'unknown profile')
    scenario.profile = doc.profile
  }
  if (doc.vhosts !== undefined) {
    scenario.vhosts = list(doc, 'vhosts').map((v, i) => {
      const name = str(v, 'name', `vhosts[${i}]`)
      keepExtra(entityKey('vhost', name, name), split(v, ['name']))
      return { name }
    })
  }
  if (doc.policies !== undefined)
    scenario.policies = list(doc, 'policies').map((x, i): ScenarioPolicy => {
      const p = `policies[${i}]`
      const priority = x.priority
      if (priority !== undefined && typeof priority !== 'number')
        throw new DefinitionsError(`${p}.priority`, 'must be a number')
      const out = defined<ScenarioPolicy>({
        name: str(x, 'name', p),
        vhost: x.vhost === undefined ? undefined : str(x, 'vhost', p),
        pattern: str(x, 'pattern', p),
        'apply-to': x['apply-to'] === undefined ? undefined : str(x, 'apply-to', p),
        priority,
        definition: args(x, 'definition', p) ?? {},
      })
      keepExtra(entityKey('policy', out.vhost ?? '/', out.name), split(x, Object.keys(out)))
      return out
    })
  if (doc.exchanges !== undefined)
    scenario.exchanges = list(doc, 'exchanges').map((x, i): ScenarioExchange => {
      const p = `exchanges[${i}]`
      const out = defined<ScenarioExchange>({
        name: str(x, 'name', p),
        type: str(x, 'type', p),
        vhost: x.vhost === undefined ? undefined : str(x, 'vhost', p),
        durable: bool(x, 'durable', p),
        auto_delete: bool(x, 'auto_delete', p),
        internal: bool(x, 'internal', p),
        arguments: args(x, 'arguments', p),
      })
      keepExtra(entityKey('exchange', out.vhost ?? '/', out.name), split(x, Object.keys(out)))
      return out
    })
  if (doc.queues !== undefined)
    scenario.queues = list(doc, 'queues').map((q, i): ScenarioQueue => {
      const p = `queues[${i}]`
      const out = defined<ScenarioQueue>({
        name: str(q, 'name', p),
        vhost: q.vhost === undefined ? undefined : str(q, 'vhost', p),
        durable: bool(q, 'durable', p),
        exclusive: bool(q, 'exclusive', p),
        auto_delete: bool(q, 'auto_delete', p),
        arguments: args(q, 'arguments', p),
      })
      keepExtra(entityKey('queue', out.vhost ?? '/', out.name), split(q, Object.keys(out)))
      return out
    })
  if (doc.bindings !== undefined)
    scenario.bindings = list(doc, 'bindings').map((b, i): ScenarioBinding => {
      const p = `bindings[${i}]`
      const type = str(b, 'destination_type', p, 'queue')
      if (type !== 'queue' && type !== 'exchange')
        throw new DefinitionsError(`${p}.destination_type`, 'must be "queue" or "exchange"')
      return defined<ScenarioBinding>({
        source: str(b, 'source', p),
        vhost: b.vhost === undefined ? undefined : str(b, 'vhost', p),
        destination: str(b, 'destination', p),
        destination_type: type,
        routing_key: str(b, 'routing_key', p, ''),
        arguments: args(b, 'arguments', p),
      })
    })
  if (doc.publishes !== undefined)
    scenario.publishes = list(doc, 'publishes').map((m, i): ScenarioPublish => {
      const p = `publishes[${i}]`
      return defined<ScenarioPublish>({
        id: str(m, 'id', p, `m${i + 1}`),
        exchange: str(m, 'exchange', p),
        routing_key: str(m, 'routing_key', p, ''),
        vhost: m.vhost === undefined ? undefined : str(m, 'vhost', p),
        headers: args(m, 'headers', p),
        mandatory: bool(m, 'mandatory', p),
        properties: args(m, 'properties', p),
        body: m.body === undefined ? undefined : str(m, 'body', p),
      })
    })
  // Kept sections are written back by JSON.stringify, which overflows on absurd depth: the document
  // may nest MAX_NESTING levels below an entry's field (document → section → entry → field).
  const deep = tooDeepPath(doc, MAX_NESTING + 3)
  if (deep !== null) throw new DefinitionsError(deep, TOO_DEEP)
  const ignoredSections: string[] = []
  for (const [k, v] of Object.entries(doc)) {
    if (SIMULATED.includes(k)) continue
    kept.sections[k] = v
    const empty =
      v === null || (Array.isArray(v) && v.length === 0) || (isObj(v) && Object.keys(v).length === 0)
    // Scalar metadata (rabbit_version, product_name, …) is kept but not worth reporting.
    if (!empty && typeof v === 'object') ignoredSections.push(k)
  }
  return { scenario, kept, ignoredSections }
}
