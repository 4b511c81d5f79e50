/**
 * The one door to the browser's key-value storage: every read and write of localStorage (and
 * sessionStorage) in the app goes through a KeyStore, so three rules hold everywhere:
 * - nothing throws (private mode, disabled storage, a full quota): a write says what happened;
 * - a full storage is reported to listeners (the shell says so) instead of failing silently;
 * - a held key — one holding a save this page could not read and could not copy aside — is never
 *   overwritten or removed while the page lives: in the browser a write that *shrinks* a value
 *   succeeds even when storage is full, so "the write will fail anyway" protects nothing.
 */

export interface StorageBackend {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** saved: written; full: quota exceeded; unavailable: no storage (kept in memory); held: refused. */
export type WriteOutcome = 'saved' | 'full' | 'unavailable' | 'held'

export interface StorageStatus {
  /**
   * A write was refused for lack of space during this page's life. It stays set: a later write that
   * succeeds may only have replaced a value by a smaller one, which a full storage still allows.
   */
  full: boolean
  /** False when the browser gives no storage: values last until the tab closes. */
  persistent: boolean
}

export interface KeyStore {
  read(key: string): string | null
  write(key: string, value: string): WriteOutcome
  /** False when the key is held or storage refused. */
  remove(key: string): boolean
  /** Protect the key's current value for the rest of this page's life. */
  hold(key: string): void
  isHeld(key: string): boolean
  status(): StorageStatus
  subscribe(listener: (status: StorageStatus) => void): () => void
}

/** QuotaExceededError across engines (Firefox's old name, Safari's code 22). */
export function isQuotaError(e: unknown): boolean {
  if (!(e instanceof Error) && !(typeof DOMException !== 'undefined' && e instanceof DOMException))
    return false
  const err = e as DOMException
  return (
    err.name === 'QuotaExceededError' ||
    err.name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    err.code === 22 ||
    err.code === 1014
  )
}

function memoryBackend(): StorageBackend {
  const data = new Map<string, string>()
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  }
}

/** A KeyStore over `backend`; null means the browser gives none, and values live in memory. */
export function createKeyStore(backend: StorageBackend | null): KeyStore {
  const persistent = backend !== null
  const store = backend ?? memoryBackend()
  const held = new Set<string>()
  const listeners = new Set<(s: StorageStatus) => void>()
  let status: StorageStatus = { full: false, persistent }
  const setFull = () => {
    if (status.full) return
    status = { ...status, full: true }
    for (const l of listeners) l(status)
  }
  return {
    read(key) {
      try {
        return store.getItem(key)
      } catch {
        return null
      }
    },
    write(key, value) {
      if (held.has(key)) return 'held'
      try {
        store.setItem(key, value)
      } catch (e) {
        if (!isQuotaError(e)) return 'unavailable'
        setFull()
        return 'full'
      }
      return persistent ? 'saved' : 'unavailable'
    },
    remove(key) {
      if (held.has(key)) return false
      try {
        store.removeItem(key)
        return true
      } catch {
        return false
      }
    },
    hold: (key) => void held.add(key),
    isHeld: (key) => held.has(key),
    status: () => status,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/** The browser's storage object, or null when there is none or touching it throws (blocked cookies). */
function browserBackend(kind: 'localStorage' | 'sessionStorage'): StorageBackend | null {
  try {
    const s = (globalThis as Partial<Record<typeof kind, Storage>>)[kind]
    if (!s) return null
    s.getItem('amqp-playground:probe')
    return s
  } catch {
    return null
  }
}

/** The app's localStorage: work, progress, theme and language. */
export const localKeys: KeyStore = createKeyStore(browserBackend('localStorage'))
