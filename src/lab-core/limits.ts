/**
 * What a kit flavour cannot send exactly as amqplib (the engine's reference client) would. A plan
 * with a limit still runs; the kit page lists the limits, and the observation may differ there.
 */
import {
  type AmqpTable,
  type AmqpValue,
  type JsonValue,
  prefixedPolicyPattern,
  runOperations,
  toAmqpTable,
} from '../engine'
import { type LabPlan, type LabStep, stepVhost } from './plan'

export type LimitCode =
  /** A header or argument type this client cannot write (it sends the nearest type, or fails). */
  | 'typed-value'
  /** `queue.bind` to queue "" (the channel's last declared queue): the HTTP API has no channel. */
  | 'last-queue'
  /** `queue.declare ""`: the broker picks a random name, the engine `amq.gen-N`. */
  | 'server-named'
  /** The engine predicts amqplib's own refusal (code 0); another client refuses differently. */
  | 'client-refusal'
  /** Exclusive queues belong to a connection; the HTTP API's connection is not the script's. */
  | 'exclusive'
  /** A NUL character cannot be passed to a command in a shell script. */
  | 'nul'
  /** A passive declare of the default exchange: the HTTP API reads it instead of refusing (403). */
  | 'passive-default'
  /** pika waits for a queue.declare-ok naming the queue as sent; the broker drops CR/LF from it. */
  | 'crlf-queue'
  /** An exchange named `amq.default`: in the HTTP API's paths that name means the default exchange. */
  | 'amq-default-name'
  /**
   * The HTTP kit (and live mode) reads queues with the management API's "get messages" (basic.get),
   * which a stream (540) and a single-active-consumer quorum queue (405) refuse; the AMQP kits read
   * those with a consumer.
   */
  | 'queue-type-drain'
  /** Prefix mode: a policy pattern the playground does not parse cannot be rewritten exactly. */
  | 'prefix-policy-pattern'
  /** Prefix mode: a policy never reaches the shared vhost's built-in exchanges (amq.*, the default). */
  | 'prefix-policy-builtin'
  /** Prefix mode: a message dead-lettered through the default exchange keeps its unprefixed keys. */
  | 'prefix-dead-letter'

export interface KitLimit {
  code: LimitCode
  /** The step's id (`exchange:x`, `binding:3`, a publish id). */
  step: string
  /** The type name for `typed-value`. */
  detail?: string
  /** Only when the kit runs in prefix mode (it may not create a vhost, or LAB_MODE=prefix). */
  prefixOnly?: true
}

/**
 * Types each flavour cannot send with the same meaning. pika writes every integer as a 64-bit long
 * and has no float, double or exact decimal, and its timestamps end in year 9999; the Java client
 * has no unsigned types; JSON (the HTTP API) has no integer widths, float, decimal, timestamp, byte
 * string or void, and writes a whole double as an integer. An integer's width matters only where the
 * broker compares types: inside a nested table or array, and in an exchange argument, `x-match`, CC
 * or BCC (its error names the type); elsewhere integers compare by value.
 */
const INEXACT: Record<'node' | 'python' | 'java' | 'http', (t: string) => boolean> = {
  node: () => false,
  python: (t) =>
    ['double', 'whole-double', 'float', 'decimal', 'far-timestamp'].includes(t) ||
    (/^typed-int:/.test(t) && t !== 'typed-int:long'),
  java: (t) => /unsigned/.test(t),
  http: (t) =>
    ['float', 'decimal', 'timestamp', 'far-timestamp', 'bytes', 'whole-double', 'void'].includes(t) ||
    (/^typed-int:/.test(t) && t !== 'typed-int:long'),
}

const INTEGER = /^(unsigned)?(byte|short|int|long)$/

/**
 * Every AMQP type in a value. An integer where its width counts is `typed-int:TYPE`; a double with
 * an integer value `whole-double`; a timestamp after year 9999 `far-timestamp`.
 */
function valueTypes(v: AmqpValue, typed: boolean, out: string[]): string[] {
  if (v.type === 'double' && Number.isInteger(v.value)) out.push('whole-double')
  else if (v.type === 'timestamp' && Number(v.value) > 253402300799) out.push('far-timestamp', 'timestamp')
  else out.push(v.type)
  if (typed && INTEGER.test(v.type)) out.push(`typed-int:${v.type}`)
  if (v.type === 'table') for (const x of Object.values(v.value)) valueTypes(x, true, out)
  if (v.type === 'array') for (const x of v.value) valueTypes(x, true, out)
  return out
}

function tableTypes(
  t: { [key: string]: JsonValue } | undefined,
  typedKeys: (key: string) => boolean,
): string[] {
  let table: AmqpTable
  try {
    table = toAmqpTable(t)
  } catch {
    return []
  }
  return Object.entries(table).flatMap(([k, v]) => valueTypes(v, typedKeys(k), []))
}

function stepTypes(s: LabStep): string[] {
  switch (s.op) {
    case 'exchange.declare':
      return tableTypes(s.exchange.arguments, () => true)
    case 'queue.declare':
      return tableTypes(s.queue.arguments, () => false)
    case 'bind':
    case 'unbind':
      return tableTypes(s.binding.arguments, (k) => k === 'x-match')
    case 'publish':
      return tableTypes(s.publish.headers, (k) => k === 'CC' || k === 'BCC')
    default:
      return []
  }
}

function stepStrings(s: LabStep): string[] {
  const all: string[] = []
  const walk = (v: unknown) => {
    if (typeof v === 'string') all.push(v)
    else if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        all.push(k)
        walk(x)
      }
  }
  walk(s)
  return all
}

