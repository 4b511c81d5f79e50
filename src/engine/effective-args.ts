/**
 * The settings in force on a queue or exchange: its own `x-` arguments combined with the policy that
 * applies (rabbit_amqqueue_process:process_args_policy in 3.10). Numeric limits take the smaller of
 * the two; the dead-letter exchange and routing key, the overflow mode and the alternate exchange take
 * the argument. x-max-priority and x-single-active-consumer exist only as arguments.
 */
import type { PolicyRecord } from './model'
import { policyFor } from './policies'
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
}

type Plain = number | string | boolean
const MIN_KEYS = ['message-ttl', 'expires', 'max-length', 'max-length-bytes']
const ARG_WINS = ['dead-letter-exchange', 'dead-letter-routing-key', 'overflow']
const ARG_ONLY = ['max-priority', 'single-active-consumer']

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
  const out: EffectiveArg[] = []
  for (const key of [...MIN_KEYS, ...ARG_WINS]) {
    const e = combine(key, plain(args[`x-${key}`]), plain(policy?.definition[key]))
    if (e) out.push(e)
  }
  for (const key of ARG_ONLY) {
    const e = combine(key, plain(args[`x-${key}`]), undefined)
    if (e) out.push(e)
  }
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

export function limitsOf(effective: readonly EffectiveArg[]): QueueLimits {
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
    overflow: overflow === 'reject-publish' || overflow === 'reject-publish-dlx' ? overflow : 'drop-head',
    deadLetterExchange: dlx
      ? { name: String(dlx.value), from: dlx.from === 'policy' ? 'policy' : 'argument' }
      : undefined,
    deadLetterRoutingKey: get('dead-letter-routing-key')?.value as string | undefined,
    maxPriority: n('max-priority'),
    singleActiveConsumer: get('single-active-consumer')?.value === true,
  }
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
