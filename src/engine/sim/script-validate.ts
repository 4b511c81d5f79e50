/**
 * Checks a timeline script read from JSON (lesson files, pasted text) and names the first problem by
 * its path, e.g. `steps[3].consumer: expected a string`. Only the shape is checked here; what the
 * broker would say about the operations is the simulation's job.
 */
import { isProfileName } from '../broker/profiles'
import type { SimOp, TimelineScript } from './sim-types'

export class TimelineScriptError extends Error {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(`${path}: ${detail}`)
    this.name = 'TimelineScriptError'
  }
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Required fields per operation, and their kind. */
const FIELDS: Record<SimOp['op'], Record<string, 'string' | 'object'>> = {
  'connection.open': { connection: 'string' },
  'connection.close': { connection: 'string' },
  'channel.open': { connection: 'string' },
  'channel.close': {},
  'confirm.select': {},
  'exchange.declare': { exchange: 'object' },
  'queue.declare': { queue: 'object' },
  bind: { binding: 'object' },
  unbind: { binding: 'object' },
  'exchange.delete': { name: 'string' },
  'queue.delete': { name: 'string' },
  'queue.purge': { name: 'string' },
  publish: { publish: 'object' },
  consume: { queue: 'string', consumer: 'string' },
  cancel: { consumer: 'string' },
  get: { queue: 'string' },
  ack: {},
  nack: {},
  reject: {},
  wait: {},
  qos: {},
  recover: {},
  'policy.set': { policy: 'object' },
  'policy.clear': { name: 'string' },
}

const NESTED: Partial<Record<string, string[]>> = {
  exchange: ['name', 'type'],
  queue: ['name'],
  binding: ['source', 'destination', 'destination_type'],
  publish: ['id', 'exchange'],
  policy: ['name', 'pattern'],
}

function checkStep(step: unknown, path: string): void {
  if (!isObj(step)) throw new TimelineScriptError(path, 'expected an object')
  const op = step.op
  if (typeof op !== 'string' || !(op in FIELDS))
    throw new TimelineScriptError(
      `${path}.op`,
      `unknown operation ${JSON.stringify(op)}; one of ${Object.keys(FIELDS).join(', ')}`,
    )
  for (const [field, kind] of Object.entries(FIELDS[op as SimOp['op']])) {
    const v = step[field]
    if (kind === 'string' ? typeof v !== 'string' : !isObj(v))
      throw new TimelineScriptError(
        `${path}.${field}`,
        `expected ${kind === 'string' ? 'a string' : 'an object'}`,
      )
    for (const sub of kind === 'object' ? (NESTED[field] ?? []) : [])
      if (typeof (v as Obj)[sub] !== 'string')
        throw new TimelineScriptError(`${path}.${field}.${sub}`, 'expected a string')
    // No routing key is the empty key, as in the scenario format.
    if (field === 'binding' || field === 'publish') {
      const o = v as Obj
      if (o.routing_key === undefined) o.routing_key = ''
      else if (typeof o.routing_key !== 'string')
        throw new TimelineScriptError(`${path}.${field}.routing_key`, 'expected a string')
    }
  }
  for (const opt of ['id', 'channel'] as const)
    if (step[opt] !== undefined && typeof step[opt] !== 'string')
      throw new TimelineScriptError(`${path}.${opt}`, 'expected a string')
  if (op === 'qos' && !(Number.isInteger(step.prefetch) && (step.prefetch as number) >= 0))
    throw new TimelineScriptError(`${path}.prefetch`, 'expected a whole number ≥ 0')
  if (op === 'wait' && !(Number.isInteger(step.ms) && (step.ms as number) >= 0))
    throw new TimelineScriptError(`${path}.ms`, 'expected a whole number of milliseconds ≥ 0')
  if (step.prefetch !== undefined && !(Number.isInteger(step.prefetch) && (step.prefetch as number) >= 0))
    throw new TimelineScriptError(`${path}.prefetch`, 'expected a whole number ≥ 0')
  if (
    (op === 'ack' || op === 'nack' || op === 'reject') &&
    step.tag === undefined &&
    typeof step.message !== 'string'
  )
    throw new TimelineScriptError(path, `${op} needs "message" (an id) or "tag" (a delivery tag)`)
  if (op === 'consume' && step.arguments !== undefined && !isObj(step.arguments))
    throw new TimelineScriptError(`${path}.arguments`, 'expected an object (an AMQP table)')
  if (step.note !== undefined) {
    const n = step.note
    if (!isObj(n) || typeof n.en !== 'string' || typeof n['zh-CN'] !== 'string')
      throw new TimelineScriptError(`${path}.note`, 'expected {"en": "…", "zh-CN": "…"}')
  }
}

/** Validate unknown JSON as a timeline script; throws TimelineScriptError with the offending path. */
export function validateTimelineScript(input: unknown, where = 'script'): TimelineScript {
  if (!isObj(input)) throw new TimelineScriptError(where, 'expected an object with "steps"')
  if (input.profile !== undefined && !(typeof input.profile === 'string' && isProfileName(input.profile)))
    throw new TimelineScriptError(`${where}.profile`, `unknown profile ${JSON.stringify(input.profile)}`)
  if (!Array.isArray(input.steps)) throw new TimelineScriptError(`${where}.steps`, 'expected an array')
  input.steps.forEach((s, i) => {
    checkStep(s, `${where}.steps[${i}]`)
  })
  return input as unknown as TimelineScript
}
