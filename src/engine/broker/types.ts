/**
 * The engine's data contract. Every view (diagram, why panel, lessons, quizzes, CLI) reads these
 * plain, serialisable shapes; nothing here holds functions or class instances, so results cross the
 * Worker boundary by structured clone unchanged.
 *
 * Field names of exchanges / queues / bindings follow RabbitMQ's `definitions.json`, so a real export
 * plus `publishes` is a valid scenario.
 */

/** A JSON value as written in a scenario file. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/** A typed AMQP value. Integers beyond 2^53 are kept as decimal strings in `value`. */
export type AmqpValue =
  | { type: 'longstr'; value: string }
  | { type: 'bool'; value: boolean }
  | {
      type: 'byte' | 'unsignedbyte' | 'short' | 'unsignedshort' | 'int' | 'unsignedint' | 'long' | 'timestamp'
      value: number | string
    }
  | { type: 'float' | 'double'; value: number }
  | { type: 'decimal'; value: { places: number; digits: number } }
  | { type: 'void'; value: null }
  | { type: 'table'; value: AmqpTable }
  | { type: 'array'; value: AmqpValue[] }
  | { type: 'bytes'; value: string }

export type AmqpTable = { [key: string]: AmqpValue }

/** Rule sets the engine can follow (see docs/routing-semantics.md). */
export type ProfileName = 'rabbitmq-4' | 'rabbitmq-4.0' | 'rabbitmq-3.10' | 'teaching' | 'robustmq'

export type ExchangeType = 'direct' | 'fanout' | 'topic' | 'headers'

// ---------------------------------------------------------------------------------------------
// Scenario (input) — the format of `npm run route`, `?scenario=` links and the conformance suite
// ---------------------------------------------------------------------------------------------

export interface ScenarioExchange {
  name: string
  /** A known type, or anything else to see the broker's unknown-type error. */
  type: string
  vhost?: string
  durable?: boolean
  auto_delete?: boolean
  internal?: boolean
  arguments?: { [key: string]: JsonValue }
  /** Only check that the exchange exists (404 if not); type, flags and arguments are ignored. */
  passive?: boolean
}

export interface ScenarioQueue {
  name: string
  vhost?: string
  durable?: boolean
  exclusive?: boolean
  auto_delete?: boolean
  arguments?: { [key: string]: JsonValue }
  /** Only check that the queue exists (404 if not); flags and arguments are ignored. */
  passive?: boolean
}

export interface ScenarioBinding {
  source: string
  destination: string
  destination_type: 'queue' | 'exchange'
  routing_key: string
  vhost?: string
  arguments?: { [key: string]: JsonValue }
}

export interface ScenarioPublish {
  id: string
  exchange: string
  routing_key: string
  vhost?: string
  headers?: { [key: string]: JsonValue }
  mandatory?: boolean
  /** AMQP basic properties by definitions.json name: `expiration` ("60000"), `priority` (0–255) … */
  properties?: { [key: string]: JsonValue }
  /** The message body (UTF-8); its byte length counts for x-max-length-bytes. Default: the id. */
  body?: string
}

/**
 * A RabbitMQ policy as definitions.json writes it: queues or exchanges whose name matches `pattern`
 * (a regular expression, searched anywhere in the name) take the `definition` keys (`max-length`,
 * `message-ttl`, `dead-letter-exchange`, `alternate-exchange` …) unless their own arguments win.
 */
export interface ScenarioPolicy {
  name: string
  vhost?: string
  pattern: string
  /** `all` (default), `queues` or `exchanges`. */
  'apply-to'?: string
  /** Of several matching policies the highest priority applies (default 0). */
  priority?: number
  definition: { [key: string]: JsonValue }
}

/**
 * A claim about every message (src/engine/analysis): `key` is in topic syntax and means every routing
 * key of that shape; `headers`, when given, narrows it to messages carrying those header values.
 * - `reaches`: every such message reaches each of `queues` (maybe others too);
 * - `reaches_only`: every such message reaches exactly `queues`;
 * - `unroutable`: no such message reaches any queue;
 * - `nothing_but`: a message that reaches any of `queues` is always such a message.
 * `exchange`: where the messages are published (default: the vhost's one entry exchange).
 */
