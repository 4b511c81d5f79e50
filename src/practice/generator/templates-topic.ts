/**
 * Topic templates: patterns built from a small vocabulary with `*` and `#`, routing keys often derived
 * from one of the patterns (so matches happen), and at level 3 the corner cases: "" (zero words),
 * empty words ("a..b"), several `#` in a row.
 */
import type { Scenario } from '../../engine'
import { QUEUE_NAMES, qBind, scenario } from './build'
import type { Rng } from './rng'
import type { Level } from './templates-basic'

const FIRST = ['order', 'stock', 'payment'] as const
const MIDDLE = ['eu', 'us', 'created', 'paid'] as const

function randomWords(rng: Rng, n: number, level: Level): string[] {
  const words: string[] = [rng.pick(FIRST)]
  for (let i = 1; i < n; i++) words.push(level === 3 && rng.chance(0.12) ? '' : rng.pick(MIDDLE))
  return words
}

function randomPattern(rng: Rng, level: Level): string {
  const words = randomWords(rng, rng.int(1, level === 1 ? 2 : 3), level).map((w) => {
    const r = rng.next()
    if (r < 0.25) return '*'
    if (r < (level === 1 ? 0.35 : 0.45)) return '#'
    return w
  })
  if (level === 3 && rng.chance(0.2)) words.push('#')
  // RabbitMQ 4 refuses a binding key with more than two '#' (406); keep generated keys valid.
  let hashes = 0
  return words.map((w) => (w === '#' && ++hashes > 2 ? '*' : w)).join('.')
}

/** A key that the pattern matches: `*` becomes one word, `#` zero to two words. */
export function instantiate(rng: Rng, pattern: string): string {
  const out: string[] = []
  for (const w of pattern.split('.')) {
    if (w === '*') out.push(rng.pick(MIDDLE))
    else if (w === '#') for (let i = rng.int(0, 2); i > 0; i--) out.push(rng.pick(MIDDLE))
    else out.push(w)
  }
  return out.join('.')
}

/** Nudges a key so it may stop matching: drop, add or change one word. */
function perturb(rng: Rng, key: string): string {
  const words = key === '' ? [] : key.split('.')
  const r = rng.next()
  if (r < 0.33 && words.length > 1) words.splice(rng.int(0, words.length - 1), 1)
  else if (r < 0.66) words.splice(rng.int(0, words.length), 0, rng.pick(MIDDLE))
  else if (words.length > 0) words[rng.int(0, words.length - 1)] = rng.pick(MIDDLE)
  return words.join('.')
}

export function topicTemplate(rng: Rng, level: Level): Scenario {
  const queues = rng.sample(QUEUE_NAMES, level === 1 ? 2 : level === 2 ? 3 : 4)
  const bindings = queues.map((q) => qBind('events', q, randomPattern(rng, level)))
  if (level >= 2) bindings.push(qBind('events', rng.pick(queues), randomPattern(rng, level)))
  if (level === 3 && rng.chance(0.3))
    bindings.push(qBind('events', rng.pick(queues), rng.pick(['#', '#.#', '*.#', '*'])))
  const base = instantiate(rng, rng.pick(bindings).routing_key)
  let key = rng.chance(0.35) ? perturb(rng, base) : base
  if (level === 3 && rng.chance(0.15)) key = rng.pick(['', 'order..paid', 'order.'])
  return scenario([{ name: 'events', type: 'topic' }], queues, bindings, {
    exchange: 'events',
    routingKey: key,
    mandatory: rng.chance(0.5),
  })
}
