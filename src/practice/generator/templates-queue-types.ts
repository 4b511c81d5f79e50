/**
 * Declare rules of the queue types: `work` is declared as a quorum queue, a stream or a classic
 * queue with a property or an argument the type may refuse (406), then bound like the others. A
 * refused queue does not exist, so its binding fails too (404) and the message cannot reach it:
 * where does the message end up? Level 1: the properties (exclusive, auto-delete, transient).
 * Level 2: each type's arguments (x-max-priority, x-delivery-limit, x-message-ttl, x-max-age, …).
 * Level 3: both, plus values the type checks (a misspelt type, `x-max-age` units, overflow modes).
 * The engine decides every case exactly as RabbitMQ 3.10.8 did (docs/queue-types.md).
 */
import {
  type JsonValue,
  type ProfileName,
  runTimeline,
  type Scenario,
  type ScenarioQueue,
  type SimOp,
  type TimelineScript,
} from '../../engine'
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

/** A question told as a story: the scenario (its topology and publish) and what happens after. */
export interface StoryCase {
  scenario: Scenario
  story: QuestionStory
}

/** What happens after the publish: the timeline, and what the prompt tells of it. */
export interface QuestionStory {
  script: TimelineScript
  /** The worker sends the message back each time it has it, at most this many times. */
  returns: number
  how: 'nack' | 'reject'
  /** The queue the worker consumes from. */
  queue: string
}

const RETURNS: Record<Level, readonly number[]> = { 1: [3, 20, 21, 25], 2: [19, 20, 21, 22], 3: [] }

/**
 * Delivery limits: `work` is a quorum queue (dead-lettering into `parking`, or at level 3 perhaps
 * nowhere), its consumer sends the message back N times with nack or reject, requeue on, under a
 * profile. Where is the message at the end — still in `work`, in `parking`, or gone? Level 1:
 * 3.10 vs 4.0, nack, around the default limit 20. Level 2: the three profiles, nack or reject.
 * Level 3: the queue's own `x-delivery-limit` (1–5), returns around it, sometimes no DLX.
 */
export function deliveryLimitCase(rng: Rng, level: Level): StoryCase {
  const [work, parking, other] = rng.sample(QUEUE_NAMES, 3) as [string, string, string]
  const profile: ProfileName =
    level === 1
      ? rng.pick(['rabbitmq-3.10', 'rabbitmq-4.0'])
      : rng.pick(['rabbitmq-3.10', 'rabbitmq-4.0', 'rabbitmq-4'])
  const how = level === 1 ? 'nack' : rng.pick(['nack', 'reject'] as const)
  const own = level === 3 ? rng.int(1, 5) : null
  const returns = own === null ? rng.pick(RETURNS[level]) : Math.max(1, own + rng.int(-1, 2))
  const withDlx = level < 3 || rng.chance(0.7)
  const args: Record<string, JsonValue> = { 'x-queue-type': 'quorum' }
  if (withDlx) args['x-dead-letter-exchange'] = 'dlx'
  if (own !== null) args['x-delivery-limit'] = own
  const key = 'order.created'
  const s = scenario(
    [
      { name: 'in', type: 'direct' },
      { name: 'dlx', type: 'fanout' },
    ],
    [work, parking, other],
    [qBind('in', work, key), qBind('in', other, 'order.paid'), qBind('dlx', parking, '')],
    { exchange: 'in', routingKey: key, mandatory: false },
  )
  s.profile = profile
  s.queues = (s.queues ?? []).map((q) => (q.name === work ? { ...q, arguments: args } : q))
  const steps: SimOp[] = [
    ...(s.exchanges ?? []).map((exchange): SimOp => ({ op: 'exchange.declare', exchange })),
    ...(s.queues ?? []).map((queue): SimOp => ({ op: 'queue.declare', queue })),
    ...(s.bindings ?? []).map((binding): SimOp => ({ op: 'bind', binding })),
    { op: 'consume', queue: work, consumer: 'worker', prefetch: 1 },
    ...(s.publishes ?? []).map((publish): SimOp => ({ op: 'publish', publish })),
    ...Array.from({ length: returns }, (): SimOp => ({ op: how, message: 'm', requeue: true })),
  ]
  // the worker sends m back each time it has it, at most `returns` times: once the queue let it go
  // (dead-lettered or dropped) there is nothing left to send back, so the story ends there
  const failed = runTimeline({ profile, steps }).frames.find((f) => !f.ok)
  const script = { profile, steps: failed ? steps.slice(0, failed.index) : steps }
  return { scenario: s, story: { script, returns, how, queue: work } }
}

export const deliveryLimitTemplate = (rng: Rng, level: Level): Scenario =>
  deliveryLimitCase(rng, level).scenario