export interface Requirement {
  kind: 'reaches' | 'reaches_only' | 'unroutable' | 'nothing_but'
  key: string
  queues: string[]
  headers?: { [key: string]: JsonValue }
  exchange?: string
  vhost?: string
}

/** In a scenario's `expect` list: the script's text after `expect`, or the object form. */
export type ScenarioRequirement = string | Requirement

export interface Scenario {
  profile?: ProfileName
  /** Requirements over every message (`npm run analyze -- check`); routing ignores them. */
  expect?: ScenarioRequirement[]
  vhosts?: { name: string }[]
  /** Applied first, before the exchanges (as RabbitMQ imports definitions). */
  policies?: ScenarioPolicy[]
  exchanges?: ScenarioExchange[]
  queues?: ScenarioQueue[]
  bindings?: ScenarioBinding[]
  publishes?: ScenarioPublish[]
}

/** Error ids: the publish id; `exchange:NAME` / `queue:NAME` for declares; `binding:INDEX` for bindings. */
export interface ScenarioError {
  id: string
  stage: 'declare' | 'bind' | 'unbind' | 'delete' | 'publish' | 'policy'
  code: number
  text: string
}

export interface ScenarioReturn {
  id: string
  reply_code: 312
  reply_text: 'NO_ROUTE'
}

/** A publish a confirm channel would see nacked: a queue with x-overflow reject-publish was full. */
export interface ScenarioNack {
  id: string
  /** The queues that refused it. */
  queues: string[]
}

/**
 * The CLI's output. `queues` lists every queue that exists at the end, message ids in the order a
 * consumer would get them (arrival order; priority first in an x-max-priority queue).
 * `nacks` is present only when some publish was nacked.
 */
export interface ScenarioResult {
  queues: { [queue: string]: string[] }
  returns: ScenarioReturn[]
  errors: ScenarioError[]
  nacks?: ScenarioNack[]
}

// ---------------------------------------------------------------------------------------------
// Explanation (output) — why each message went where it went
// ---------------------------------------------------------------------------------------------

/** How one topic binding compared against one routing key. */
export interface TopicExplanation {
  routingKey: string
  patternWords: string[]
  keyWords: string[]
  matched: boolean
  /** dp[i][j]: the first i pattern words match the first j key words. (P+1) × (K+1). */
  table: boolean[][]
  /**
   * Where matching failed, for a one-line reason: the deepest pattern word index and key word index
   * reached by any partial match (`null` index = ran out of words).
   */
  failedAt?: { patternIndex: number | null; keyIndex: number | null }
  /**
   * Which key words each pattern word took, in pattern order: along the match, or along the deepest
   * partial match when there is none (`#` may take no word or several).
   */
  taken: TopicTaken[]
}

export interface TopicTaken {
  patternWord: string
  keyWords: string[]
}

export interface HeadersRow {
  key: string
  bindingValue: AmqpValue
  /** Absent when the message has no such header. */
  messageValue?: AmqpValue
  /**
   * The header value as the broker compared it, when that differs from `messageValue`
   * (rabbitmq-4 turns timestamp headers from seconds into milliseconds before matching).
   */
  comparedAs?: AmqpValue
  /** false when the key is skipped by the x-match mode (x- keys in all / any). */
  considered: boolean
  result: boolean
  /** 'presence' when the binding value is void (any value of the header matches). */
  test: 'equal' | 'presence' | 'skipped'
}

export type BindingReason =
  | { kind: 'direct'; compared: { routingKey: string; equal: boolean }[] }
  | { kind: 'fanout' }
  | { kind: 'topic'; perKey: TopicExplanation[] }
  | { kind: 'headers'; xMatch: 'all' | 'any' | 'all-with-x' | 'any-with-x'; rows: HeadersRow[] }

export interface BindingEvaluation {
  /** Stable id of the binding in the topology (see Topology.bindings). */
  bindingId: string
  source: string
  destination: string
  destinationType: 'queue' | 'exchange'
  routingKey: string
  arguments: AmqpTable
  matched: boolean
  /** Which of the message's routing keys (publish key, CC, BCC) matched. */
  matchedKeys: string[]
  reason: BindingReason
}

