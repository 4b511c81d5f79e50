/**
 * A topology snapshot as a change against the previous one, so a 10,000-binding topology crosses the
 * Worker boundary once and an edit then sends only what changed: per list (exchanges, queues,
 * bindings) one splice found by common prefix and suffix. Unchanged entries stay the same objects.
 */
import type { TopologySnapshot } from './types'

export interface Splice<T> {
  start: number
  deleteCount: number
  items: T[]
}

export interface TopologyPatch {
  /** The version the patch applies to; null: a whole snapshot in `full`. */
  base: number | null
  version: number
  full?: TopologySnapshot
  profile?: TopologySnapshot['profile']
  vhosts?: string[]
  exchanges?: Splice<TopologySnapshot['exchanges'][number]>
  queues?: Splice<TopologySnapshot['queues'][number]>
  bindings?: Splice<TopologySnapshot['bindings'][number]>
  /** The whole policy list when it changed (`null`: there are none any more). */
  policies?: TopologySnapshot['policies'] | null
}

function splice<T>(prev: readonly T[], next: readonly T[], key: (t: T) => string): Splice<T> | undefined {
  const max = Math.min(prev.length, next.length)
  let start = 0
  while (start < max && key(prev[start] as T) === key(next[start] as T)) start++
  let end = 0
  while (end < max - start && key(prev[prev.length - 1 - end] as T) === key(next[next.length - 1 - end] as T))
    end++
  if (start === prev.length && start === next.length) return undefined
  return { start, deleteCount: prev.length - start - end, items: next.slice(start, next.length - end) }
}

const entry = (v: unknown) => JSON.stringify(v)

/** The change from `prev` (at version `base`) to `next`. */
export function diffTopology(
  prev: TopologySnapshot,
  next: TopologySnapshot,
  base: number,
  version: number,
): TopologyPatch {
  const patch: TopologyPatch = { base, version }
  if (prev.profile !== next.profile) patch.profile = next.profile
  if (entry(prev.vhosts) !== entry(next.vhosts)) patch.vhosts = next.vhosts
  const exchanges = splice(prev.exchanges, next.exchanges, entry)
  const queues = splice(prev.queues, next.queues, entry)
  const bindings = splice(prev.bindings, next.bindings, entry)
  if (exchanges) patch.exchanges = exchanges
  if (queues) patch.queues = queues
  if (bindings) patch.bindings = bindings
  if (entry(prev.policies ?? null) !== entry(next.policies ?? null)) patch.policies = next.policies ?? null
  return patch
}

function apply<T>(list: T[], s: Splice<T> | undefined): T[] {
  if (!s) return list
  return [...list.slice(0, s.start), ...s.items, ...list.slice(s.start + s.deleteCount)]
}

/** `prev` with `patch` applied (a new object; unchanged lists and entries are shared). */
export function applyTopologyPatch(prev: TopologySnapshot | null, patch: TopologyPatch): TopologySnapshot {
  if (patch.full) return patch.full
  if (!prev) throw new Error('a topology patch needs the snapshot it was made against')
  const policies = patch.policies === undefined ? prev.policies : (patch.policies ?? undefined)
  return {
    ...(policies ? { policies } : {}),
    profile: patch.profile ?? prev.profile,
    vhosts: patch.vhosts ?? prev.vhosts,
    exchanges: apply(prev.exchanges, patch.exchanges),
    queues: apply(prev.queues, patch.queues),
    bindings: apply(prev.bindings, patch.bindings),
  }
}
