/**
 * The observation file: what a lab kit (or live mode) saw on a real broker, in one documented JSON
 * format (docs/lab-kits.md). Its `queues` / `returns` / `errors` are exactly the route CLI's result
 * for the same plan, so prediction and observation compare field by field.
 */
import { jsonErrorOffset, lineColumn, type ScenarioError, type ScenarioResult } from '../engine'

export const OBSERVATION_FORMAT = 'amqp-lab-observation'
export const OBSERVATION_VERSION = 1

export type KitFlavour = 'node' | 'python' | 'java' | 'http'
export const KIT_FLAVOURS: readonly KitFlavour[] = ['node', 'python', 'java', 'http']

/** A binding found on the broker at the end of the run, with the scenario's names. */
export interface ObservedBinding {
  vhost: string
  source: string
  destination: string
  destination_type: 'queue' | 'exchange'
  routing_key: string
}

export interface Observation extends ScenarioResult {
  format: typeof OBSERVATION_FORMAT
  version: typeof OBSERVATION_VERSION
  /** Which program observed: a kit flavour, or the browser's live mode. */
  kit: KitFlavour | 'live'
  /** The plan's fingerprint: an observation only compares with the plan it was made for. */
  scenario: string
  broker: { product: string; version: string }
  /** ISO 8601, UTC. */
  observed_at: string
  /** Where it ran: a scratch vhost it created, or a name prefix inside an existing vhost. */
  isolation: { mode: 'vhost' | 'prefix'; name: string }
  /** Set when the topology was copied from this broker vhost instead of declared by the steps. */
  topology_from?: string
  /** Bindings on the broker before clean-up (absent when the kit could not list them). */
  bindings?: ObservedBinding[]
  /** When each step ran (ISO 8601), for a per-event report. */
  steps?: { id: string; at: string }[]
}

export type ObservationProblem =
  | { code: 'json'; line: number; column: number }
  | { code: 'foreign'; kind: 'scenario' | 'definitions' | 'route-result' | 'unknown' }
  | { code: 'field'; path: string; expected: string }
  | { code: 'version'; version: string }
  | { code: 'other-scenario'; expected: string; found: string }

/** A file that is not a usable observation; nothing was changed. `problem` is for translation. */
export class ObservationError extends Error {
  constructor(readonly problem: ObservationProblem) {
    super(describeProblem(problem))
    this.name = 'ObservationError'
  }
}

function describeProblem(p: ObservationProblem): string {
  switch (p.code) {
    case 'json':
      return `line ${p.line}, column ${p.column}: not valid JSON`
    case 'foreign':
      return `not an observation file (it looks like ${p.kind === 'unknown' ? 'something else' : `a ${p.kind}`})`
    case 'field':
      return `${p.path}: expected ${p.expected}`
    case 'version':
      return `version: observation format ${p.version} is not supported (this app reads ${OBSERVATION_VERSION})`
    case 'other-scenario':
      return `scenario: the observation was made for scenario ${p.found}, this one is ${p.expected}`
  }
}

