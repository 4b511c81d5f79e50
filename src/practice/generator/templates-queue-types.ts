/**
 * Declare rules of the queue types: `work` is declared as a quorum queue, a stream or a classic
 * queue with a property or an argument the type may refuse (406), then bound like the others. A
 * refused queue does not exist, so its binding fails too (404) and the message cannot reach it:
 * where does the message end up? Level 1: the properties (exclusive, auto-delete, transient).
 * Level 2: each type's arguments (x-max-priority, x-delivery-limit, x-message-ttl, x-max-age, …).
 * Level 3: both, plus values the type checks (a misspelt type, `x-max-age` units, overflow modes).
 * The engine decides every case exactly as RabbitMQ 3.10.8 did (docs/queue-types.md).
 */
import type { JsonValue, Scenario, ScenarioQueue } from '../../engine'
import { QUEUE_NAMES, qBind, scenario } from './build'
import type { Rng } from './rng'
import type { Level } from './templates-basic'

type Declared = Pick<ScenarioQueue, 'durable' | 'exclusive' | 'auto_delete'> & {
  arguments: Record<string, JsonValue>
}
const quorum = { 'x-queue-type': 'quorum' }
const stream = { 'x-queue-type': 'stream' }

/** Cases by level: some the broker accepts, some it refuses (the engine says which). */
const PROPERTIES: readonly Declared[] = [
  { arguments: { ...quorum } },
  { arguments: { ...quorum }, exclusive: true },
  { arguments: { ...quorum }, durable: false },
  { arguments: { ...stream } },
  { arguments: { ...stream }, auto_delete: true },
  { arguments: {}, exclusive: true },
]
const ARGUMENTS: readonly Declared[] = [
  { arguments: { ...quorum, 'x-max-priority': 5 } },
  { arguments: { ...quorum, 'x-delivery-limit': 20 } },
  { arguments: { ...quorum, 'x-max-length': 100 } },
  { arguments: { ...quorum, 'x-dead-letter-exchange': 'dlx' } },
  { arguments: { ...stream, 'x-message-ttl': 60000 } },
  { arguments: { ...stream, 'x-max-age': '7D' } },
  { arguments: { ...stream, 'x-max-length-bytes': 1000000 } },
  { arguments: { ...stream, 'x-dead-letter-exchange': 'dlx' } },
  { arguments: { 'x-delivery-limit': 5 } },
  { arguments: { 'x-max-priority': 5 } },
]
const VALUES: readonly Declared[] = [
  { arguments: { 'x-queue-type': 'quorom' } },
  { arguments: { ...stream, 'x-max-age': '1d' } },
  { arguments: { ...stream, 'x-max-age': '12h' } },
  { arguments: { ...quorum, 'x-overflow': 'reject-publish' } },
  { arguments: { ...quorum, 'x-queue-mode': 'lazy' } },
  { arguments: { ...quorum, 'x-single-active-consumer': true } },
  { arguments: { ...stream, 'x-single-active-consumer': true } },
]
const POOLS: Record<Level, readonly Declared[]> = {
  1: PROPERTIES,
  2: ARGUMENTS,
  3: [...PROPERTIES, ...ARGUMENTS, ...VALUES],
}

export function queueDeclareTemplate(rng: Rng, level: Level): Scenario {
  const [work, other, third] = rng.sample(QUEUE_NAMES, 3) as [string, string, string]
  const declared = rng.pick(POOLS[level])
  const key = 'order.created'
  const bindings = [
    qBind('in', work, key),
    qBind('in', other, rng.pick([key, key, 'order.paid'])),
    qBind('in', third, level === 1 ? 'order.paid' : rng.pick([key, 'order.#', 'order.paid'])),
  ]
  const s = scenario([{ name: 'in', type: 'direct' }], rng.sample([work, other, third], 3), bindings, {
    exchange: 'in',
    routingKey: key,
    mandatory: rng.chance(0.4),
  })
  // the broker under test: 3.10.8 (where every one of these answers was observed)
  s.profile = 'rabbitmq-3.10'
  s.queues = (s.queues ?? []).map((q) => (q.name === work ? { name: work, ...declared } : q))
  return s
}
