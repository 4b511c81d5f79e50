/**
 * Data contract of the time simulation: a script of client operations (connections, channels,
 * topology, publishes, consumers, acks) and the broker state after every step. All plain,
 * serialisable data, so frames cross the Worker boundary unchanged.
 */
import type {
  DeadLetterHop,
  DeathReason,
  JsonValue,
  ProfileName,
  QueuedMessage,
  ScenarioBinding,
  ScenarioExchange,
  ScenarioPolicy,
  ScenarioPublish,
  ScenarioQueue,
  TopologySnapshot,
} from '../broker/types'

/** Text shown beside a step, in both UI languages. */
export interface StepNote {
  en: string
  'zh-CN': string
}

interface OpBase {
  /** Event id shown in the timeline; a publish uses its message id. Filled in when absent. */
  id?: string
  /** The channel the client uses; omitted = the implicit channel `ch` on connection `conn`. */
  channel?: string
  note?: StepNote
  /** A lesson marks a step it expects the broker (or client) to refuse; tests check it. */
  expectError?: boolean
}

/** One client operation of a timeline script. */
export type SimOp = OpBase &
  (
    | { op: 'connection.open'; connection: string }
    | { op: 'connection.close'; connection: string }
    | { op: 'channel.open'; connection: string }
    | { op: 'channel.close' }
    | { op: 'confirm.select' }
    | { op: 'exchange.declare'; exchange: ScenarioExchange }
    | { op: 'queue.declare'; queue: ScenarioQueue }
    | { op: 'bind'; binding: ScenarioBinding }
    | { op: 'unbind'; binding: ScenarioBinding }
    | { op: 'exchange.delete'; name: string; if_unused?: boolean }
    | { op: 'queue.delete'; name: string; if_unused?: boolean; if_empty?: boolean }
    | { op: 'queue.purge'; name: string }
    | { op: 'publish'; publish: ScenarioPublish }
    | {
        op: 'consume'
        queue: string
        /** The consumer tag; `""` lets the broker make one up (`amq.ctag-N` here). */
        consumer: string
        /** Sent first as basic.qos(prefetch, global=false) — which also lifts a channel-wide limit. */
        prefetch?: number
        /** Send no basic.qos first: the consumer takes the channel's last per-consumer prefetch. */
        keepQos?: boolean
        noAck?: boolean
        /** Only consumer on the queue (403 when there are others, and for others after it). */
        exclusive?: boolean
        /**
         * Consumer arguments, an AMQP table in the scenario JSON form (`{"!": "timestamp", "value":
         * 1700000000}` forces a type): `x-priority` (higher priorities are served first) and, on a
         * stream, `x-stream-offset` (`"first"`, `"last"`, `"next"`, an offset, a timestamp, an
         * interval such as `"10m"`; absent = `next`). docs/routing-semantics.md, "Streams".
         */
        arguments?: { [key: string]: JsonValue }
      }
    | { op: 'cancel'; consumer: string }
    /** basic.qos: `global` limits unacked consumer deliveries on the whole channel. */
    | { op: 'qos'; prefetch: number; global?: boolean }
    /** basic.recover (requeue=true): every unacked delivery of the channel goes back to its queue. */
    | { op: 'recover' }
    | { op: 'get'; queue: string; noAck?: boolean }
    | { op: 'ack' | 'nack' | 'reject'; tag?: number; message?: string; multiple?: boolean; requeue?: boolean }
    /** Let `ms` milliseconds pass: messages expire (x-message-ttl, expiration), unused queues too (x-expires). */
    | { op: 'wait'; ms: number }
    | { op: 'policy.set'; policy: ScenarioPolicy }
    | { op: 'policy.clear'; name: string }
  )

/**
 * A copy of a message in one queue. `seq` is its place in that queue (requeue restores it); priority,
 * expiry and the content (keys, headers, x-death) come with it.
 */
export type SimMessage = QueuedMessage