type Obj = Record<string, unknown>
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x)
const fail = (path: string, expected: string): never => {
  throw new ObservationError({ code: 'field', path: path.replace(/^\./, ''), expected })
}
const key = (k: string) => (/^[A-Za-z_][\w-]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`)

function str(o: Obj, k: string, at: string): string {
  const v = o[k]
  return typeof v === 'string' ? v : fail(`${at}${key(k)}`, 'a string')
}

function list<T>(o: Obj, k: string, at: string, item: (v: unknown, path: string) => T): T[] {
  const v = o[k]
  if (!Array.isArray(v)) return fail(`${at}${key(k)}`, 'an array')
  return v.map((x, i) => item(x, `${at}${key(k)}[${i}]`))
}

function object(v: unknown, path: string): Obj {
  return isObj(v) ? v : fail(path, 'an object')
}

function foreignKind(o: Obj): 'scenario' | 'definitions' | 'route-result' | 'unknown' {
  if ('rabbit_version' in o || 'rabbitmq_version' in o) return 'definitions'
  if ('publishes' in o || 'exchanges' in o) return 'scenario'
  if ('queues' in o && 'errors' in o) return 'route-result'
  return 'unknown'
}

/** `policy` came with policy steps; a file from before has none, and still reads. */
const STAGES: readonly ScenarioError['stage'][] = ['declare', 'bind', 'unbind', 'delete', 'publish', 'policy']

/** Checks parsed JSON; throws ObservationError naming the first bad field. */
function validateObservation(json: unknown): Observation {
  const o = object(json, '(file)')
  if (o.format !== OBSERVATION_FORMAT) {
    if (o.format === undefined) throw new ObservationError({ code: 'foreign', kind: foreignKind(o) })
    fail('.format', `"${OBSERVATION_FORMAT}"`)
  }
  if (o.version !== OBSERVATION_VERSION)
    throw new ObservationError({ code: 'version', version: JSON.stringify(o.version) })
  const kit = str(o, 'kit', '')
  if (![...KIT_FLAVOURS, 'live'].includes(kit)) fail('.kit', 'node, python, java, http or live')
  const broker = object(o.broker, '.broker')
  const isolation = object(o.isolation, '.isolation')
  const mode = str(isolation, 'mode', '.isolation')
  if (mode !== 'vhost' && mode !== 'prefix') fail('.isolation.mode', '"vhost" or "prefix"')
  const queuesObj = object(o.queues, '.queues')
  const queues: Record<string, string[]> = {}
  for (const [name, ids] of Object.entries(queuesObj)) {
    const at = `.queues${key(name)}`
    if (!Array.isArray(ids)) fail(at, 'an array of message ids')
    queues[name] = (ids as unknown[]).map((id, i) =>
      typeof id === 'string' ? id : fail(`${at}[${i}]`, 'a string'),
    )
  }
  const obs: Observation = {
    format: OBSERVATION_FORMAT,
    version: OBSERVATION_VERSION,
    kit: kit as Observation['kit'],
    scenario: str(o, 'scenario', ''),
    broker: { product: str(broker, 'product', '.broker'), version: str(broker, 'version', '.broker') },
    observed_at: str(o, 'observed_at', ''),
    isolation: { mode: mode as 'vhost' | 'prefix', name: str(isolation, 'name', '.isolation') },
    queues,
    returns: list(o, 'returns', '', (v, at) => {
      const r = object(v, at)
      if (r.reply_code !== 312) fail(`${at}.reply_code`, '312')
      return { id: str(r, 'id', at), reply_code: 312, reply_text: 'NO_ROUTE' }
    }),
    errors: list(o, 'errors', '', (v, at) => {
      const e = object(v, at)
      const stage = str(e, 'stage', at) as ScenarioError['stage']
      if (!STAGES.includes(stage)) fail(`${at}.stage`, STAGES.join(', '))
      if (typeof e.code !== 'number' || !Number.isInteger(e.code)) fail(`${at}.code`, 'an integer')
      return { id: str(e, 'id', at), stage, code: e.code as number, text: str(e, 'text', at) }
    }),
  }
  if (o.nacks !== undefined)
    obs.nacks = list(o, 'nacks', '', (v, at) => {
      const n = object(v, at)
      return {
        id: str(n, 'id', at),
        queues: list(n, 'queues', at, (q, qa) => (typeof q === 'string' ? q : fail(qa, 'a string'))),
      }
    })
  if (o.topology_from !== undefined) obs.topology_from = str(o, 'topology_from', '')
  if (o.bindings !== undefined)
    obs.bindings = list(o, 'bindings', '', (v, at) => {
      const b = object(v, at)
      const type = str(b, 'destination_type', at)
      if (type !== 'queue' && type !== 'exchange') fail(`${at}.destination_type`, '"queue" or "exchange"')
      return {
        vhost: str(b, 'vhost', at),
        source: str(b, 'source', at),
        destination: str(b, 'destination', at),
        destination_type: type as 'queue' | 'exchange',
        routing_key: str(b, 'routing_key', at),
      }
    })
  if (o.steps !== undefined)
    obs.steps = list(o, 'steps', '', (v, at) => {
      const s = object(v, at)
      return { id: str(s, 'id', at), at: str(s, 'at', at) }
    })
  return obs
}

/** Reads an observation file's text; `fingerprint` (when given) must be the one it was made for. */
export function parseObservation(text: string, fingerprint?: string): Observation {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    const at = jsonErrorOffset(text)
    throw new ObservationError({ code: 'json', ...lineColumn(text, Math.max(0, at)) })
  }
  const obs = validateObservation(json)
  if (fingerprint !== undefined && obs.scenario !== fingerprint)
    throw new ObservationError({ code: 'other-scenario', expected: fingerprint, found: obs.scenario })
  return obs
}
