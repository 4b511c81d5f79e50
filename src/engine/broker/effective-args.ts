/**
 * The settings in force on a queue or exchange: its own `x-` arguments combined with the policy that
 * applies (rabbit_amqqueue_process:process_args_policy in 3.10). Numeric limits take the smaller of
 * the two; the dead-letter exchange and routing key, the overflow mode and the alternate exchange take
 * the argument. x-max-priority and x-single-active-consumer exist only as arguments.
 */
import type { PolicyRecord } from './model'
import { policyFor } from './policies'
import { type QueueType, queueTypeOf } from './queue-types'
import type { AmqpTable, AmqpValue, EffectiveArg } from './types'

export type Overflow = 'drop-head' | 'reject-publish' | 'reject-publish-dlx'

/** What the queue does with messages, read from its effective arguments. */
export interface QueueLimits {
  messageTtl?: number
  expires?: number
  maxLength?: number
  maxLengthBytes?: number
  overflow: Overflow
  deadLetterExchange?: { name: string; from: 'argument' | 'policy' }
  deadLetterRoutingKey?: string
  maxPriority?: number
  singleActiveConsumer: boolean
  /** The queue's type (queue-types.ts); classic unless `x-queue-type` says otherwise. */
  kind: QueueType
  /** Quorum: x-delivery-limit / delivery-limit (the smaller); unset = the profile's default. */
  deliveryLimit?: number
  /** Quorum: x-dead-letter-strategy as asked (at-least-once only takes effect with reject-publish). */
  deadLetterStrategy?: 'at-most-once' | 'at-least-once'
}

type Plain = number | string | boolean
const MIN_KEYS = ['message-ttl', 'expires', 'max-length', 'max-length-bytes']
const ARG_WINS = ['dead-letter-exchange', 'dead-letter-routing-key', 'overflow']
const ARG_ONLY = ['max-priority', 'single-active-consumer']
/** Settings a queue type reads (its `unsupported_policies` are ignored); classic reads the rest. */
const QUORUM_MIN = ['delivery-limit']
const QUORUM_WINS = ['dead-letter-strategy']
const STREAM_KEYS = new Set(['max-length-bytes'])

function plain(v: AmqpValue | undefined): Plain | undefined {
  if (v === undefined) return undefined
  if (v.type === 'longstr' || v.type === 'bool') return v.value
  if (typeof v.value === 'number' || typeof v.value === 'string') return Number(v.value)
  return undefined
}

function combine(key: string, arg: Plain | undefined, pol: Plain | undefined): EffectiveArg | null {
  if (arg === undefined && pol === undefined) return null
  if (pol === undefined) return { key, value: arg as Plain, from: 'argument' }
  if (arg === undefined) return { key, value: pol, from: 'policy' }
  const value = MIN_KEYS.includes(key) ? Math.min(Number(arg), Number(pol)) : arg
  return { key, value, from: 'both', argument: arg, policy: pol }
}

/** Effective queue settings, in a fixed key order, with their sources. */
function effectiveQueueArgs(args: AmqpTable, policy: PolicyRecord | undefined): EffectiveArg[] {
  const type = queueTypeOf(args)
  const out: EffectiveArg[] = []
  const both =
    type === 'quorum' ? [...MIN_KEYS, ...QUORUM_MIN, ...ARG_WINS, ...QUORUM_WINS] : [...MIN_KEYS, ...ARG_WINS]
  for (const key of both) {
    const e = combine(key, plain(args[`x-${key}`]), plain(policy?.definition[key]))
    if (e) out.push(e)
  }
  for (const key of ARG_ONLY) {
    const e = combine(key, plain(args[`x-${key}`]), undefined)
    if (e) out.push(e)
  }
  if (type === 'stream') return out.filter((e) => STREAM_KEYS.has(e.key))
  if (type === 'quorum') return out.filter((e) => e.key !== 'max-priority')
  return out
}

export function effectiveExchangeArgs(args: AmqpTable, policy: PolicyRecord | undefined): EffectiveArg[] {
  const ae = args['alternate-exchange']
  const e = combine(
    'alternate-exchange',
    ae?.type === 'longstr' ? ae.value : undefined,
    plain(policy?.definition['alternate-exchange']),
  )
  return e ? [e] : []
}

/**
 * What the settings mean for a queue of `kind`: a stream keeps every message (retention works on
 * whole segments, so a small stream is never trimmed) and takes no TTL, limit or dead-lettering; a
 * quorum queue runs `reject-publish-dlx` as `drop-head` (rabbit_quorum_queue:overflow/3 warns and
 * falls back).
 */
export function limitsOf(effective: readonly EffectiveArg[], kind: QueueType = 'classic'): QueueLimits {
  if (kind === 'stream') return { overflow: 'drop-head', singleActiveConsumer: false, kind }
  const get = (key: string) => effective.find((e) => e.key === key)
  const n = (key: string) => {
    const e = get(key)
    return e === undefined ? undefined : Number(e.value)
  }
  const dlx = get('dead-letter-exchange')
  const overflow = get('overflow')?.value
  return {
    messageTtl: n('message-ttl'),
    expires: n('expires'),
    maxLength: n('max-length'),
    maxLengthBytes: n('max-length-bytes'),
    overflow:
      overflow === 'reject-publish' || (overflow === 'reject-publish-dlx' && kind === 'classic')
        ? overflow
        : 'drop-head',
    deadLetterExchange: dlx
      ? { name: String(dlx.value), from: dlx.from === 'policy' ? 'policy' : 'argument' }
      : undefined,
    deadLetterRoutingKey: get('dead-letter-routing-key')?.value as string | undefined,
    maxPriority: n('max-priority'),
    singleActiveConsumer: get('single-active-consumer')?.value === true,
    kind,
    ...quorumLimits(get, kind),
  }
}

function quorumLimits(
  get: (key: string) => EffectiveArg | undefined,
  kind: QueueType,
): Pick<QueueLimits, 'deliveryLimit' | 'deadLetterStrategy'> {
  if (kind !== 'quorum') return {}
  const out: Pick<QueueLimits, 'deliveryLimit' | 'deadLetterStrategy'> = {}
  const limit = get('delivery-limit')
  // A limit that is no integer is accepted at declare on 3.10 and means no limit.
  if (limit && typeof limit.value === 'number' && Number.isInteger(limit.value))
    out.deliveryLimit = limit.value
  const strategy = get('dead-letter-strategy')?.value
  if (strategy === 'at-least-once' || strategy === 'at-most-once') out.deadLetterStrategy = strategy
  return out
}

/** The effective settings of a queue or exchange from the vhost's policies. */
export function effectiveFor(
  policies: ReadonlyMap<string, PolicyRecord>,
  kind: 'queue' | 'exchange',
  name: string,
  args: AmqpTable,
): { policy?: string; effective: EffectiveArg[] } {
  const policy = policyFor(policies, kind, name)
  const effective = kind === 'queue' ? effectiveQueueArgs(args, policy) : effectiveExchangeArgs(args, policy)
  return policy ? { policy: policy.name, effective } : { effective }
}
