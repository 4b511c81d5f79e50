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

/** AMQP 0-9-1 field-table value types (names as amqplib spells them, lower-cased). */
export type AmqpType =
  | 'longstr'
  | 'bool'
  | 'byte'
  | 'unsignedbyte'
  | 'short'
  | 'unsignedshort'
  | 'int'
  | 'unsignedint'
  | 'long'
  | 'float'
  | 'double'
  | 'decimal'
  | 'timestamp'
  | 'void'
  | 'table'
  | 'array'
  | 'bytes'

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
export type ProfileName = 'rabbitmq-4' | 'rabbitmq-3.10' | 'teaching' | 'robustmq'

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
  properties?: { [key: string]: JsonValue }
}

export interface Scenario {
  profile?: ProfileName
  vhosts?: { name: string }[]
  exchanges?: ScenarioExchange[]
  queues?: ScenarioQueue[]
  bindings?: ScenarioBinding[]
  publishes?: ScenarioPublish[]
}

/** Error ids: the publish id; `exchange:NAME` / `queue:NAME` for declares; `binding:INDEX` for bindings. */
export interface ScenarioError {
  id: string
  stage: 'declare' | 'bind' | 'unbind' | 'delete' | 'publish'
  code: number
  text: string
}

export interface ScenarioReturn {
  id: string
  reply_code: 312
  reply_text: 'NO_ROUTE'
}

/** The CLI's output. `queues` lists every queue that exists at the end, message ids in arrival order. */
export interface ScenarioResult {
  queues: { [queue: string]: string[] }
  returns: ScenarioReturn[]
  errors: ScenarioError[]
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

/** How an exchange came to be visited. */
export type HopVia =
  | { kind: 'publish' }
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
  /** The alternate-exchange argument and what became of it. */
  alternate?: {
    name: string
    status: 'used' | 'not-needed' | 'missing' | 'already-visited'
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
}

// ---------------------------------------------------------------------------------------------
// Topology snapshot (for the diagram and forms)
// ---------------------------------------------------------------------------------------------

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
}

export interface QueueState {
  vhost: string
  name: string
  durable: boolean
  exclusive: boolean
  auto_delete: boolean
  arguments: AmqpTable
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
}

/** Everything one run computes: the CLI's result plus the explanation every view reads. */
export interface RunResult {
  profile: ProfileName
  result: ScenarioResult
  outcomes: OperationOutcome[]
  publishes: PublishExplanation[]
  topology: TopologySnapshot
}
