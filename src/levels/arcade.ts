/**
 * Arcade levels, generated from a seed (`arcade-<seed>`; the id rebuilds the level, as generated
 * practice questions do): a topic exchange, three queues, each with a hidden pattern the goal
 * describes as "every P reaches Q" and "nothing but P reaches Q" — so only the exact pattern (or one
 * matching the very same keys) passes, never a catch-all — plus one named message for the goal picture.
 */
import { mulberry32, topicMatch } from '../engine'
import type { Level } from './level-types'

const DOMAINS = ['order', 'payment', 'stock', 'user', 'invoice']
const REGIONS = ['cn', 'us', 'eu', 'east', 'west']
const EVENTS = ['created', 'paid', 'failed', 'shipped', 'cancelled']
const QUEUES = ['audit', 'alerts', 'billing', 'reports', 'metrics', 'archive']
const MAX_SEED = 2 ** 31 - 1

const TEMPLATES: readonly ((d: string, r: string, e: string) => string)[] = [
  (d) => `${d}.*`,
  (d) => `${d}.#`,
  (_d, _r, e) => `#.${e}`,
  (_d, r, e) => `*.${r}.${e}`,
  (d, r) => `${d}.${r}.*`,
  (d, _r, e) => `${d}.*.${e}`,
  (d, r) => `${d}.${r}.#`,
]

export function isArcadeId(id: string): boolean {
  return /^arcade-\d{1,10}$/.test(id)
}

/** A key every pattern word accepts: `*` becomes a word, `#` nothing. */
function witness(pattern: string, word: string): string {
  return pattern
    .split('.')
    .flatMap((w) => (w === '#' ? [] : [w === '*' ? word : w]))
    .join('.')
}

export function arcadeLevel(id: string): Level | null {
  if (!isArcadeId(id)) return null
  const seed = Number(id.slice('arcade-'.length))
  if (!Number.isSafeInteger(seed) || seed > MAX_SEED) return null
  const rnd = mulberry32(seed)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T
  const queues: string[] = []
  while (queues.length < 3) {
    const q = pick(QUEUES)
    if (!queues.includes(q)) queues.push(q)
  }
  const patterns: string[] = []
  while (patterns.length < 3) {
    const p = pick(TEMPLATES)(pick(DOMAINS), pick(REGIONS), pick(EVENTS))
    if (!patterns.includes(p)) patterns.push(p)
  }
  const start = ['exchange declare events topic', ...queues.map((q) => `queue declare ${q}`)]
  const key = witness(patterns[0] as string, pick(REGIONS))
  const reached = queues.filter((_, i) => topicMatch(patterns[i] as string, key)).sort()
  const binds = queues.map((q, i) => `bind ${q} to events key "${patterns[i]}"`)
  return {
    id,
    title: { en: `Arcade ${seed}`, 'zh-CN': `街机 ${seed}` },
    story: {
      en: 'Each queue wants exactly the keys its two goal lines describe: every key of that shape, and no other.',
      'zh-CN': '每个队列恰好要它那两条目标描述的键：那种形状的所有键，别的都不要。',
    },
    kind: 'build',
    start,
    edit: 'bindings',
    maxBindings: 3,
    goals: [
      ...queues.flatMap((q, i) => [
        { expect: `"${patterns[i]}" reaches ${q}` },
        { expect: `nothing but "${patterns[i]}" reaches ${q}` },
      ]),
      { message: `publish a1 to events key "${key}"`, outcome: reached.length ? reached : 'dropped' },
    ],
    hints: [
      {
        en: 'One binding per queue; its key is the pattern the goal names.',
        'zh-CN': '每个队列一条绑定，键就是目标里写的模式。',
      },
      { en: '# would also take keys of other shapes.', 'zh-CN': '# 还会收下其他形状的键。' },
    ],
    solution: [...start, ...binds],
    par: 3,
    wrong: [
      { script: [...start, `bind ${queues[0]} to events key "#"`, ...binds.slice(1)], why: 'a catch-all' },
    ],
  }
}
