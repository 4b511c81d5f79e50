import { topicMatchDp } from '../src/engine'

/** The naive router: one run of the engine's DP matcher per binding — what the trie is meant to beat. */
export const naiveMatcher = { name: 'engine topicMatchDp', match: topicMatchDp }

/** Distinct destinations of every binding whose pattern matches `key`, by scanning them all. */
export function naiveRoute(bindings: { pattern: string; dest: string }[], key: string): Set<string> {
  const out = new Set<string>()
  for (const b of bindings) if (!out.has(b.dest) && topicMatchDp(b.pattern, key)) out.add(b.dest)
  return out
}
