/** The one door to localStorage: never throws, reports a full quota, never overwrites a held key. */
import { describe, expect, it } from 'vitest'
import { createKeyStore, isQuotaError } from '../../src/storage/key-store'
import { quotaStorage } from './support/quota-storage'

const throwing = (error: unknown) => ({
  getItem: () => {
    throw error
  },
  setItem: () => {
    throw error
  },
  removeItem: () => {
    throw error
  },
})

describe('key store', () => {
  it('reads and writes through the backend', () => {
    const storage = quotaStorage()
    const keys = createKeyStore(storage)
    expect(keys.write('a', '1')).toBe('saved')
    expect(keys.read('a')).toBe('1')
    expect(keys.remove('a')).toBe(true)
    expect(keys.read('a')).toBeNull()
    expect(keys.status()).toEqual({ full: false, persistent: true })
  })

  it('a full quota is an outcome and a status, not an exception', () => {
    const storage = quotaStorage({ a: 'xxxx' })
    storage.fill()
    const keys = createKeyStore(storage)
    const seen: boolean[] = []
    keys.subscribe((s) => seen.push(s.full))
    expect(keys.write('b', 'y')).toBe('full')
    expect(keys.status().full).toBe(true)
    expect(seen).toEqual([true])
    // A write that shrinks a value succeeds in a full browser storage, as here.
    expect(keys.write('a', 'x')).toBe('saved')
  })

  it('a held key is neither overwritten nor removed', () => {
    const storage = quotaStorage({ work: 'rescued' })
    const keys = createKeyStore(storage)
    keys.hold('work')
    expect(keys.write('work', 'new')).toBe('held')
    expect(keys.remove('work')).toBe(false)
    expect(storage.data.get('work')).toBe('rescued')
    expect(keys.isHeld('work')).toBe(true)
  })

  it('a storage that throws on every call (blocked) never throws out', () => {
    const keys = createKeyStore(throwing(new DOMException('denied', 'SecurityError')))
    expect(keys.read('a')).toBeNull()
    expect(keys.write('a', '1')).toBe('unavailable')
    expect(keys.remove('a')).toBe(false)
    expect(keys.status().full).toBe(false)
  })

  it('without a browser storage, values live in memory for the page', () => {
    const keys = createKeyStore(null)
    expect(keys.write('a', '1')).toBe('unavailable')
    expect(keys.read('a')).toBe('1')
    expect(keys.status().persistent).toBe(false)
  })

  it('knows the quota errors of each engine', () => {
    expect(isQuotaError(new DOMException('x', 'QuotaExceededError'))).toBe(true)
    expect(isQuotaError(new DOMException('x', 'NS_ERROR_DOM_QUOTA_REACHED'))).toBe(true)
    expect(isQuotaError(new DOMException('x', 'SecurityError'))).toBe(false)
    expect(isQuotaError('QuotaExceededError')).toBe(false)
  })
})

describe('one door', () => {
  it('no module outside src/storage touches localStorage or sessionStorage', async () => {
    const { readFileSync } = await import('node:fs')
    const { files } = await import('./support/source-imports')
    const offenders = files('src')
      .filter((f) => !f.replaceAll('\\', '/').includes('src/storage/'))
      .filter((f) => /\b(localStorage|sessionStorage)\s*(\.|\[|\))/.test(readFileSync(f, 'utf8')))
    expect(offenders).toEqual([])
  })
})
