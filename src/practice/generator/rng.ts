/** A small seeded PRNG (mulberry32): the same seed always yields the same question. */
import { mulberry32 } from '../../engine'
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
  const next = mulberry32(seed)
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