export interface SimQueue {
  vhost: string
  name: string
  /**
   * Identity of this queue instance: a queue deleted and declared again under the same name is a
   * new queue, and a delivery taken from the old one never goes back into it.
   */
  uid: number
  /** Ready messages, ordered by `seq`. */
  ready: SimMessage[]
  /**
   * Consumers that can be served (keys: channel + tag, see consumerKey), in round-robin order: the
   * first of the highest x-priority is served next.
   */
  active: string[]
  /** Consumers skipped because their prefetch was full; they rejoin the tail when acks free room. */
  blocked: string[]
  /** Auto-delete only fires for a queue that has ever had a consumer. */
  hadConsumer: boolean
  autoDelete: boolean
  /** Connection that owns an exclusive queue. */
  owner: string | null
  nextSeq: number
  /**
   * Streams only: every message ever appended, in offset order (`streamOffset`, `arrivedAt`). A
   * stream's `ready` stays empty: consumers read the log from their own offset and remove nothing.
   */
  log?: SimMessage[]
  /**
   * Quorum queues with `x-overflow reject-publish`: who has published to it (channels, and `dlx:`
   * + a queue uid for dead-letterings), and those told to stop — from the enqueue that took the
   * queue over its limit until it is back at or below 80 % of it (rabbit_fifo's soft limit,
   * measured on 3.10.8); a stopped publisher's messages are refused.
   */
  enqueuers?: string[]
  stopped?: string[]
  /**
   * Quorum queues with at-least-once dead-lettering: messages that left and could not be routed
   * through the dead-letter exchange; they stay in the queue (counting toward its length).
   */
  held?: SimMessage[]
  /** Simulated time of the last use (consume, get, declare): x-expires counts from it. */
  lastUsed: number
}

export interface SimDelivery {
  tag: number
  queue: string
  /** The `uid` of the queue instance the message was taken from. */
  queueUid: number
  message: SimMessage
  /** null for basic.get. */
  consumer: string | null
  /** Taken from a stream: acks only free prefetch room, nothing goes back. */
  stream?: true
}

export interface SimChannel {
  id: string
  connection: string
  open: boolean
  nextTag: number
  unacked: SimDelivery[]
  confirm: boolean
  nextPublishSeq: number
  /** Publish sequence numbers registered and not yet confirmed, with their message ids. */
  pending: { seq: number; message: string }[]
  /**
   * basic.qos state: the per-consumer prefetch later consumers get, the channel-wide limit
   * (global=true; 0 = none) and how many ack-requiring consumer deliveries count against it.
   */
  qos?: { consumer: number; global: number; volume: number }
  closedWith?: { code: number; text: string }
}

export interface SimConsumer {
  tag: string
  channel: string
  queue: string
  /** 0 = unlimited. */
  prefetch: number
  noAck: boolean
  /** x-priority (default 0). */
  priority?: number
  exclusive?: boolean
  /** Message ids delivered to this consumer, in order. */
  delivered: string[]
  /** Stream consumers: the offset of the next message to deliver. */
  offset?: number
}

export interface SimConnection {
  id: string
  open: boolean
}

/**
 * Where one copy of a message is now. `expired` and `overflowed` left without a dead-letter exchange
 * (or with a missing one), `dead-lettered` left through one; `refused` never got in (x-overflow
 * reject-publish).
 */
export type CopyStatus =
  | 'ready'
  | 'unacked'
  | 'acked'
  | 'discarded'
  | 'purged'
  | 'deleted-with-queue'
  | 'expired'
  | 'overflowed'
  | 'refused'
  | 'dead-lettered'

export interface MessageFate {
  id: string
  step: number
  outcome: 'routed' | 'returned' | 'dropped' | 'error'
  copies: {
    queue: string
    status: CopyStatus
    consumer: string | null
    deliveries: number
    /** Why the copy left its queue (expired, maxlen, rejected). */
    reason?: DeathReason
    /** The copy arrived by dead-lettering from this queue. */
    from?: string
  }[]
  confirm: 'none' | 'pending' | 'acked' | 'nacked'
}

export interface SimState {
  connections: SimConnection[]
  channels: SimChannel[]
  consumers: SimConsumer[]
  queues: SimQueue[]
  topology: TopologySnapshot
  fates: MessageFate[]
  /** Last queue uid handed out. */
  queueUids: number
  /** Consumer tags the broker made up so far (`amq.ctag-N`). */
  ctags?: number
  /** Messages that arrived in a queue so far (QueuedMessage.arrival). */
  arrivals?: number
  /** The simulated clock in ms (starts at 0; only `wait` moves it). */
  now: number
}

