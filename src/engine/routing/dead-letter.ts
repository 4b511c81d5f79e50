/**
 * Dead-lettering (rabbit_dead_letter in 3.10; mc:record_death in 4.x): a message leaving a queue for
 * `expired`, `maxlen` or `rejected` is republished from the queue's dead-letter exchange.
 * - Routing keys: the x-dead-letter-routing-key when set (and the CC header is removed), otherwise
 *   the keys it was routed with (publish key, CC and BCC).
 * - x-death: an entry per (queue, reason), most recent first; a repeated one counts up and moves to
 *   the front, keeping its first exchange, keys and time. The entry's keys are the publish key and
 *   CC (never BCC). `expiration` is removed and kept as `original-expiration`.
 * - Cycles: a target queue that already appears in x-death with no `rejected` death since is
 *   dropped (a message can loop forever only through a client's reject). 3.10 and 4.x agree here.
 * The same exchange routing applies (bindings, e2e, alternate exchanges); a missing DLX drops it.
 */

import type { Vhost } from '../broker/model'
import type { Profile } from '../broker/profiles'
import type { DeadLetterHop, DeathReason, DeathRecord, MessageContent } from '../broker/types'
import { deliveredHeaders } from './message-content'
import { route } from './router'

/** The queue's dead-letter settings as effective-args reads them. */
export interface DeadLetterTarget {
  exchange: string
  from: 'argument' | 'policy'
  routingKey?: string
}

/** The message as it leaves `queue`: new keys, x-death updated, expiration gone. */
export function deadLetteredContent(
  c: MessageContent,
  reason: DeathReason,
  queue: string,
  target: DeadLetterTarget,
  now: number,
): MessageContent {
  const cc = c.headers.CC
  const ccKeys =
    cc?.type === 'array' ? cc.value.filter((v) => v.type === 'longstr').map((v) => String(v.value)) : []
  const deathKeys = [c.routingKeys[0] ?? '', ...ccKeys]
  const existing = c.deaths.find((d) => d.queue === queue && d.reason === reason)
  const record: DeathRecord = existing
    ? { ...existing, count: existing.count + 1 }
    : {
        queue,
        reason,
        count: 1,
        exchange: c.exchange,
        routingKeys: deathKeys,
        ...(c.expiration !== undefined ? { originalExpiration: c.expiration } : {}),
        time: now,
      }
  const headers = { ...c.headers }
  if (target.routingKey !== undefined) delete headers.CC
  const { expiration: _removed, ...rest } = c
  const here = { reason, queue, exchange: c.exchange }
  return {
    ...rest,
    exchange: target.exchange,
    routingKeys: target.routingKey !== undefined ? [target.routingKey] : c.routingKeys,
    headers,
    deaths: [record, ...c.deaths.filter((d) => d !== existing)],
    firstDeath: c.firstDeath ?? here,
    lastDeath: here,
  }
}

/** rabbit_dead_letter:is_cycle — `deaths` already holds the death that is being routed. */
export function isDeathCycle(queue: string, deaths: readonly DeathRecord[]): boolean {
  const at = deaths.findIndex((d) => d.queue === queue)
  if (at < 0) return false
  return deaths.slice(0, at + 1).every((d) => d.reason !== 'rejected')
}

/**
 * Route a dead-lettered message from its DLX. Returns the hop (admissions left empty for the caller
 * to fill while it enqueues) and the content the target queues receive.
 */
export function routeDeadLetter(
  vhost: Vhost,
  message: string,
  content: MessageContent,
  reason: DeathReason,
  queue: string,
  target: DeadLetterTarget,
  profile: Readonly<Profile>,
  now: number,
  explain = true,
): { hop: DeadLetterHop; content: MessageContent } {
  const next = deadLetteredContent(content, reason, queue, target, now)
  const hop: DeadLetterHop = {
    message,
    reason,
    queue,
    exchange: target.exchange,
    from: target.from,
    ...(target.routingKey !== undefined ? { routingKeyOverride: target.routingKey } : {}),
    routingKeys: next.routingKeys,
    hops: [],
    queues: [],
    cycleDropped: [],
    outcome: 'no-exchange',
    admissions: [],
  }
  const x = vhost.exchanges.get(target.exchange)
  if (!x) return { hop, content: next }
  const headers = deliveredHeaders(next, profile)
  const msg = { routingKeys: next.routingKeys, routingHeaders: headers, shownHeaders: headers }
  const routed = route(vhost, x, msg, profile, { explain, via: { kind: 'dead-letter', queue, reason } })
  hop.hops = routed.hops
  // A rejection is never a cycle (the shortcut in detect_cycles); otherwise look at x-death.
  const cycles = reason === 'rejected' ? [] : routed.queues.filter((d) => isDeathCycle(d.queue, next.deaths))
  hop.cycleDropped = cycles.map((d) => d.queue)
  hop.queues = routed.queues.filter((d) => !cycles.includes(d))
  hop.outcome = hop.queues.length > 0 ? 'routed' : 'unroutable'
  return { hop, content: next }
}
