/**
 * Deterministic topic workload: a hierarchical topic tree (each level has its own vocabulary and a
 * fixed fan-out per node, words shared between parents), routing keys of 3–7 words sampled from it,
 * and binding keys ~70% literal / ~20% with `*` / ~10% with `#` (see `wildcardShare`), spread over fewer queues than
 * bindings so several bindings often hit one queue. No empty words and no empty keys: qlobber treats
 * `""` as one word, so such keys are checked separately (see topic-edge-check.ts).
 */
import { mulberry32 } from '../src/engine'

/** The project's seeded PRNG (mulberry32). */
export const rng = mulberry32

const SYLLABLES = ['or', 'der', 'pay', 'ment', 'us', 'er', 'ship', 'in', 'vo', 'ice', 'eu', 'na', 'ap', 'log']
const FANOUT = [24, 14, 10, 8, 6, 5, 4]
const VOCAB = [24, 60, 90, 120, 120, 120, 120]

function makeWord(r: () => number, level: number, i: number): string {
  const a = SYLLABLES[Math.floor(r() * SYLLABLES.length)]
  const b = SYLLABLES[Math.floor(r() * SYLLABLES.length)]
  return `${a}${b}${level}${i.toString(36)}`
}

export interface TopicWorkload {
  keys: string[]
  bindings: { pattern: string; dest: string }[]
  queues: number
}

/**
 * `wildcardShare` is the fraction of bindings with a wildcard (default 0.3: two thirds of them get
 * `*`, one third `#`, as above); the second workload of `npm run bench` uses 0.4. With the default the
 * workload is the one earlier runs measured, draw for draw.
 */
export function topicWorkload(
  bindingCount: number,
  keyCount: number,
  seed = 4242,
  wildcardShare = 0.3,
): TopicWorkload {
  const literalShare = 1 - wildcardShare
  const starEnd = 1 - wildcardShare / 3
  const r = rng(seed)
  const vocab = VOCAB.map((n, level) => Array.from({ length: n }, (_, i) => makeWord(r, level, i)))
  /** Children of a node are a window of its level's vocabulary chosen by the node's path hash. */
  const childWord = (hash: number, level: number, j: number): string => {
    const v = vocab[level]
    return v[(hash + j * 7) % v.length]
  }
  const path = (len: number): string[] => {
    const words: string[] = []
    let hash = 17
    for (let level = 0; level < len; level++) {
      // Skewed choice: low-numbered children are more popular (a few hot subtrees).
      const j = Math.floor(r() * r() * FANOUT[level])
      const w = childWord(hash, level, j)
      words.push(w)
      hash = (Math.imul(hash, 31) + j * 101 + level) >>> 0
    }
    return words
  }
  const length = () => 3 + Math.floor(r() * 5)

  const keySet = new Set<string>()
  while (keySet.size < keyCount) keySet.add(path(length()).join('.'))
  const keys = [...keySet]

  const queues = Math.max(4, Math.floor(bindingCount / 6))
  const bindings: { pattern: string; dest: string }[] = []
  for (let i = 0; i < bindingCount; i++) {
    // Half the bindings follow real keys (so literal bindings do get traffic), half new paths.
    const words = r() < 0.5 ? keys[Math.floor(r() * keys.length)].split('.') : path(length())
    const kind = r()
    if (kind >= literalShare && kind < starEnd) {
      words[Math.floor(r() * words.length)] = '*'
      if (r() < 0.3) words[Math.floor(r() * words.length)] = '*'
    } else if (kind >= starEnd) {
      // `#` after a prefix of at least two words (order.eu.#), inside (order.#.created) or in front
      // (#.created): broad, but not "everything under one of 24 top-level words".
      const at = 2 + Math.floor(r() * (words.length - 2))
      const shape = r()
      if (shape < 0.6)
        words.splice(at, words.length - at, '#') // prefix.#
      else if (shape < 0.85)
        words.splice(at - 1, Math.floor(r() * (words.length - at)), '#') // a.#.z
      else words.splice(0, at, '#') // #.suffix
    }
    const q = Math.floor(r() * r() * queues)
    bindings.push({ pattern: words.join('.'), dest: `q${q}` })
  }
  return { keys, bindings, queues }
}