/** Why a message left its queue to be dead-lettered (the x-death `reason`). */
export type DeathReason = 'expired' | 'maxlen' | 'rejected' | 'delivery_limit'

/** How an exchange came to be visited. */
export type HopVia =
  | { kind: 'publish' }
  /** The dead-letter exchange of `queue`, where a message went for `reason`. */
  | { kind: 'dead-letter'; queue: string; reason: DeathReason }
  | { kind: 'binding'; from: string; bindingId: string }
  | { kind: 'alternate'; from: string }

export interface ExchangeHop {
  exchange: string
  type: ExchangeType
  via: HopVia
  /** Every binding of this exchange, in declaration order. Empty for the default exchange. */
  evaluations: BindingEvaluation[]
  /** Default exchange only: each routing key and whether a queue of that name exists. */
  defaultLookups?: { routingKey: string; queueExists: boolean }[]
  /** True when this exchange's own type routing returned no destination at all. */
  routedNothing: boolean
  /** The alternate-exchange argument (or policy) and what became of it. */
  alternate?: {
    name: string
    status: 'used' | 'not-needed' | 'missing' | 'already-visited'
    /** Where the setting came from (absent = the argument). */
    from?: 'argument' | 'policy'
  }
  /** Destinations exchanges skipped because they were already visited (cycles). */
  skippedExchanges: string[]
}

/** One queue that receives the message — exactly one copy, however many ways it was reached. */
export interface QueueDelivery {
  queue: string
  /** Every (exchange, binding) that reached this queue; length > 1 means copies were merged. */
  reachedBy: { exchange: string; bindingId: string | null }[]
}

export type PublishOutcome =
  | { kind: 'routed' }
  | { kind: 'returned'; replyCode: 312; replyText: 'NO_ROUTE' }
  | { kind: 'dropped' }
  | { kind: 'error'; code: number; text: string }

/** What one target queue did with an arriving message (length limits, TTL). */
export interface QueueAdmission {
  queue: string
  /**
   * `enqueued`; `rejected` (full, x-overflow reject-publish / reject-publish-dlx: the publisher gets a
   * nack); `dropped` (x-max-length drop-head pushed the message itself out); `expired` (a TTL of 0
   * with no consumer to take it); `delivered` (handed to a consumer at once, timeline only).
   */
  result: 'enqueued' | 'rejected' | 'dropped' | 'expired' | 'delivered'
  /** Messages pushed out of the head to make room (drop-head), oldest first. */
  droppedHead: string[]
  /** The queue's settings in force then (arguments and policy), as the why panel shows them. */
  settings?: EffectiveArg[]
}

/**
 * One dead-lettering: a message leaves `queue` for `reason` and is routed again from the queue's
 * dead-letter exchange with new routing keys, as a hop of its own.
 */
export interface DeadLetterHop {
  message: string
  reason: DeathReason
  queue: string
  /** The dead-letter exchange, as configured (argument or policy). */
  exchange: string
  /** Where the dead-letter setting came from. */
  from: 'argument' | 'policy'
  /** The x-dead-letter-routing-key when one replaced the message's keys. */
  routingKeyOverride?: string
  /** The keys it is routed with: the override, or the message's own keys (publish key, CC, BCC). */
  routingKeys: string[]
  hops: ExchangeHop[]
  /** Queues that received it. */
  queues: QueueDelivery[]
  /** Queues it would have reached again without a client's reject in between: dropped as a cycle. */
  cycleDropped: string[]
  /** `routed`, `unroutable` (the DLX routed it nowhere), or `no-exchange` (the DLX does not exist). */
  outcome: 'routed' | 'unroutable' | 'no-exchange'
  /** What each target queue did with it (it may overflow or expire again). */
  admissions: QueueAdmission[]
  /** The publish that first sent the message (its index in the run's publishes), when known. */
  origin?: number
  /** Set by `withLaterDeadLetters`: the later publish during which this happened (a full queue). */
  during?: { index: number; id: string }
}

