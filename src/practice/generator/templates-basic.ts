/** Question templates without wildcards: direct, fanout, the default exchange and mandatory. */
import type { Scenario } from '../../engine'
import { QUEUE_NAMES, qBind, scenario } from './build'
import type { Rng } from './rng'

export type Level = 1 | 2 | 3

const DIRECT_KEYS = ['order.created', 'order.paid', 'order.cancelled', 'stock.low'] as const

/** Direct: byte-exact keys, with look-alikes (case) and two bindings to one queue at higher levels. */
export function directTemplate(rng: Rng, level: Level): Scenario {
  const queues = rng.sample(QUEUE_NAMES, level === 1 ? 2 : 3)
  const bindings = queues.map((q) => qBind('orders', q, rng.pick(DIRECT_KEYS)))
  if (level >= 2) bindings.push(qBind('orders', rng.pick(queues), rng.pick(DIRECT_KEYS)))
  if (level === 3) bindings.push(qBind('orders', rng.pick(queues), 'Order.created'))
  const keys = [
    ...bindings.map((b) => b.routing_key),
    ...(level >= 2 ? ['order.Created', 'order'] : ['stock.high']),
  ]
  return scenario([{ name: 'orders', type: 'direct' }], queues, bindings, {
    exchange: 'orders',
    routingKey: rng.pick(keys),
    mandatory: rng.chance(0.5),
  })
}

/** Fanout: the key is ignored; with no bound queue the message is unroutable. */
export function fanoutTemplate(rng: Rng, level: Level): Scenario {
  const queues = rng.sample(QUEUE_NAMES, 3)
  const bound = rng.sample(queues, rng.int(level === 1 ? 0 : 1, 3))
  const bindings = bound.map((q) => qBind('broadcast', q, rng.chance(0.5) ? '' : rng.pick(DIRECT_KEYS)))
  if (level >= 2 && bound[0]) bindings.push(qBind('broadcast', bound[0], 'any.key'))
  return scenario([{ name: 'broadcast', type: 'fanout' }], queues, bindings, {
    exchange: 'broadcast',
    routingKey: rng.pick(DIRECT_KEYS),
    mandatory: rng.chance(0.5),
  })
}

/** Default exchange "": routes by queue name only; a direct exchange with a same-named key is a decoy. */
export function defaultExchangeTemplate(rng: Rng, level: Level): Scenario {
  const queues = ['orders', ...rng.sample(QUEUE_NAMES, level === 1 ? 1 : 2)]
  const bindings = [qBind('shop', queues[1] as string, 'orders')]
  const keys = [...queues, 'shop', ...(level >= 2 ? ['Orders', 'orders.created'] : [])]
  return scenario([{ name: 'shop', type: 'direct' }], queues, bindings, {
    exchange: '',
    routingKey: rng.pick(keys),
    mandatory: rng.chance(0.5),
  })
}

/** Mandatory: a key that often matches nothing, and the flag decides between return and drop. */
export function mandatoryTemplate(rng: Rng, level: Level): Scenario {
  const queues = rng.sample(QUEUE_NAMES, 2)
  const type = level === 1 ? 'direct' : 'topic'
  const patterns = type === 'direct' ? ['order.created', 'order.paid'] : ['order.*', 'stock.#']
  const bindings = queues.map((q, i) => qBind('events', q, patterns[i] as string))
  const keys =
    type === 'direct'
      ? ['order.created', 'order.shipped', 'stock.low']
      : ['order.eu.created', 'stock', 'order', 'payment.paid']
  return scenario([{ name: 'events', type }], queues, bindings, {
    exchange: 'events',
    routingKey: rng.pick(keys),
    mandatory: rng.chance(0.6),
  })
}
