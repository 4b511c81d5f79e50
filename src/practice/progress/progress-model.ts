/**
 * Practice progress: one entry per exercise id, stored under its own versioned localStorage key.
 * Pure functions here (tested in Node with a fake storage); the React store wraps them.
 */
import type { KeyStore, WriteOutcome } from '../../storage/key-store'

export const PROGRESS_KEY = 'amqp-playground:practice-progress:v1'
export const PROGRESS_FORMAT = 'amqp-playground-practice-progress'

export type ProgressStatus = 'correct' | 'wrong' | 'revealed' | 'passed' | 'failed' | 'done'
const STATUSES: readonly ProgressStatus[] = ['correct', 'wrong', 'revealed', 'passed', 'failed', 'done']
/** Statuses that mean "solved"; a later wrong attempt does not take them away. */
const SOLVED: readonly ProgressStatus[] = ['correct', 'passed', 'done']

export interface ProgressEntry {
  status: ProgressStatus
  attempts: number
  bestScore?: number
  maxScore?: number
  updatedAt: string
}

export interface ProgressFile {
  format: typeof PROGRESS_FORMAT
  version: 1
  entries: Record<string, ProgressEntry>
}

export function emptyProgress(): ProgressFile {
  return { format: PROGRESS_FORMAT, version: 1, entries: {} }
}

/** Validates parsed JSON; throws an Error naming the first bad path. */
export function validateProgress(value: unknown): ProgressFile {
  const fail = (path: string, what: string): never => {
    throw new Error(`${path}: ${what}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('(root)', 'expected an object')
  const v = value as Record<string, unknown>
  if (v.format !== PROGRESS_FORMAT) fail('format', `expected "${PROGRESS_FORMAT}"`)
  if (v.version !== 1) fail('version', 'expected 1')
  const entries = v.entries
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries))
    fail('entries', 'expected an object')
  const out: Record<string, ProgressEntry> = {}
  for (const [id, raw] of Object.entries(entries as Record<string, unknown>)) {
    const at = `entries.${id}`
    if (typeof raw !== 'object' || raw === null) fail(at, 'expected an object')
    const e = raw as Record<string, unknown>
    if (!STATUSES.includes(e.status as ProgressStatus))
      fail(`${at}.status`, `expected one of ${STATUSES.join(', ')}`)
    if (typeof e.attempts !== 'number' || !Number.isInteger(e.attempts) || e.attempts < 0)
      fail(`${at}.attempts`, 'expected a non-negative integer')
    if (typeof e.updatedAt !== 'string') fail(`${at}.updatedAt`, 'expected a string')
    for (const k of ['bestScore', 'maxScore'] as const)
      if (e[k] !== undefined && typeof e[k] !== 'number') fail(`${at}.${k}`, 'expected a number')
    out[id] = e as unknown as ProgressEntry
  }
  return { format: PROGRESS_FORMAT, version: 1, entries: out }
}

export function parseProgress(text: string): ProgressFile {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    throw new Error(`not JSON: ${err instanceof Error ? err.message : String(err)}`)
  }
  return validateProgress(json)
}

export interface LoadResult {
  progress: ProgressFile
  /** Set when a stored value could not be read: where it was kept and why it was refused. */
  corrupt: { keptAs: string; reason: string } | null
}

/**
 * Reads the stored progress; a corrupt value is moved aside (never silently lost) and reported. When
 * it cannot be moved (storage full) it stays under PROGRESS_KEY, held: new progress then lives in
 * memory until exported.
 */
export function loadProgress(keys: KeyStore, now = Date.now()): LoadResult {
  const raw = keys.read(PROGRESS_KEY)
  if (raw === null) return { progress: emptyProgress(), corrupt: null }
  try {
    return { progress: parseProgress(raw), corrupt: null }
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    const aside = `${PROGRESS_KEY}:corrupt:${now}`
    if (keys.write(aside, raw) === 'saved') {
      keys.remove(PROGRESS_KEY)
      return { progress: emptyProgress(), corrupt: { keptAs: aside, reason } }
    }
    keys.hold(PROGRESS_KEY)
    return { progress: emptyProgress(), corrupt: { keptAs: PROGRESS_KEY, reason } }
  }
}

/** Anything but 'saved' means the progress lives only in this tab now. */
export function saveProgress(keys: KeyStore, progress: ProgressFile): WriteOutcome {
  return keys.write(PROGRESS_KEY, JSON.stringify(progress))
}

export interface Attempt {
  status: ProgressStatus
  score?: number
  maxScore?: number
  /** Overwrite the status even if solved (e.g. un-ticking a homework task). */
  force?: boolean
}

/** Adds one attempt; a solved status is kept, the best score is kept. */
export function recordAttempt(p: ProgressFile, id: string, a: Attempt, now = new Date()): ProgressFile {
  const prev = p.entries[id]
  const keepSolved = !a.force && prev && SOLVED.includes(prev.status) && !SOLVED.includes(a.status)
  const entry: ProgressEntry = {
    status: keepSolved ? prev.status : a.status,
    attempts: (prev?.attempts ?? 0) + 1,
    updatedAt: now.toISOString(),
  }
  const best = Math.max(prev?.bestScore ?? Number.NEGATIVE_INFINITY, a.score ?? Number.NEGATIVE_INFINITY)
  if (Number.isFinite(best)) entry.bestScore = best
  const max = a.maxScore ?? prev?.maxScore
  if (max !== undefined) entry.maxScore = max
  return { ...p, entries: { ...p.entries, [id]: entry } }
}

export function isSolved(e: ProgressEntry | undefined): boolean {
  return !!e && SOLVED.includes(e.status)
}