export type SimEvent =
  | { kind: 'error'; code: number; text: string; level: 'channel' | 'connection' | 'client' }
  | { kind: 'channel.closed'; channel: string; code?: number }
  | { kind: 'connection.closed'; connection: string; code?: number }
  | { kind: 'opened'; what: 'connection' | 'channel'; name: string }
  | { kind: 'topology'; change: 'created' | 'deleted'; what: 'exchange' | 'queue' | 'binding'; name: string }
  | { kind: 'confirm.registered'; channel: string; seq: number; message: string }
  | { kind: 'confirm.ack'; channel: string; seq: number; message: string }
  /** A full queue with x-overflow reject-publish refused the message. */
  | { kind: 'confirm.nack'; channel: string; seq: number; message: string }
  | { kind: 'enqueued'; message: string; queue: string }
  | { kind: 'returned'; message: string; replyCode: 312; replyText: 'NO_ROUTE' }
  | { kind: 'dropped'; message: string }
  | {
      kind: 'delivered'
      message: string
      queue: string
      consumer: string | null
      channel: string
      tag: number
      redelivered: boolean
      /** Quorum queues: the `x-delivery-count` header (returns so far), absent before the first return. */
      deliveryCount?: number
      /** Streams: the `x-stream-offset` header (the message's offset in the stream). */
      streamOffset?: number
      /** For a dead-lettered message: the exchange and key it is delivered with, and its x-death. */
      deadLettered?: DeliveredDeath
    }
  | { kind: 'get-empty'; queue: string }
  | { kind: 'acked'; message: string; queue: string; channel: string; tag: number }
  /** Back in its queue; a quorum queue's return says how it was counted and where it waits. */
  | { kind: 'requeued'; message: string; queue: string; quorum?: QuorumReturnNote }
  /** Taken out of its queue (rejected without requeue, or a quorum return over the delivery limit). */
  | { kind: 'discarded'; message: string; queue: string; quorum?: QuorumReturnNote }
  /** A requeue (nack, reject, channel close) whose queue was deleted meanwhile: the message is gone. */
  | { kind: 'requeue-lost'; message: string; queue: string }
  | { kind: 'purged'; queue: string; count: number }
  | {
      kind: 'queue.deleted'
      queue: string
      reason: 'delete' | 'exclusive' | 'auto-delete' | 'expires'
      lost: number
    }
  /** The clock moved forward. */
  | { kind: 'clock'; from: number; to: number }
  /** The message left `queue` because its TTL ran out (dead-lettered or dropped, see `dead-lettered`). */
  | { kind: 'expired'; message: string; queue: string }
  /** x-max-length / -bytes: pushed out of the head (drop-head) or refused on arrival (reject-publish). */
  | { kind: 'overflow'; message: string; queue: string; how: 'dropped-head' | 'refused' }
  /** Routed again from the queue's dead-letter exchange: the hop, as the why panel shows it. */
  | { kind: 'dead-lettered'; message: string; queue: string; reason: DeathReason; hop: DeadLetterHop }
  /** 3.10: an at-most-once dead-lettering routed to a stream is lost there (fixed in 3.13). */
  | { kind: 'dead-letter-lost'; message: string; queue: string }
  /** At-least-once dead-lettering found no queue: the message stays in its queue (not deliverable). */
  | { kind: 'dead-letter-held'; message: string; queue: string }
  | { kind: 'consumer.added'; consumer: string; queue: string }
  | {
      kind: 'consumer.cancelled'
      consumer: string
      queue: string
      reason: 'cancel' | 'channel' | 'queue-deleted'
    }

/** How a delivery came back: basic.nack, basic.recover, basic.reject, or its channel closing. */
export type ReturnHow = 'nack' | 'recover' | 'reject' | 'close'

/**
 * A return to a quorum queue as the profile's rules judged it (docs/queue-types.md), so the
 * explanation can name the version where the versions differ.
 */
export interface QuorumReturnNote {
  how: ReturnHow
  /** Whether this return counted (4.3 counts only failed deliveries: not nack, not recover). */
  counted: boolean
  /** Returns counted so far, this one included: the next delivery's x-delivery-count. */
  count: number
  /** The delivery limit in force; null = none. */
  limit: number | null
  /** Where the limit comes from: the queue (its argument or a policy), or the profile's default. */
  limitFrom: 'queue' | 'profile'
  /** Where it waits (requeued only): at the back, or first among the returned messages. */
  place?: 'back' | 'returned-first'
  profile: ProfileName
}

/** What a consumer sees of a dead-lettered message (the delivery's exchange, key and headers). */
export interface DeliveredDeath {
  exchange: string
  routingKey: string
  deaths: {
    queue: string
    reason: DeathReason
    count: number
    exchange: string
    routingKeys: string[]
    originalExpiration?: string
  }[]
  first?: { reason: DeathReason; queue: string; exchange: string }
}

/** One step of a played timeline: the operation, what happened, and the whole state after it. */
export interface SimFrame {
  index: number
  op: SimOp
  id: string
  ok: boolean
  events: SimEvent[]
  state: SimState
}

export interface TimelineScript {
  profile?: ProfileName
  steps: SimOp[]
}

export interface TimelineRun {
  profile: ProfileName
  /** The state before the first step; frames[i] is the state after steps[i]. */
  initial: SimState
  frames: SimFrame[]
}
