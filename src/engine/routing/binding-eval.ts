/**
 * Evaluates one binding against one message, binding by binding, with the reason. The explanation is
 * built from these; routing itself uses the per-exchange indexes (a property test keeps them equal).
 */

import type { BindingRecord } from '../broker/model'
import type { AmqpTable, BindingEvaluation, BindingReason, ProfileName } from '../broker/types'
import { evaluateHeaders } from '../headers/headers-match'
import { explainTopic } from '../topic/topic-explain'

export interface MessageView {
  routingKeys: string[]
  /** Headers as the headers exchange sees them (BCC removed, timestamps per profile). */
  routingHeaders: AmqpTable
  /** Headers as published minus BCC, for display. */
  shownHeaders: AmqpTable
}

export function evaluateBinding(
  exchangeType: string,
  b: BindingRecord,
  msg: MessageView,
  profile: ProfileName,
): BindingEvaluation {
  let reason: BindingReason
  let matchedKeys: string[] = []
  let matched: boolean
  switch (exchangeType) {
    case 'fanout':
      reason = { kind: 'fanout' }
      matched = true
      break
    case 'topic': {
      const perKey = msg.routingKeys.map((k) => explainTopic(b.routing_key, k))
      matchedKeys = perKey.filter((t) => t.matched).map((t) => t.routingKey)
      reason = { kind: 'topic', perKey }
      matched = matchedKeys.length > 0
      break
    }
    case 'headers': {
      const h = evaluateHeaders(b.arguments, msg.routingHeaders, profile, msg.shownHeaders)
      reason = { kind: 'headers', xMatch: h.xMatch, rows: h.rows }
      matched = h.matched
      break
    }
    default: {
      const compared = msg.routingKeys.map((k) => ({ routingKey: k, equal: k === b.routing_key }))
      matchedKeys = compared.filter((c) => c.equal).map((c) => c.routingKey)
      reason = { kind: 'direct', compared }
      matched = matchedKeys.length > 0
    }
  }
  return {
    bindingId: b.id,
    source: b.source,
    destination: b.destination,
    destinationType: b.destination_type,
    routingKey: b.routing_key,
    arguments: b.arguments,
    matched,
    matchedKeys: [...new Set(matchedKeys)],
    reason,
  }
}
