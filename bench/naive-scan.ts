import * as engine from '../src/engine'

type Matcher = (pattern: string, key: string) => boolean

/** One rolling-row DP per (binding, key): the baseline the trie is meant to beat. */
function rollingDp(pattern: string, key: string): boolean {
  const p = pattern === '' ? [] : pattern.split('.')
  const k = key === '' ? [] : key.split('.')
  let prev = new Array<boolean>(k.length + 1).fill(false)
  let cur = new Array<boolean>(k.length + 1)
  prev[0] = true
  for (let i = 0; i < p.length; i++) {
    const w = p[i]
    cur[0] = w === '#' && prev[0]
    for (let j = 1; j <= k.length; j++) {
      cur[j] = w === '#' ? prev[j] || cur[j - 1] : prev[j - 1] && (w === '*' || w === k[j - 1])
    }
    const t = prev
    prev = cur
    cur = t
  }
  return prev[k.length]
}

/** The engine's DP matcher when the public door exports it, else the local rolling DP. */
const exported = (engine as unknown as { topicMatchDp?: Matcher }).topicMatchDp
export const naiveMatcher: { name: string; match: Matcher } = exported
  ? { name: 'engine topicMatchDp', match: exported }
  : { name: 'bench rolling DP', match: rollingDp }

/** Distinct destinations of every binding whose pattern matches `key`, by scanning them all. */
export function naiveRoute(bindings: { pattern: string; dest: string }[], key: string): Set<string> {
  const out = new Set<string>()
  const m = naiveMatcher.match
  for (const b of bindings) if (!out.has(b.dest) && m(b.pattern, key)) out.add(b.dest)
  return out
}
