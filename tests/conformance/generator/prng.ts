/** A small seeded PRNG (mulberry32) with the helpers the scenario generator needs. */
import { mulberry32 } from '../../../src/engine'
export class Rng {
  /** Uniform in [0, 1). */
  readonly next: () => number

  constructor(seed: number) {
    this.next = mulberry32(seed)
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)]
  }
}

/** The seed of scenario `index` in run `seed`, so one scenario can be regenerated alone. */
export function scenarioSeed(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0
  return (h ^ (h >>> 13)) >>> 0
}