/** The exchange names a step puts into an HTTP API path. */
function exchangeNames(s: LabStep): string[] {
  switch (s.op) {
    case 'exchange.declare':
      return [s.exchange.name]
    case 'exchange.delete':
      return [s.name]
    case 'bind':
    case 'unbind':
      return s.binding.destination_type === 'exchange'
        ? [s.binding.source, s.binding.destination]
        : [s.binding.source]
    case 'publish':
      return [s.publish.exchange]
    default:
      return []
  }
}

const str = (v: JsonValue | undefined) => (typeof v === 'string' ? v : undefined)

/** Does this policy, alone, give a built-in exchange (amq.*, the default) an alternate exchange? */
function reachesBuiltin(plan: LabPlan, s: Extract<LabStep, { op: 'policy.set' }>): boolean {
  if (str(s.policy.definition['alternate-exchange']) === undefined) return false
  const v = stepVhost(s)
  const { topology } = runOperations([s], plan.profile, { vhosts: [v], explain: false })
  return topology.exchanges.some((x) => x.builtin && x.vhost === v && x.policy === s.policy.name)
}

/**
 * Prefix mode renames everything but the built-in exchanges. A policy is rewritten to reach exactly
 * the prefixed names, so it cannot reach a built-in exchange; dead-lettering through the default
 * exchange routes by the message's own keys, which name unprefixed queues (a dead-letter routing
 * key set beside the default exchange is prefixed).
 */
function prefixLimits(plan: LabPlan): KitLimit[] {
  const out: KitLimit[] = []
  const add = (code: LimitCode, step: string) => out.push({ code, step, prefixOnly: true })
  // The dead-letter exchange arguments of the plan's queues: "" (the default exchange) or a name.
  const argDlx = new Set(
    plan.steps.flatMap((s) => {
      const a = s.op === 'queue.declare' ? str(s.queue.arguments?.['x-dead-letter-exchange']) : undefined
      return a === undefined ? [] : [a === '']
    }),
  )
  for (const s of plan.steps) {
    if (s.op === 'queue.declare') {
      const a = s.queue.arguments ?? {}
      if (str(a['x-dead-letter-exchange']) === '' && str(a['x-dead-letter-routing-key']) === undefined)
        add('prefix-dead-letter', s.id)
    }
    if (s.op !== 'policy.set') continue
    const d = s.policy.definition
    if ('unsupported' in prefixedPolicyPattern(s.policy.pattern)) add('prefix-policy-pattern', s.id)
    if (reachesBuiltin(plan, s)) add('prefix-policy-builtin', s.id)
    const dlx = str(d['dead-letter-exchange'])
    const dlrk = str(d['dead-letter-routing-key'])
    // The policy's key is prefixed beside its own default-exchange DLX; a queue's own DLX argument
    // may pair it with the other kind of exchange.
    if ((dlx === '' && dlrk === undefined) || (dlrk !== undefined && argDlx.has(dlx !== '')))
      add('prefix-dead-letter', s.id)
  }
  return out
}

/**
 * The limits of `flavour` for this plan. `clientRefused` lists the step ids the engine predicts as
 * refused by the client library (code 0). `mode`: the isolation the kit will use; `any` (default,
 * as the kit page lists them) includes those of prefix mode, marked `prefixOnly`.
 */
export function kitLimits(
  plan: LabPlan,
  flavour: 'node' | 'python' | 'java' | 'http',
  clientRefused: readonly string[] = [],
  mode: 'any' | 'vhost' | 'prefix' = 'any',
): KitLimit[] {
  const out: KitLimit[] = []
  const inexact = INEXACT[flavour]
  for (const s of plan.steps) {
    // Every flavour sets policies through the management API: JSON's types.
    const policyTypes = s.op === 'policy.set' ? tableTypes(s.policy.definition, () => false) : []
    const bad = new Set([...stepTypes(s).filter(inexact), ...policyTypes.filter(INEXACT.http)])
    for (const t of bad) out.push({ code: 'typed-value', step: s.id, detail: t })
    if (s.op === 'queue.declare' && s.queue.name === '' && !s.queue.passive)
      out.push({ code: 'server-named', step: s.id })
    if (flavour === 'python' && s.op === 'queue.declare' && /[\r\n]/.test(s.queue.name))
      out.push({ code: 'crlf-queue', step: s.id })
    if (flavour !== 'http') continue
    if (s.op === 'queue.declare' && !s.queue.passive) {
      const a = s.queue.arguments ?? {}
      const type = a['x-queue-type']
      if (type === 'stream' || (type === 'quorum' && a['x-single-active-consumer'] === true))
        out.push({ code: 'queue-type-drain', step: s.id })
    }
    if (s.op === 'bind' || s.op === 'unbind')
      if (s.binding.destination_type === 'queue' && s.binding.destination === '')
        out.push({ code: 'last-queue', step: s.id })
    if (s.op === 'queue.declare' && s.queue.exclusive) out.push({ code: 'exclusive', step: s.id })
    if (s.op === 'exchange.declare' && s.exchange.passive && s.exchange.name === '')
      out.push({ code: 'passive-default', step: s.id })
    if (stepStrings(s).some((x) => x.includes('\u0000'))) out.push({ code: 'nul', step: s.id })
    if (exchangeNames(s).includes('amq.default')) out.push({ code: 'amq-default-name', step: s.id })
  }
  if (flavour !== 'node') for (const id of clientRefused) out.push({ code: 'client-refusal', step: id })
  if (mode !== 'vhost') out.push(...prefixLimits(plan))
  return out
}
