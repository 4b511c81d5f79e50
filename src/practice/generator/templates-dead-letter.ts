/**
 * Dead-lettering: the message reaches `work`, which lets it go at once — TTL 0, or x-max-length 0
 * with one of the overflow modes — and a dead-letter exchange may route it on. Where does it end
 * up? Level 1: TTL 0 into a fanout DLX. Level 2: the overflow modes, and a direct DLX whose
 * x-dead-letter-routing-key decides the queue. Level 3 adds a missing DLX and a dead-letter cycle
 * back into `work` (dropped by the broker).
 */
import type { JsonValue, Scenario } from '../../engine'
import { QUEUE_NAMES, qBind, scenario } from './build'
import type { Rng } from './rng'
import type { Level } from './templates-basic'

type How = 'ttl0' | 'drop-head' | 'reject-publish' | 'reject-publish-dlx'
const HOW_ARGS: Record<How, Record<string, JsonValue>> = {
  ttl0: { 'x-message-ttl': 0 },
  'drop-head': { 'x-max-length': 0 },
  'reject-publish': { 'x-max-length': 0, 'x-overflow': 'reject-publish' },
  'reject-publish-dlx': { 'x-max-length': 0, 'x-overflow': 'reject-publish-dlx' },
}

export function deadLetterTemplate(rng: Rng, level: Level): Scenario {
  const [work, other, dead, retry] = rng.sample(QUEUE_NAMES, 4) as [string, string, string, string]
  const how: How =
    level === 1 ? 'ttl0' : rng.pick(['ttl0', 'drop-head', 'reject-publish', 'reject-publish-dlx'])
  const direct = level > 1 && rng.chance(0.5)
  const target = level === 3 ? rng.pick(['dlx', 'dlx', 'cycle', 'missing']) : 'dlx'
  const args: Record<string, JsonValue> = { ...HOW_ARGS[how] }
  if (target === 'cycle') {
    // Through the default exchange, keyed by its own name: straight back into `work`.
    args['x-dead-letter-exchange'] = ''
    args['x-dead-letter-routing-key'] = work
  } else args['x-dead-letter-exchange'] = target === 'missing' ? 'no-such-dlx' : 'dlx'
  if (direct && target === 'dlx') {
    const key = rng.pick(['dead', 'retry', 'other'])
    if (key !== 'other') args['x-dead-letter-routing-key'] = key
  }
  const queues = [work, other, dead, retry]
  const bindings = [
    qBind('in', work, 'order.created'),
    qBind('in', other, rng.pick(['order.created', 'order.paid'])),
    ...(direct ? [qBind('dlx', dead, 'dead'), qBind('dlx', retry, 'retry')] : [qBind('dlx', dead, '')]),
  ]
  const s = scenario(
    [
      { name: 'in', type: 'direct' },
      { name: 'dlx', type: direct ? 'direct' : 'fanout' },
    ],
    queues,
    bindings,
    { exchange: 'in', routingKey: 'order.created', mandatory: rng.chance(0.3) },
  )
  s.queues = (s.queues ?? []).map((q) => (q.name === work ? { ...q, arguments: args } : q))
  return s
}
