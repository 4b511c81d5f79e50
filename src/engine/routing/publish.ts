/**
 * basic.publish: look the exchange up (404), refuse internal ones (403), read CC/BCC (406), route,
 * deliver one copy per queue, and return (312) or drop an unroutable message.
 */

import { AmqpError, errors } from '../broker/errors'
import { type Broker, ensureVhost } from '../broker/model'
import { checkShortstr, tableOf } from '../broker/names'
import type { PublishExplanation, ScenarioPublish } from '../broker/types'
import { utf8Length } from '../values/amqp-values'
import { messageView } from './message'
import { publishedContent, publishProperties } from './message-content'
import { storePublished } from './message-store'
import { route } from './router'

/**
 * Publish one message; never throws an AmqpError (it becomes the explanation's error outcome).
 * `dryRun` routes and explains without delivering or creating anything (explaining an earlier
 * publish again against an unchanged topology).
 */
export function publish(
  broker: Broker,
  p: ScenarioPublish,
  /** `origin`: the publish's index in the run, kept on the messages it leaves in queues. */
  opts: { dryRun?: boolean; origin?: number } = {},
): PublishExplanation {
  const vhost = ensureVhost(broker, p.vhost ?? '/')
  // basic.publish does not strip CR/LF from the exchange name (declare and bind do).
  const exchange = p.exchange
  const explanation: PublishExplanation = {
    id: p.id,
    vhost: vhost.name,
    exchange,
    routingKeys: [p.routing_key],
    mandatory: p.mandatory ?? false,
    hops: [],
    queues: [],
    outcome: { kind: 'dropped' },
  }
  try {
    checkShortstr('exchange', p.exchange)
    checkShortstr('routing_key', p.routing_key)
    const headers = tableOf('headers', p.headers)
    const x = vhost.exchanges.get(exchange)
    if (!x) throw errors.noExchange(exchange, vhost.name)
    if (x.internal) throw errors.internalPublish(exchange, vhost.name)
    publishProperties(p) // a malformed expiration is refused before the message is built
    const msg = messageView(p.routing_key, headers, broker.profile)
    explanation.routingKeys = msg.routingKeys
    const autoCreate = broker.profile.defaultExchangeAutoCreatesQueue
    const onMissing = autoCreate
      ? (name: string) => {
          if (name === '' || utf8Length(name) > 255) return false
          if (opts.dryRun) return true
          vhost.queues.set(name, {
            vhost: vhost.name,
            name,
            durable: true,
            exclusive: false,
            auto_delete: false,
            arguments: {},
            seq: broker.seq++,
            messages: [],
            nextSeq: 1,
          })
          return true
        }
      : undefined
    const routed = route(vhost, x, msg, broker.profile, {
      onMissingQueue: onMissing,
      explain: broker.explain,
    })
    explanation.hops = routed.hops
    explanation.queues = routed.queues
    if (!opts.dryRun && broker.storeMessages)
      storePublished(
        broker,
        vhost,
        explanation,
        publishedContent(p, msg.routingKeys, msg.shownHeaders),
        opts.origin,
      )
    if (routed.queues.length > 0) explanation.outcome = { kind: 'routed' }
    else if (explanation.mandatory)
      explanation.outcome = { kind: 'returned', replyCode: 312, replyText: 'NO_ROUTE' }
  } catch (e) {
    if (!(e instanceof AmqpError)) throw e
    explanation.outcome = { kind: 'error', code: e.code, text: e.text }
  }
  return explanation
}
