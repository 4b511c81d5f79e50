/** Templates that need more than one exchange or headers: headers all/any, exchange-to-exchange, AE. */
import type { JsonValue, Scenario } from '../../engine'
import { QUEUE_NAMES, qBind, scenario, xBind } from './build'
import type { Rng } from './rng'
import type { Level } from './templates-basic'
import { instantiate } from './templates-topic'

const HEADER_VALUES: Record<string, readonly string[]> = {
  region: ['eu', 'us'],
  type: ['created', 'paid'],
  tier: ['gold', 'basic'],
}
const HEADER_KEYS = Object.keys(HEADER_VALUES)

function randomHeaders(rng: Rng, min: number, max: number): Record<string, string> {
  const out: Record<string, string> = {}
  for (const k of rng.sample(HEADER_KEYS, rng.int(min, max))) out[k] = rng.pick(HEADER_VALUES[k] ?? [])
  return out
}

export function headersTemplate(rng: Rng, level: Level): Scenario {
  const queues = rng.sample(QUEUE_NAMES, level === 1 ? 2 : 3)
  const bindings = queues.map((q) => {
    const args: Record<string, JsonValue> = {
      'x-match': rng.pick(['all', 'any']),
      ...randomHeaders(rng, 1, level === 1 ? 1 : 3),
    }
    if (level === 3 && rng.chance(0.4)) args['x-trace'] = 'on'
    return qBind('by-headers', q, rng.chance(0.3) ? 'ignored.key' : '', args)
  })
  const headers: Record<string, JsonValue> = randomHeaders(rng, level === 1 ? 1 : 0, 3)
  if (level === 3 && rng.chance(0.4)) headers['x-trace'] = 'off'
  return scenario([{ name: 'by-headers', type: 'headers' }], queues, bindings, {
    exchange: 'by-headers',
    routingKey: rng.pick(['', 'order.created']),
    mandatory: rng.chance(0.5),
    headers,
  })
}

/** Exchange-to-exchange: a topic front exchange feeding a fanout one; a queue reachable twice gets one copy. */
export function e2eTemplate(rng: Rng, level: Level): Scenario {
  const queues = rng.sample(QUEUE_NAMES, 3)
  const [a, b, c] = queues as [string, string, string]
  const bindings = [
    xBind('ingress', 'fan', rng.pick(['order.#', 'order.*', '#'])),
    qBind('fan', a, ''),
    qBind('fan', b, ''),
    qBind('ingress', rng.pick([a, c]), rng.pick(['order.created', '*.paid', 'stock.#'])),
  ]
  if (level === 3) bindings.push(xBind('fan', 'ingress', ''))
  const key = instantiate(rng, rng.pick(['order.*', 'stock.#', '*.paid', 'order']))
  return scenario(
    [
      { name: 'ingress', type: 'topic' },
      { name: 'fan', type: 'fanout' },
    ],
    queues,
    bindings,
    { exchange: 'ingress', routingKey: key, mandatory: rng.chance(0.5) },
  )
}

/** Alternate exchange: unroutable messages go to the AE; at level 3 the AE may not exist. */
export function aeTemplate(rng: Rng, level: Level): Scenario {
  const queues = rng.sample(QUEUE_NAMES, 2)
  const [main, lost] = queues as [string, string]
  const aeName = level === 3 && rng.chance(0.4) ? 'missing-ae' : 'unrouted'
  const bindings = [
    qBind('main', main, rng.pick(['order.created', 'order.paid'])),
    qBind('unrouted', lost, ''),
  ]
  return scenario(
    [
      { name: 'main', type: 'direct', arguments: { 'alternate-exchange': aeName } },
      { name: 'unrouted', type: 'fanout' },
    ],
    queues,
    bindings,
    {
      exchange: 'main',
      routingKey: rng.pick(['order.created', 'order.paid', 'order.cancelled']),
      mandatory: rng.chance(0.5),
    },
  )
}
