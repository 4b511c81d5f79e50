/**
 * Queue types (classic, quorum, stream): which type a queue is, which `x-` arguments each type
 * knows, and the properties a replicated type refuses. Read on RabbitMQ 3.10.8 (every list and
 * text below was checked on it; docs/queue-types.md) and in `rabbit_queue_type`'s `capabilities()`
 * of each type module (`deps/rabbit/src/rabbit_{classic,quorum,stream}_queue.erl`).
 */
import { AmqpError } from './errors'
import type { AmqpTable } from './types'

export type QueueType = 'classic' | 'quorum' | 'stream'

/** The type a queue's arguments ask for: a valid `x-queue-type` string, else classic. */
export function queueTypeOf(args: AmqpTable | undefined): QueueType {
  const v = args?.['x-queue-type']
  if (v?.type === 'longstr' && (v.value === 'quorum' || v.value === 'stream')) return v.value
  return 'classic'
}

/** The type module's name, as the broker prints it in its reply texts. */
const TYPE_MODULE: Readonly<Record<QueueType, string>> = {
  classic: 'rabbit_classic_queue',
  quorum: 'rabbit_quorum_queue',
  stream: 'rabbit_stream_queue',
}

/**
 * Each type's `queue_arguments` (3.10.8, observed): a new queue is refused an argument another type
 * knows and its own does not; a redeclare compares only its own type's arguments. Arguments no type
 * knows (`x-foo`) are ignored by both.
 */
export const TYPE_ARGS: Readonly<Record<QueueType, readonly string[]>> = {
  classic: [
    'x-expires',
    'x-message-ttl',
    'x-dead-letter-exchange',
    'x-dead-letter-routing-key',
    'x-max-length',
    'x-max-length-bytes',
    'x-max-priority',
    'x-overflow',
    'x-queue-mode',
    'x-queue-version',
    'x-queue-type',
    'x-single-active-consumer',
    'x-queue-master-locator',
  ],
  quorum: [
    'x-expires',
    'x-message-ttl',
    'x-dead-letter-exchange',
    'x-dead-letter-routing-key',
    'x-dead-letter-strategy',
    'x-max-length',
    'x-max-length-bytes',
    'x-max-in-memory-length',
    'x-max-in-memory-bytes',
    'x-overflow',
    'x-single-active-consumer',
    'x-queue-type',
    'x-quorum-initial-group-size',
    'x-delivery-limit',
    'x-queue-leader-locator',
  ],
  stream: [
    'x-max-length-bytes',
    'x-queue-type',
    'x-max-age',
    'x-stream-max-segment-size-bytes',
    'x-initial-cluster-size',
    'x-queue-leader-locator',
  ],
}

const KNOWN_ARGS = new Set(Object.values(TYPE_ARGS).flat())

/** True when `key` is an argument of the type (value checks and redeclare comparison apply). */
export function typeKnows(type: QueueType, key: string): boolean {
  return TYPE_ARGS[type].includes(key)
}

/**
 * The first argument (in the table's order) that some type knows and this one does not:
 * 406 `invalid arg 'x-…' for queue 'q' in vhost 'v' of queue type rabbit_…_queue`.
 */
export function checkTypeArgs(type: QueueType, args: AmqpTable, name: string, vhost: string): void {
  for (const key of Object.keys(args))
    if (KNOWN_ARGS.has(key) && !typeKnows(type, key))
      throw new AmqpError(
        406,
        `invalid arg '${key}' for queue '${name}' in vhost '${vhost}' of queue type ${TYPE_MODULE[type]}`,
      )
}

/** Quorum queues and streams: no server-generated name (406, checked before anything else). */
export function checkServerNamed(type: QueueType): void {
  if (type !== 'classic')
    throw new AmqpError(406, `Cannot declare a server-named queue for type ${TYPE_MODULE[type]}`)
}

/**
 * Quorum queues and streams are durable, not exclusive, not auto-delete; checked after the
 * arguments, in this order (rabbit_queue_type_util: check_auto_delete, check_exclusive,
 * check_non_durable): `invalid property 'auto-delete' for queue 'q' in vhost 'v'`.
 */
export function checkTypeProperties(
  type: QueueType,
  flags: { durable: boolean; exclusive: boolean; auto_delete: boolean },
  name: string,
  vhost: string,
): void {
  if (type === 'classic') return
  const bad = flags.auto_delete
    ? 'auto-delete'
    : flags.exclusive
      ? 'exclusive-owner'
      : !flags.durable
        ? 'non-durable'
        : null
  if (bad) throw new AmqpError(406, `invalid property '${bad}' for queue '${name}' in vhost '${vhost}'`)
}
