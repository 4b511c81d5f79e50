/** Full storage loses nothing: a rescued save is never overwritten, a corrupt progress entry never throws. */
import { describe, expect, it } from 'vitest'
import {
  loadProgress,
  PROGRESS_KEY,
  recordAttempt,
  saveProgress,
} from '../../src/practice/progress/progress-model'
import { createKeyStore } from '../../src/storage/key-store'
import { createPlaygroundStore } from '../../src/store/playground-store'
import { WORK_KEY } from '../../src/store/saved-work'
import { quotaStorage } from './support/quota-storage'

const NEWER = JSON.stringify({ version: 9, text: 'queue declare from-the-future\n'.repeat(20), extra: 1 })
const tick = () => new Promise((r) => setTimeout(r, 5))

describe('full storage', () => {
  it('a newer-version save that could not be copied aside survives the next keystrokes', async () => {
    const storage = quotaStorage({ [WORK_KEY]: NEWER, other: 'x'.repeat(100) })
    storage.fill()
    const keys = createKeyStore(storage)
    const store = createPlaygroundStore({
      storage: keys,
      defaultText: 'queue declare example',
      saveDelayMs: 0,
    })
    expect(store.getState().notices.map((n) => n.key)).toEqual(['savedKeptInPlace'])
    store.getState().setText('queue declare q')
    await tick()
    store.getState().setText('queue declare q2')
    await tick()
    expect(storage.data.get(WORK_KEY)).toBe(NEWER)
    // The typed work is kept in memory and the user is told it was not saved.
    expect(store.getState().text).toBe('queue declare q2')
    expect(store.getState().notices.map((n) => n.key)).toEqual(['savedKeptInPlace'])
  })

  it('a corrupt progress entry with full storage is kept where it is and nothing throws', () => {
    const bad = '{"format":"amqp-playground-practice-progress","version":1,"entries":{"a":{"status":"wat"}}}'
    const storage = quotaStorage({ [PROGRESS_KEY]: bad })
    storage.fill()
    const keys = createKeyStore(storage)
    const loaded = loadProgress(keys, 42)
    expect(loaded.corrupt?.keptAs).toBe(PROGRESS_KEY)
    expect(storage.data.get(PROGRESS_KEY)).toBe(bad)
    const next = recordAttempt(loaded.progress, 'x', { status: 'correct' })
    expect(saveProgress(keys, next)).toBe('held')
    expect(storage.data.get(PROGRESS_KEY)).toBe(bad)
    expect(keys.status().full).toBe(true)
  })

  it('plain full storage: the work stays in memory, the user is told once, and a later save recovers', async () => {
    const storage = quotaStorage({ other: 'x'.repeat(500) })
    storage.fill()
    const keys = createKeyStore(storage)
    const store = createPlaygroundStore({
      storage: keys,
      defaultText: 'queue declare example',
      saveDelayMs: 0,
    })
    store.getState().setText('queue declare mine')
    await tick()
    store.getState().setText('queue declare mine2')
    await tick()
    expect(storage.data.has(WORK_KEY)).toBe(false)
    expect(store.getState().notices.map((n) => n.key)).toEqual(['saveFailed'])
    expect(keys.status().full).toBe(true)
    storage.removeItem('other') // the user made room
    store.getState().setText('queue declare mine3')
    await tick()
    expect(JSON.parse(storage.data.get(WORK_KEY) ?? '{}').text).toBe('queue declare mine3')
  })
})
