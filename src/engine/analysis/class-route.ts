/**
 * Routes a witness message with the ordinary router (router.ts) — the analysis never decides where a
 * message goes by itself; it only picks which messages to ask about.
 */

import type { Vhost } from '../broker/model'
import type { Profile } from '../broker/profiles'
import type { AmqpTable, DeathReason, ExchangeHop, HopVia, JsonValue, MessageContent } from '../broker/types'
import { amqpToJson } from '../definitions/export'
import { type DeadLetterTarget, routeDeadLetter } from '../routing/dead-letter'
import { messageView } from '../routing/message'
import { route } from '../routing/router'
import { tableIdentityKey } from '../values/amqp-equality'
import { toAmqpValue } from '../values/amqp-values'
import { setData } from '../values/plain-data'
import { tableToTypedJson } from '../values/typed-json'

/** A message as the CLI and the UI show it: what to publish to see the finding yourself. */
export interface Witness {
  exchange: string
  routing_key: string
  /** Headers in scenario JSON form (typed values as the `{"!": type, "value": …}` trapdoor where plain JSON would change the type). */
  headers: { [key: string]: JsonValue }
}

export interface WitnessRoute {
  /** Queues that receive a copy (one each), in the router's order. */
  queues: string[]
  /** Exchanges visited, in order (the entry first). */
  exchanges: string[]
  hops: ExchangeHop[]
}

export function witnessOf(exchange: string, routingKey: string, headers: AmqpTable): Witness {
  const typed = tableToTypedJson(headers)
  const json: { [key: string]: JsonValue } = {}
  for (const [k, v] of Object.entries(headers)) {
    // Plain JSON where it reads back as the same typed value (a string, a byte), else the trapdoor.
    const plain = amqpToJson(v)
    setData(
      json,
      k,
      tableIdentityKey({ k: toAmqpValue(plain) }) === tableIdentityKey({ k: v })
        ? plain
        : (typed[k] as JsonValue),
    )
  }
  return { exchange, routing_key: routingKey, headers: json }
}

/** Where a message published to `exchange` goes (no side effects). */
export function routeWitness(
  vhost: Vhost,
  profile: Readonly<Profile>,
  exchange: string,
  routingKey: string,
  headers: AmqpTable,
  /** How the message arrives (default: published); an alternate exchange routes as `alternate`. */
  via?: HopVia,
): WitnessRoute {
  const x = vhost.exchanges.get(exchange)
  if (!x) return { queues: [], exchanges: [], hops: [] }
  const routed = route(vhost, x, messageView(routingKey, headers, profile), profile, {
    explain: false,
    ...(via ? { via } : {}),
  })
  return {
    queues: routed.queues.map((d) => d.queue),
    exchanges: routed.hops.map((h) => h.exchange),
    hops: routed.hops,
  }
}

/** Where the same message goes when `queue` dead-letters it (the broker's dead-letter routing). */
export function routeDeadLettered(
  vhost: Vhost,
  profile: Readonly<Profile>,
  queue: string,
  target: DeadLetterTarget,
  routingKey: string,
  headers: AmqpTable,
  reason: DeathReason = 'expired',
  /** The message as it left earlier queues (a chain of dead-letterings); default: as published. */
  earlier?: MessageContent,
): DeadLetterRoute {
  const view = messageView(routingKey, headers, profile)
  const content: MessageContent = earlier ?? {
    exchange: '',
    routingKeys: view.routingKeys,
    headers: view.shownHeaders,
    size: 0,
    deaths: [],
  }
  const { hop, content: next } = routeDeadLetter(
    vhost,
    'witness',
    content,
    reason,
    queue,
    target,
    profile,
    0,
    false,
  )
  return {
    queues: hop.queues.map((d) => d.queue),
    cycleDropped: hop.cycleDropped,
    outcome: hop.outcome,
    routingKeys: hop.routingKeys,
    content: next,
  }
}

export interface DeadLetterRoute {
  queues: string[]
  /** Target queues the broker's cycle check dropped it for. */
  cycleDropped: string[]
  outcome: 'routed' | 'unroutable' | 'no-exchange'
  /** The keys it was routed with at the dead-letter exchange. */
  routingKeys: string[]
  /** The message as the target queues hold it (x-death updated). */
  content: MessageContent
}
