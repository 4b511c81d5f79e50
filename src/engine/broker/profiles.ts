/**
 * Rule sets as plain data. Every place where brokers (or the study note's model) differ reads one of
 * these fields; nothing else in the engine branches on the profile name.
 */
import type { ProfileName } from './types'

export interface Profile {
  name: ProfileName
  /** Headers equality: `strict` = Erlang `=:=` on untyped values (≥ 3.13); `loose` = `==` (1 equals 1.0). */
  headersEquality: 'strict' | 'loose'
  /** Message-side `timestamp` headers are converted seconds → milliseconds before matching (≥ 3.13). */
  headerTimestampsInMs: boolean
  /** Most whole-word `#` a topic binding key may hold (4.3.5+: 2); null = no limit. */
  maxTopicHashes: number | null
  /** Reply to `exchange.declare` with an unknown type: 406 (≥ 4.0) or 503 COMMAND_INVALID (older). */
  unknownExchangeTypeCode: 406 | 503
  /** `queue.declare` of a non-durable, non-exclusive queue fails with 541 (4.3 default). */
  rejectTransientQueues: boolean
  /** The study note's Java model: a topic pattern or key with an empty word is an error. */
  rejectEmptyTopicWords: boolean
  /** RobustMQ: publishing to the default exchange with an unknown queue name declares that queue. */
  defaultExchangeAutoCreatesQueue: boolean
  /** Dead-lettered messages carry x-last-death-reason / -queue / -exchange headers (≥ 3.13). */
  lastDeathHeaders: boolean
  /** Quorum queue rules that changed between versions (docs/queue-types.md has the citations). */
  quorum: Readonly<QuorumRules>
}

export interface QuorumRules {
  /** Delivery limit when neither x-delivery-limit nor a policy sets one: none (3.10), 20 (≥ 4.0). */
  defaultDeliveryLimit: number | null
  /**
   * Which returns count toward the limit (x-delivery-count): every return (≤ 4.2: nack and reject
   * with requeue, and returns from a closed channel), or failed deliveries only (4.3, QQ v8:
   * basic.reject requeue counts, basic.nack requeue does not; x-acquired-count counts every one).
   */
  countedReturns: 'every-return' | 'failed-only'
  /** Message priority levels of a quorum queue: none (3.10), 2 (4.0–4.2), 32 strict (4.3). */
  priorityLevels: 0 | 2 | 32
  /**
   * A message dead-lettered at most once (any source queue type) into a stream: lost on 3.10
   * (observed on 3.10.8; at-least-once reaches the stream), appended since 3.13 (release notes).
   */
  streamDeadLetters: 'lost-at-most-once' | 'appended'
  /**
   * A stream stores AMQP 0-9-1 header values that are arrays or tables as nothing: 3.10.8 drops them
   * (x-death among them; x-first-death-* stay) when it converts the message for the log. 4.x (message
   * containers since 3.13) keeps them [src, not confirmed here].
   */
  streamDropsNestedHeaders: boolean
}

const QUORUM_4_3: QuorumRules = {
  defaultDeliveryLimit: 20,
  countedReturns: 'failed-only',
  priorityLevels: 32,
  streamDeadLetters: 'appended',
  streamDropsNestedHeaders: false,
}

const RABBITMQ_4: Profile = {
  name: 'rabbitmq-4',
  headersEquality: 'strict',
  headerTimestampsInMs: true,
  maxTopicHashes: 2,
  unknownExchangeTypeCode: 406,
  rejectTransientQueues: true,
  rejectEmptyTopicWords: false,
  defaultExchangeAutoCreatesQueue: false,
  lastDeathHeaders: true,
  quorum: QUORUM_4_3,
}

export const PROFILES: Readonly<Record<ProfileName, Readonly<Profile>>> = {
  'rabbitmq-4': RABBITMQ_4,
  // 4.0–4.2: the 4.x message model, no transient-queue refusal, no '#' limit (4.3.5); quorum queues
  // with the default delivery limit 20 counting every return (rabbitmq-server PR #15387 changed that in 4.3).
  'rabbitmq-4.0': {
    ...RABBITMQ_4,
    name: 'rabbitmq-4.0',
    maxTopicHashes: null,
    rejectTransientQueues: false,
    quorum: {
      defaultDeliveryLimit: 20,
      countedReturns: 'every-return',
      priorityLevels: 2,
      streamDeadLetters: 'appended',
      streamDropsNestedHeaders: false,
    },
  },
  'rabbitmq-3.10': {
    ...RABBITMQ_4,
    name: 'rabbitmq-3.10',
    headersEquality: 'loose',
    headerTimestampsInMs: false,
    maxTopicHashes: null,
    unknownExchangeTypeCode: 503,
    rejectTransientQueues: false,
    lastDeathHeaders: false,
    quorum: {
      defaultDeliveryLimit: null,
      countedReturns: 'every-return',
      priorityLevels: 0,
      streamDeadLetters: 'lost-at-most-once',
      streamDropsNestedHeaders: true,
    },
  },
  // The note's matcher has no `#` limit and runs without a broker, so transient queues are fine.
  teaching: {
    ...RABBITMQ_4,
    name: 'teaching',
    maxTopicHashes: null,
    rejectTransientQueues: false,
    rejectEmptyTopicWords: true,
  },
  // RobustMQ is not RabbitMQ 4.3: it keeps transient queues and has no `#` limit (seed 002).
  robustmq: {
    ...RABBITMQ_4,
    name: 'robustmq',
    maxTopicHashes: null,
    rejectTransientQueues: false,
    defaultExchangeAutoCreatesQueue: true,
  },
}

export const DEFAULT_PROFILE: ProfileName = 'rabbitmq-4'

export function isProfileName(x: unknown): x is ProfileName {
  return typeof x === 'string' && Object.hasOwn(PROFILES, x)
}

/** The profile's rules (default rabbitmq-4). Validate user input with isProfileName first. */
export function getProfile(name: ProfileName = DEFAULT_PROFILE): Readonly<Profile> {
  return PROFILES[name] ?? RABBITMQ_4
}
