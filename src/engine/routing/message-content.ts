/**
 * What the broker keeps of a published message (MessageContent) and the headers a consumer sees,
 * x-death included. The `expiration` property is checked as rabbit_basic:parse_expiration does: a
 * bad one is a 406 that closes the channel.
 */

import { AmqpError } from '../broker/errors'
import type { Profile } from '../broker/profiles'
import type { AmqpTable, AmqpValue, DeathRecord, MessageContent, ScenarioPublish } from '../broker/types'
import { utf8Length } from '../values/amqp-values'

/** The `expiration` property as milliseconds; throws the broker's 406 for a malformed one. */
function parseExpiration(expiration: string): number {
  const m = /^[+-]?\d+/.exec(expiration)
  const fail = (term: string) => new AmqpError(406, `invalid expiration '${expiration}': ${term}`)
  if (!m) throw fail('no_integer')
  const rest = expiration.slice(m[0].length)
  if (rest !== '') throw fail(`{leftover_string,"${rest.replace(/["\\]/g, (c) => `\\${c}`)}"}`)
  const n = Number(m[0])
  if (n < 0) throw fail(`{value_negative,${n}}`)
  return n
}

/** The expiration and priority properties of a publish (other properties do not affect queues). */
export function publishProperties(p: ScenarioPublish): { expiration?: string; priority?: number } {
  const props = p.properties ?? {}
  const out: { expiration?: string; priority?: number } = {}
  const e = props.expiration
  if (e !== undefined && e !== null) {
    out.expiration = String(e)
    parseExpiration(out.expiration)
  }
  const pr = props.priority
  if (typeof pr === 'number' && Number.isInteger(pr) && pr >= 0) out.priority = pr
  return out
}

/** The content of a freshly published message. `headers` are the routing view's (BCC removed). */
export function publishedContent(
  p: ScenarioPublish,
  routingKeys: string[],
  headers: AmqpTable,
): MessageContent {
  return {
    exchange: p.exchange,
    routingKeys,
    headers,
    ...publishProperties(p),
    size: utf8Length(p.body ?? p.id),
    deaths: [],
  }
}

const str = (value: string): AmqpValue => ({ type: 'longstr', value })

function deathTable(d: DeathRecord): AmqpValue {
  const t: AmqpTable = {
    count: { type: 'long', value: d.count },
    reason: str(d.reason),
    queue: str(d.queue),
    time: { type: 'timestamp', value: Math.floor(d.time / 1000) },
    exchange: str(d.exchange),
    'routing-keys': { type: 'array', value: d.routingKeys.map(str) },
  }
  if (d.originalExpiration !== undefined) t['original-expiration'] = str(d.originalExpiration)
  return { type: 'table', value: t }
}

/**
 * Headers as delivered: the message's own plus x-death (most recent first) and x-first-death-*;
 * RabbitMQ ≥ 3.13 (profile rabbitmq-4) adds x-last-death-*.
 */
export function deliveredHeaders(c: MessageContent, profile: Readonly<Profile>): AmqpTable {
  if (c.deaths.length === 0) return c.headers
  const out: AmqpTable = { ...c.headers }
  const first = c.firstDeath
  if (first) {
    out['x-first-death-reason'] = str(first.reason)
    out['x-first-death-queue'] = str(first.queue)
    out['x-first-death-exchange'] = str(first.exchange)
  }
  const last = c.lastDeath
  if (profile.lastDeathHeaders && last) {
    out['x-last-death-reason'] = str(last.reason)
    out['x-last-death-queue'] = str(last.queue)
    out['x-last-death-exchange'] = str(last.exchange)
  }
  out['x-death'] = { type: 'array', value: c.deaths.map(deathTable) }
  return out
}
