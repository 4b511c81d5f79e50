/**
 * Seeds for property tests: each property runs with its fixed seed (the same cases on every run)
 * and, when `PROP_SEED` is set (`PROP_SEED=123 npx vitest run …`, or `PROP_SEED=random`), once more
 * with that seed, so new cases can be explored without changing the file. A failure names the seed
 * that found it and how to replay it.
 */
import fc from 'fast-check'

function propSeeds(fixed: number): number[] {
  const env = process.env.PROP_SEED
  if (env === undefined || env === '') return [fixed]
  const extra = env === 'random' ? Math.floor(Math.random() * 0x7fffffff) : Number(env)
  if (!Number.isInteger(extra)) throw new Error(`PROP_SEED must be an integer or "random", got ${env}`)
  return extra === fixed ? [fixed] : [fixed, extra]
}

/** `fc.assert` once per seed of `propSeeds(fixed)`; a failure's message starts with its seed. */
export function assertSeeded<Ts>(
  property: fc.IRawProperty<Ts>,
  fixed: number,
  params: Omit<fc.Parameters<Ts>, 'seed'> = {},
): void {
  for (const seed of propSeeds(fixed)) {
    try {
      fc.assert(property, { ...params, seed })
    } catch (e) {
      const how = seed === fixed ? 'fixed seed' : `replay with PROP_SEED=${seed}`
      const err = e instanceof Error ? e : new Error(String(e))
      err.message = `property failed with seed ${seed} (${how})\n${err.message}`
      throw err
    }
  }
}