export interface PublishExplanation {
  id: string
  vhost: string
  exchange: string
  /** Publish key first, then CC, then BCC values (longstr elements only). */
  routingKeys: string[]
  mandatory: boolean
  /** Exchanges in the order they were visited. */
  hops: ExchangeHop[]
  /** Distinct target queues, in first-reached order. */
  queues: QueueDelivery[]
  outcome: PublishOutcome
  /**
   * `false`: routed without the binding-by-binding explanation (a large topology): hops have no
   * evaluations and deliveries no binding ids; the playground asks for the full one when shown.
   */
  explained?: false
  /** What each target queue did with it; absent when no target queue has any setting in force. */
  admissions?: QueueAdmission[]
  /**
   * Dead-letterings this publish caused, in order: the message itself (TTL 0, overflow) or messages
   * pushed out of a full queue's head, and anything those caused in turn.
   */
  deadLetters?: DeadLetterHop[]
  /** The publisher confirm: `nack` when a full queue refused the message (x-overflow reject-publish). */
  confirm?: 'ack' | 'nack'
}

// ---------------------------------------------------------------------------------------------
// Messages held by queues (length limits, TTL, priorities, dead-lettering)
// ---------------------------------------------------------------------------------------------

/** One entry of the x-death header: a queue the message left, why, and how often. */
export interface DeathRecord {
  queue: string
  reason: DeathReason
  count: number
  /** Exchange and routing keys (publish key and CC) of the message when it first died there. */
  exchange: string
  routingKeys: string[]
  /** The per-message `expiration` property it had, which dead-lettering removes. */
  originalExpiration?: string
  /** Simulated clock (ms) of the first death there. */
  time: number
}

/** What a broker keeps of a message besides its queue position; shared by every copy. */
export interface MessageContent {
  /** The exchange it was published to, or the dead-letter exchange it last went through. */
  exchange: string
  /**
   * Routing keys kept with the message: publish key, CC, BCC (or the dead-letter routing key). A
   * dead-lettering without x-dead-letter-routing-key routes with all of them.
   */
  routingKeys: string[]
  /** Headers as a consumer sees them (BCC removed), without the x-death headers (see `deaths`). */
  headers: AmqpTable
  /** The `expiration` property (ms as a string); dead-lettering removes it. */
  expiration?: string
  /** The `priority` property. */
  priority?: number
  /** Body size in bytes (x-max-length-bytes); the body is the publish's `body`, else its id. */
  size: number
  /** x-death entries, most recent first. */
  deaths: DeathRecord[]
  /** x-first-death-reason / -queue / -exchange, set once. */
  firstDeath?: { reason: DeathReason; queue: string; exchange: string }
  /** x-last-death-* (RabbitMQ ≥ 3.13 only). */
  lastDeath?: { reason: DeathReason; queue: string; exchange: string }
}

/** A message in a queue's ready list. */
export interface QueuedMessage {
  id: string
  /** The publish that sent it (its index in the run's publishes), when the scenario runner holds it. */
  origin?: number
  /** Place in this queue; a requeued message goes back to it. */
  seq: number
  redelivered: boolean
  /** Effective priority in this queue: the property capped at x-max-priority, 0 without it. */
  priority: number
  /** Absolute expiry on the simulated clock (ms); absent = never (no TTL). */
  expiresAt?: number
  /**
   * Timeline only: the order it arrived in, across queues. Expiries due at the same simulated moment
   * happen in this order, as the broker's timers fire in the real order the messages arrived.
   */
  arrival?: number
  /** Quorum queues: returns counted so far (the x-delivery-count header of the next delivery). */
  deliveryCount?: number
  /** Quorum queues: set while the message waits among the returned ones, served first (its order). */
  returned?: number
  /** Streams (timeline): the message's offset in the stream, and when it was appended (simulated ms). */
  streamOffset?: number
  arrivedAt?: number
  content: MessageContent
}

// ---------------------------------------------------------------------------------------------
// Topology snapshot (for the diagram and forms)
// ---------------------------------------------------------------------------------------------

