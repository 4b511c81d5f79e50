/** A small seeded PRNG (mulberry32): the same seed always yields the same question. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
  /** `n` distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[]
}

export function createRng(seed: number): Rng {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1))
  return {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[int(0, items.length - 1)] as (typeof items)[number]
    },
    chance: (p) => next() < p,
    sample: (items, n) => {
      const copy = [...items]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i)
        ;[copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]]
      }
      return copy.slice(0, Math.max(0, Math.min(n, copy.length)))
    },
  }
}

/** A fresh seed for "new question" (not used by tests, which pass explicit seeds). */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31)
}
