/**
 * Full explanations kept beside a run: a few, fetched or received for the messages shown. On a
 * 10,000-binding topology one explanation holds every binding's evaluation, so neither the run nor
 * the message log keeps them for every publish.
 */
import type { PublishExplanation } from '../engine'

const KEEP = 16
/** Above this many binding evaluations a logged publish keeps only its route. */
const LOG_EVALUATIONS = 60

/** `cache` plus `key` → `publish`, the oldest entries dropped beyond a few. */
export function keepExplanation(
  cache: Record<string, PublishExplanation>,
  key: string,
  publish: PublishExplanation,
): Record<string, PublishExplanation> {
  const entries = Object.entries(cache).filter(([k]) => k !== key)
  entries.push([key, publish])
  return Object.fromEntries(entries.slice(-KEEP))
}

/** The route without the per-binding evaluations when they are many (`explained: false`). */
export function lighten(p: PublishExplanation): PublishExplanation {
  const evaluations = p.hops.reduce((n, h) => n + h.evaluations.length, 0)
  if (evaluations <= LOG_EVALUATIONS) return p
  return { ...p, hops: p.hops.map((h) => ({ ...h, evaluations: [] })), explained: false }
}
