/**
 * What a kit flavour cannot send exactly as amqplib (the engine's reference client) would. A plan
 * with a limit still runs; the kit page lists the limits, and the observation may differ there.
 */
import { type AmqpValue, type JsonValue, toAmqpTable } from '../engine'
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

export interface KitLimit {
  code: LimitCode
  /** The step's id (`exchange:x`, `binding:3`, a publish id). */
  step: string
  /** The type name for `typed-value`. */
  detail?: string
}

/**
 * AMQP value types each flavour cannot send with the same meaning: pika has no float, double or
 * exact decimal; JSON (the HTTP API) has no float, decimal, timestamp, byte string, and writes a
 * whole double as an integer. Integer widths are not listed: every client sends some integer type
 * and the broker compares integers by value (only an error's wording may name another type).
 */
const INEXACT: Record<'node' | 'python' | 'java' | 'http', ReadonlySet<string>> = {
  node: new Set(),
  python: new Set(['double', 'float', 'decimal']),
  java: new Set(),
  http: new Set(['float', 'decimal', 'timestamp', 'bytes', 'whole-double']),
}

/** Every AMQP type in a value, `whole-double` for a double with an integer value. */
function valueTypes(v: AmqpValue, out: string[]): string[] {
  if (v.type === 'double' && Number.isInteger(v.value)) out.push('whole-double')
  else out.push(v.type)
  if (v.type === 'table') for (const x of Object.values(v.value)) valueTypes(x, out)
  if (v.type === 'array') for (const x of v.value) valueTypes(x, out)
  return out
}

function tableTypes(t: { [key: string]: JsonValue } | undefined): string[] {
  return Object.values(toAmqpTable(t)).flatMap((v) => valueTypes(v, []))
}

function stepTypes(s: LabStep): string[] {
  switch (s.op) {
    case 'exchange.declare':
      return tableTypes(s.exchange.arguments)
    case 'queue.declare':
      return tableTypes(s.queue.arguments)
    case 'bind':
    case 'unbind':
      return tableTypes(s.binding.arguments)
    case 'publish':
      return tableTypes(s.publish.headers)
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
    const bad = new Set(stepTypes(s).filter((t) => inexact.has(t)))
    for (const t of bad) out.push({ code: 'typed-value', step: s.id, detail: t })
    if (s.op === 'queue.declare' && s.queue.name === '' && !s.queue.passive)
      out.push({ code: 'server-named', step: s.id })
    if (flavour !== 'http') continue
    if (s.op === 'bind' || s.op === 'unbind')
      if (s.binding.destination_type === 'queue' && s.binding.destination === '')
        out.push({ code: 'last-queue', step: s.id })
    if (s.op === 'queue.declare' && s.queue.exclusive) out.push({ code: 'exclusive', step: s.id })
    if (s.op === 'exchange.declare' && s.exchange.passive && s.exchange.name === '')
      out.push({ code: 'passive-default', step: s.id })
    if (stepStrings(s).some((x) => x.includes('\u0000'))) out.push({ code: 'nul', step: s.id })
  }
  if (flavour !== 'node') for (const id of clientRefused) out.push({ code: 'client-refusal', step: id })
  return out
}
