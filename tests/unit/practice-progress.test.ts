import { describe, expect, it } from 'vitest'
import {
  emptyProgress,
  loadProgress,
  PROGRESS_KEY,
  parseProgress,
  recordAttempt,
  saveProgress,
} from '../../src/practice/progress/progress-model'
import { createKeyStore } from '../../src/storage/key-store'
import { quotaStorage } from './support/quota-storage'

function memoryStorage(init: Record<string, string> = {}) {
  const storage = quotaStorage(init)
  return Object.assign(createKeyStore(storage), { data: storage.data })
}

describe('practice progress', () => {
  it('uses its own versioned key and survives a save/load round trip', () => {
    expect(PROGRESS_KEY).toMatch(/practice-progress:v1$/)
    const s = memoryStorage()
    const p = recordAttempt(emptyProgress(), 'predict-orders', { status: 'wrong', score: 2, maxScore: 4 })
    saveProgress(s, p)
    expect(loadProgress(s)).toEqual({ progress: p, corrupt: null })
  })

  it('keeps a solved status and the best score across later attempts', () => {
    let p = recordAttempt(emptyProgress(), 'x', { status: 'correct', score: 4, maxScore: 4 })
    p = recordAttempt(p, 'x', { status: 'wrong', score: 1, maxScore: 4 })
    expect(p.entries.x).toMatchObject({ status: 'correct', attempts: 2, bestScore: 4, maxScore: 4 })
    p = recordAttempt(p, 'x', { status: 'revealed', force: true })
    expect(p.entries.x?.status).toBe('revealed')
  })

  it('moves a corrupt value aside, reports it and starts fresh', () => {
    for (const bad of [
      '{not json',
      '{"format":"other","version":1,"entries":{}}',
      '{"format":"amqp-playground-practice-progress","version":1,"entries":{"a":{"status":"wat","attempts":1,"updatedAt":"x"}}}',
    ]) {
      const s = memoryStorage({ [PROGRESS_KEY]: bad })
      const r = loadProgress(s, 42)
      expect(r.progress).toEqual(emptyProgress())
      expect(r.corrupt?.keptAs).toBe(`${PROGRESS_KEY}:corrupt:42`)
      expect(s.data.get(`${PROGRESS_KEY}:corrupt:42`)).toBe(bad)
      expect(s.data.has(PROGRESS_KEY)).toBe(false)
    }
  })

  it('refuses imports with a located error', () => {
    expect(() => parseProgress('[]')).toThrow('(root): expected an object')
    expect(() =>
      parseProgress('{"format":"amqp-playground-practice-progress","version":2,"entries":{}}'),
    ).toThrow('version: expected 1')
    expect(() =>
      parseProgress(
        '{"format":"amqp-playground-practice-progress","version":1,"entries":{"q":{"status":"done","attempts":-1,"updatedAt":""}}}',
      ),
    ).toThrow('entries.q.attempts: expected a non-negative integer')
    const ok = recordAttempt(emptyProgress(), 'hw-01', { status: 'done' })
    expect(parseProgress(JSON.stringify(ok))).toEqual(ok)
  })
})