/**
 * One setting in force on a queue or exchange and where it came from: its own `x-` argument, the
 * policy, or both (numeric limits take the smaller; other settings the argument).
 */
export interface EffectiveArg {
  /** The policy key: `max-length`, `message-ttl`, `dead-letter-exchange`, `alternate-exchange` … */
  key: string
  value: number | string | boolean
  from: 'argument' | 'policy' | 'both'
  /** The argument's and the policy's values when both were set. */
  argument?: number | string | boolean
  policy?: number | string | boolean
}

export interface ExchangeState {
  vhost: string
  name: string
  type: string
  durable: boolean
  auto_delete: boolean
  internal: boolean
  arguments: AmqpTable
  /** Pre-declared by the broker (the default exchange and amq.*). */
  builtin: boolean
  /** The policy that applies (highest priority match), if any. */
  policy?: string
  /** Settings in force (the alternate exchange), from the argument or the policy. */
  effective?: EffectiveArg[]
}

export interface QueueState {
  vhost: string
  name: string
  durable: boolean
  exclusive: boolean
  auto_delete: boolean
  arguments: AmqpTable
  /** The policy that applies (highest priority match), if any. */
  policy?: string
  /** Settings in force: TTL, length limits, overflow, dead-lettering, priorities. */
  effective?: EffectiveArg[]
}

export interface PolicyState {
  vhost: string
  name: string
  pattern: string
  applyTo: 'all' | 'queues' | 'exchanges'
  priority: number
  definition: AmqpTable
}

export interface BindingState {
  /** Generated, stable while the binding exists: `b0`, `b1`, … in creation order. */
  id: string
  vhost: string
  source: string
  destination: string
  destination_type: 'queue' | 'exchange'
  routing_key: string
  arguments: AmqpTable
}

export interface TopologySnapshot {
  profile: ProfileName
  vhosts: string[]
  exchanges: ExchangeState[]
  queues: QueueState[]
  bindings: BindingState[]
  /** Policies in force; absent when there are none. */
  policies?: PolicyState[]
}

// ---------------------------------------------------------------------------------------------
// Operations in time order (the editor's script, lessons, the scenario runner)
// ---------------------------------------------------------------------------------------------

/** 1-based line/column in the text the operation came from (editor markers use it). */
export interface SourceLocation {
  line: number
  column: number
  endLine: number
  endColumn: number
}

export type Operation = (
  | { op: 'exchange.declare'; exchange: ScenarioExchange }
  | { op: 'queue.declare'; queue: ScenarioQueue }
  | { op: 'bind'; binding: ScenarioBinding }
  | { op: 'unbind'; binding: ScenarioBinding }
  | { op: 'exchange.delete'; name: string; vhost?: string; if_unused?: boolean }
  | { op: 'queue.delete'; name: string; vhost?: string }
  | { op: 'publish'; publish: ScenarioPublish }
  | { op: 'policy.set'; policy: ScenarioPolicy }
  | { op: 'policy.clear'; name: string; vhost?: string }
) & {
  /** Error id (see ScenarioError); filled in by the scenario converter when absent. */
  id?: string
  loc?: SourceLocation
}

export interface OperationOutcome {
  index: number
  op: Operation['op']
  id: string
  ok: boolean
  error?: ScenarioError
  loc?: SourceLocation
  /** For a 404: the exchange or queue that does not exist. */
  missing?: { kind: 'exchange' | 'queue'; name: string; vhost: string }
  /** A policy change: the heads its lower length limits pushed out, and where they went. */
  deadLetters?: DeadLetterHop[]
}

/** Everything one run computes: the CLI's result plus the explanation every view reads. */
export interface RunResult {
  profile: ProfileName
  result: ScenarioResult
  outcomes: OperationOutcome[]
  publishes: PublishExplanation[]
  topology: TopologySnapshot
  /**
   * Beside `result.queues`: the publish each held message came from (its index in `publishes`, -1
   * when unknown). A message a full queue pushed out, or one dead-lettered elsewhere, is why the ids
   * of a queue are not simply the publishes that reached it.
   */
  origins: Record<string, number[]>
}
