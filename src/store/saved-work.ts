/**
 * The user's work as saved in localStorage: only what they typed (plus the definitions sections kept
 * from an import, so an export stays lossless). Derived state — parsed operations, run results, the
 * diagram — is never saved. Versioned; `migrate` upgrades every older version (frozen fixtures in
 * tests/fixtures/store/). A value that is corrupt or from a newer version is copied aside under its
 * own key and reported before anything is written; when it cannot be copied (storage full), its key
 * is held so no later save overwrites it.
 */
import type { KeptDefinitions } from '../engine'
import type { KeyStore, WriteOutcome } from '../storage/key-store'

export const WORK_KEY = 'amqp-playground:work'
export const RESCUE_PREFIX = 'amqp-playground:work:rescued:'
export const CURRENT_VERSION = 2

/** Version 2 (current). */
export interface SavedWork {
  version: 2
  text: string
  /** Sections/fields of the last definitions.json import that the playground does not simulate. */
  kept: KeptDefinitions | null
  /**
   * The text as last loaded (sample, lesson, link). Optional, so older version-2 saves stay valid:
   * after a reload, an unchanged loaded case is not mistaken for the user's own work.
   */
  pristine?: string
}

/**
 * Version 1 (first release of the playground branch): the script under `script`, and the imported
 * definitions' extra sections flattened into `ignored` (their per-entry extras were not kept yet).
 */
export interface SavedWorkV1 {
  version: 1
  script: string
  ignored?: Record<string, unknown>
}

export type LoadOutcome =
  | { kind: 'empty' }
  | { kind: 'loaded'; work: SavedWork; migratedFrom?: number }
  | { kind: 'rescued'; reason: 'corrupt' | 'newer'; rescueKey: string; detail: string }

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Upgrade any known version to the current one. Throws on a shape that does not fit its version. */
export function migrate(raw: unknown): { work: SavedWork; from: number } {
  if (!isObj(raw) || typeof raw.version !== 'number') throw new Error('no version number')
  const from = raw.version
  let v: unknown = raw
  if (from === 1) {
    const old = v as SavedWorkV1
    if (typeof old.script !== 'string') throw new Error('version 1 without a script')
    const sections = isObj(old.ignored) ? (old.ignored as KeptDefinitions['sections']) : {}
    v = {
      version: 2,
      text: old.script,
      kept: Object.keys(sections).length ? { order: Object.keys(sections), sections, extras: {} } : null,
    }
  }
  const w = v as SavedWork
  if (w.version !== 2 || typeof w.text !== 'string' || !(w.kept === null || isObj(w.kept)))
    throw new Error(`version ${from} with an unexpected shape`)
  const work: SavedWork = { version: 2, text: w.text, kept: w.kept }
  if (typeof w.pristine === 'string') work.pristine = w.pristine
  return { work, from }
}

/** Read the saved work. Never throws and never loses what was there. */
export function loadWork(keys: KeyStore, now: () => Date = () => new Date()): LoadOutcome {
  const raw = keys.read(WORK_KEY)
  if (raw === null) return { kind: 'empty' }
  let reason: 'corrupt' | 'newer' = 'corrupt'
  let detail: string
  try {
    const parsed: unknown = JSON.parse(raw)
    if (isObj(parsed) && typeof parsed.version === 'number' && parsed.version > CURRENT_VERSION) {
      reason = 'newer'
      detail = `saved by version ${parsed.version}; this page understands up to ${CURRENT_VERSION}`
    } else {
      const { work, from } = migrate(parsed)
      return from === CURRENT_VERSION
        ? { kind: 'loaded', work }
        : { kind: 'loaded', work, migratedFrom: from }
    }
  } catch (e) {
    detail = e instanceof Error ? e.message : String(e)
  }
  const rescueKey = RESCUE_PREFIX + now().toISOString()
  if (keys.write(rescueKey, raw) === 'saved') return { kind: 'rescued', reason, rescueKey, detail }
  // Not copied (storage full): the original stays under WORK_KEY, held so no save replaces it.
  keys.hold(WORK_KEY)
  return { kind: 'rescued', reason, rescueKey: WORK_KEY, detail }
}

/** Save the work; anything but 'saved' means it lives only in memory now. */
export function saveWork(keys: KeyStore, work: Omit<SavedWork, 'version'>): WriteOutcome {
  const saved: SavedWork = { version: CURRENT_VERSION, text: work.text, kept: work.kept }
  if (work.pristine !== undefined) saved.pristine = work.pristine
  return keys.write(WORK_KEY, JSON.stringify(saved))
}
