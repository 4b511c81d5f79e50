/**
 * What a kit flavour cannot send exactly as amqplib (the engine's reference client) would. A plan
 * with a limit still runs; the kit page lists the limits, and the observation may differ there.
 */
import { type AmqpTable, type AmqpValue, type JsonValue, toAmqpTable } from '../engine'
import type { LabPlan, LabStep } from './plan'

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

export interface KitLimit {
  code: LimitCode
  /** The step's id (`exchange:x`, `binding:3`, a publish id). */
  step: string
  /** The type name for `typed-value`. */
  detail?: string
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

/**
 * The limits of `flavour` for this plan. `clientRefused` lists the step ids the engine predicts as
 * refused by the client library (code 0).
 */
export function kitLimits(
  plan: LabPlan,
  flavour: 'node' | 'python' | 'java' | 'http',
  clientRefused: readonly string[] = [],
): KitLimit[] {
  const out: KitLimit[] = []
  const inexact = INEXACT[flavour]
  for (const s of plan.steps) {
    const bad = new Set(stepTypes(s).filter(inexact))
    for (const t of bad) out.push({ code: 'typed-value', step: s.id, detail: t })
    if (s.op === 'queue.declare' && s.queue.name === '' && !s.queue.passive)
      out.push({ code: 'server-named', step: s.id })
    if (flavour === 'python' && s.op === 'queue.declare' && /[\r\n]/.test(s.queue.name))
      out.push({ code: 'crlf-queue', step: s.id })
    if (flavour !== 'http') continue
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
  return out
}
