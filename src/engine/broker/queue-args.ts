/**
 * Validation of a new queue's arguments (rabbit_amqqueue:declare_args in 3.10): checked in this
 * order, the first failure is a 406 `invalid arg 'x-…' for queue 'q' in vhost 'v': REASON`, REASON
 * printed as Erlang's `~p` prints the error term. A redeclared queue is only compared (declare.ts).
 */
import { AmqpError, erlangTypeName } from './errors'
import { checkTypeArgs, type QueueType, typeKnows } from './queue-types'
import type { AmqpTable, AmqpValue } from './types'

const INT_TYPES = new Set(['byte', 'short', 'int', 'long', 'unsignedbyte', 'unsignedshort', 'unsignedint'])
const OVERFLOW = new Set(['drop-head', 'reject-publish', 'reject-publish-dlx'])
const DLX_STRATEGIES = new Set(['at-most-once', 'at-least-once'])
const LOCATORS = new Set(['client-local', 'balanced', 'random', 'least-leaders'])
/** x-max-age: a positive whole number and one unit (Y, M, D, h, m, s), e.g. `7D`. */
const MAX_AGE = /^([0-9]+)[YMDhms]$/
const MAX_PRIORITY = 255

type Check = (v: AmqpValue, args?: AmqpTable) => string | null

const intValue = (v: AmqpValue): string | null =>
  INT_TYPES.has(v.type) ? null : `"expected integer, got ${erlangTypeName(v.type)}"`
const nonNegative: Check = (v) => intValue(v) ?? (Number(v.value) < 0 ? `{value_negative,${v.value}}` : null)
const typed =
  (type: string, then: (v: AmqpValue, args: AmqpTable) => string | null = () => null): Check =>
  (v, args = {}) =>
    v.type === type ? then(v, args) : `{unacceptable_type,${erlangTypeName(v.type)}}`

/** A positive integer: negative and zero are refused by name (x-expires, cluster sizes). */
const positive: Check = (v) => {
  const bad = nonNegative(v)
  if (bad) return bad
  return Number(v.value) === 0 ? '{value_zero,0}' : null
}

const CHECKS: [string, Check][] = [
  ['x-expires', positive],
  ['x-message-ttl', nonNegative],
  ['x-dead-letter-exchange', typed('longstr')],
  [
    'x-dead-letter-routing-key',
    typed('longstr', (_, args) =>
      args['x-dead-letter-exchange'] === undefined ? 'routing_key_but_no_dlx_defined' : null,
    ),
  ],
  [
    'x-dead-letter-strategy',
    typed('longstr', (v) => (DLX_STRATEGIES.has(String(v.value)) ? null : 'invalid_dlx_strategy')),
  ],
  ['x-max-length', nonNegative],
  ['x-max-length-bytes', nonNegative],
  ['x-max-in-memory-length', nonNegative],
  ['x-max-in-memory-bytes', nonNegative],
  [
    'x-max-priority',
    (v) => nonNegative(v) ?? (Number(v.value) > MAX_PRIORITY ? `{max_value_exceeded,${v.value}}` : null),
  ],
  ['x-overflow', typed('longstr', (v) => (OVERFLOW.has(String(v.value)) ? null : 'invalid_overflow'))],
  [
    'x-queue-mode',
    typed('longstr', (v) =>
      v.value === 'default' || v.value === 'lazy' ? null : `"unsupported queue mode '${v.value}'"`,
    ),
  ],
  ['x-single-active-consumer', typed('bool')],
  ['x-quorum-initial-group-size', positive],
  [
    'x-max-age',
    typed('longstr', (v) => {
      const m = MAX_AGE.exec(String(v.value))
      return m && Number(m[1]) > 0 ? null : 'invalid_max_age'
    }),
  ],
  ['x-stream-max-segment-size-bytes', nonNegative],
  ['x-initial-cluster-size', positive],
  [
    'x-queue-leader-locator',
    typed('longstr', (v) => (LOCATORS.has(String(v.value)) ? null : 'invalid_queue_locator_arg')),
  ],
]

const QUEUE_TYPE_CHECK = typed('longstr', (v) =>
  ['classic', 'quorum', 'stream'].includes(String(v.value)) ? null : `"unsupported queue type '${v.value}'"`,
)

/**
 * Throws the broker's 406 for the first invalid argument of a queue being created (3.10.8, observed):
 * the dead-letter exchange's type (the channel), `x-queue-type`, then the values of the arguments
 * the queue's type knows in the broker's order, then an argument another type knows
 * (queue-types.ts, in the table's order).
 */
export function validateQueueArgs(
  args: AmqpTable,
  name: string,
  vhost: string,
  type: QueueType = 'classic',
): void {
  // The channel checks the dead-letter exchange's type before the queue code sees the arguments.
  const dlx = args['x-dead-letter-exchange']
  if (dlx !== undefined && dlx.type !== 'longstr')
    throw new AmqpError(
      406,
      `invalid type '${erlangTypeName(dlx.type)}' for arg 'x-dead-letter-exchange' in queue '${name}' in vhost '${vhost}'`,
    )
  const fail = (key: string, reason: string) =>
    new AmqpError(406, `invalid arg '${key}' for queue '${name}' in vhost '${vhost}': ${reason}`)
  const qt = args['x-queue-type']
  const bad = qt === undefined ? null : QUEUE_TYPE_CHECK(qt, args)
  if (bad !== null) throw fail('x-queue-type', bad)
  for (const [key, check] of CHECKS) {
    const v = args[key]
    if (v === undefined || !typeKnows(type, key)) continue
    const reason = check(v, args)
    if (reason !== null) throw fail(key, reason)
  }
  checkTypeArgs(type, args, name, vhost)
}
