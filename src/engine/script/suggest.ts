/**
 * "Did you mean …?": the closest candidate to a mistyped word, by edit distance where swapping two
 * neighbouring letters counts as one edit (`bnid` → `bind`, `audti` → `audit`). Only close matches
 * are offered: at most one edit for words up to four letters, two for longer ones, and never the
 * word itself.
 */

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const m = a.length
  const n = b.length
  let prev2: number[] = []
  let prev = Array.from({ length: n + 1 }, (_, j) => j)
  for (let i = 1; i <= m; i++) {
    const cur = [i]
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (prev2[j - 2] as number) + 1)
      cur.push(d)
    }
    prev2 = prev
    prev = cur
  }
  return prev[n] as number
}

/** The closest candidate within the allowed distance, the first one on a tie; undefined when none. */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  const limit = word.length <= 4 ? 1 : 2
  let best: string | undefined
  let bestDistance = limit + 1
  for (const c of candidates) {
    if (c === word) return undefined
    // a cheap length check first: the distance is at least the length difference
    if (Math.abs(c.length - word.length) >= bestDistance) continue
    const d = editDistance(word.toLowerCase(), c.toLowerCase())
    if (d < bestDistance) {
      best = c
      bestDistance = d
    }
  }
  return best
}
