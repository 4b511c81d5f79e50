/**
 * The broker's state: vhosts as separate namespaces, each with exchanges, queues and bindings. Plain
 * mutable records, owned by one Broker; the routing indexes hang off each exchange record.
 */

import type { PolicyPattern } from '../pcre/policy-pattern'
import { createRoutingIndex, type RoutingIndex } from '../routing/routing-index'
import type { Profile } from './profiles'
import type { AmqpTable, BindingState, ExchangeState, PolicyState, QueuedMessage, QueueState } from './types'

/** A policy as the broker holds it (policies.ts validates and applies them). */
export interface PolicyRecord extends PolicyState {
  /** The pattern compiled for a backtracking-free match (never a JS RegExp: see pcre/). */
  matcher: PolicyPattern
  /** Creation order: of equal priorities the broker's pick is unspecified; the engine takes the first by name. */
  seq: number
}

export interface ExchangeRecord extends ExchangeState {
  /** Creation order, so routing output is deterministic. */
  seq: number
  /** Auto-delete fires only for an exchange that has had at least one binding as source. */
  hadSourceBinding: boolean
  index: RoutingIndex
  /** Bindings where this exchange is the source, in creation order. */
  outgoing: Set<BindingRecord>
}

export interface QueueRecord extends QueueState {
  seq: number
  /** Ready messages in delivery order (a scenario has no consumers, so all of them). */
  messages: QueuedMessage[]
  /** Next position for an arriving message. */
  nextSeq: number
}

export interface BindingRecord extends BindingState {
  /** (source, destination, destination type, key, args sorted) — RabbitMQ's binding identity. */
  identity: string
  /** Destination as the routing index names it: `q:NAME` or `x:NAME`. */
  destKey: string
}

export interface Vhost {
  name: string
  exchanges: Map<string, ExchangeRecord>
  queues: Map<string, QueueRecord>
  bindings: Map<string, BindingRecord>
  /** The channel's most recently declared queue (for `queue.bind` with queue `""`). */
  lastQueue: string | null
  policies: Map<string, PolicyRecord>
}

export interface Broker {
  profile: Readonly<Profile>
  vhosts: Map<string, Vhost>
  seq: number
  nextBindingId: number
  generatedQueues: number
  /** Evaluate every binding for the explanation (off for very large topologies). */
  explain: boolean
  /**
   * Keep published messages in the queues (the scenario runner). The timeline simulation routes
   * through the engine but holds messages itself, so it turns this off.
   */
  storeMessages: boolean
}

export const DEFAULT_VHOST = '/'

/** Exchanges every vhost starts with (rabbit_vhost.erl): the default one and the amq.* set. */
const BUILTIN: [string, string, boolean][] = [
  ['', 'direct', false],
  ['amq.direct', 'direct', false],
  ['amq.fanout', 'fanout', false],
  ['amq.headers', 'headers', false],
  ['amq.match', 'headers', false],
  ['amq.topic', 'topic', false],
  ['amq.rabbitmq.trace', 'topic', true],
]

export function destKeyOf(type: 'queue' | 'exchange', name: string): string {
  return (type === 'queue' ? 'q:' : 'x:') + name
}

export function parseDestKey(key: string): { type: 'queue' | 'exchange'; name: string } {
  return { type: key.startsWith('q:') ? 'queue' : 'exchange', name: key.slice(2) }
}

export function newExchange(
  broker: Broker,
  vhost: string,
  name: string,
  type: string,
  flags: {
    durable: boolean
    auto_delete: boolean
    internal: boolean
    arguments: AmqpTable
    builtin: boolean
  },
): ExchangeRecord {
  return {
    vhost,
    name,
    type,
    ...flags,
    seq: broker.seq++,
    hadSourceBinding: false,
    index: createRoutingIndex(type, broker.profile),
    outgoing: new Set(),
  }
}

export function createBroker(profile: Readonly<Profile>): Broker {
  const broker: Broker = {
    profile,
    vhosts: new Map(),
    seq: 0,
    nextBindingId: 0,
    generatedQueues: 0,
    explain: true,
    storeMessages: true,
  }
  ensureVhost(broker, DEFAULT_VHOST)
  return broker
}

/** Look up a vhost, creating it (with its built-in exchanges) on first use. */
export function ensureVhost(broker: Broker, name: string): Vhost {
  let v = broker.vhosts.get(name)
  if (v) return v
  v = {
    name,
    exchanges: new Map(),
    queues: new Map(),
    bindings: new Map(),
    lastQueue: null,
    policies: new Map(),
  }
  for (const [x, type, internal] of BUILTIN) {
    const flags = { durable: true, auto_delete: false, internal, arguments: {}, builtin: true }
    v.exchanges.set(x, newExchange(broker, name, x, type, flags))
  }
  broker.vhosts.set(name, v)
  return v
}
