import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  emptyProgress,
  loadProgress,
  PROGRESS_KEY,
  parseProgress,
  rateHomework,
  recordAnswerShown,
  recordAttempt,
  recordDeckShown,
  saveDraft,
  saveProgress,
  saveRound,
} from '../../src/practice/progress/progress-model'
import { createKeyStore } from '../../src/storage/key-store'
import { quotaStorage } from './support/quota-storage'

function memoryStorage(init: Record<string, string> = {}) {
  const storage = quotaStorage(init)
  return Object.assign(createKeyStore(storage), { data: storage.data })
}
const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/practice/${name}`, import.meta.url), 'utf8')

describe('practice progress', () => {
  it('uses its own key and survives a save/load round trip', () => {
    expect(PROGRESS_KEY).toBe('amqp-playground:practice-progress:v1')
    const s = memoryStorage()
    let p = recordAttempt(emptyProgress(), 'predict-orders', { status: 'wrong', score: 0, maxScore: 2 })
    p = saveDraft(p, 'code-matcher', { text: 'function matches() { return true }' })
    p = rateHomework(p, 'hw-01', { rating: 'looked-up', stuck: 'vhost 和权限' })
    p = saveRound(p, 'q-explain-3', { seed: 12345, tried: ['a'], wrong: 1 })
    p = recordDeckShown(p, 'deck1-5-1-9', 'gen-topic-1-9')
    saveProgress(s, p)
    expect(loadProgress(s)).toEqual({ progress: p, corrupt: null })
  })

  it('remembers the first try, counts graded attempts and keeps a solved status and the best score', () => {
    let p = recordAttempt(emptyProgress(), 'x', { status: 'wrong', score: 1, maxScore: 2 })
    p = recordAttempt(p, 'x', { status: 'correct', score: 2, maxScore: 2 })
    p = recordAttempt(p, 'x', { status: 'wrong', score: 0, maxScore: 2 })
    expect(p.entries.x).toMatchObject({ status: 'correct', attempts: 3, firstTry: 'wrong', bestScore: 2 })
    p = recordAttempt(emptyProgress(), 'y', { status: 'correct' })
    expect(p.entries.y).toMatchObject({ status: 'correct', attempts: 1, firstTry: 'correct' })
  })

  it('a shown answer never counts as correct, and is not an attempt', () => {
    let p = recordAttempt(emptyProgress(), 'q', { status: 'wrong' })
    p = recordAnswerShown(p, 'q')
    expect(p.entries.q).toMatchObject({
      status: 'revealed',
      attempts: 1,
      answerShown: true,
      firstTry: 'wrong',
    })
    p = recordAttempt(p, 'q', { status: 'correct', score: 4, maxScore: 4 })
    expect(p.entries.q).toMatchObject({ status: 'revealed', attempts: 2, answerShown: true })
    expect(p.entries.q?.bestScore).toBeUndefined()
    // the reference solution shown before any run: a passing run is still not "passed"
    p = recordAnswerShown(emptyProgress(), 'code-matcher')
    p = recordAttempt(p, 'code-matcher', { status: 'passed', score: 59, maxScore: 59 })
    expect(p.entries['code-matcher']).toMatchObject({ status: 'revealed', firstTry: 'shown' })
    // solved before the answer was shown stays solved
    p = recordAttempt(emptyProgress(), 'r', { status: 'correct' })
    expect(recordAnswerShown(p, 'r').entries.r).toMatchObject({ status: 'correct', answerShown: true })
  })

  it('saves code drafts with a revision, and keeps the learner’s own text when asked', () => {
    let p = saveDraft(emptyProgress(), 'c', { text: 'a' })
    expect(saveDraft(p, 'c', { text: 'a' })).toBe(p)
    p = saveDraft(p, 'c', { text: 'SOLUTION', mine: 'a' })
    expect(p.code.c).toMatchObject({ text: 'SOLUTION', revision: 2, mine: 'a' })
    p = saveDraft(p, 'c', { text: 'SOLUTION // edited' })
    expect(p.code.c?.mine).toBe('a')
    p = saveDraft(p, 'c', { text: 'a', mine: null })
    expect(p.code.c).toEqual({ text: 'a', revision: 4, savedAt: expect.any(String) })
  })

  it('keeps a question’s open attempt until it is dropped (a reload keeps the wrong-answer count)', () => {
    let p = saveRound(emptyProgress(), 'q', { seed: 5, tried: ['a'], wrong: 1 })
    p = saveRound(p, 'q', { seed: 5, tried: ['a', 'c'], wrong: 2, end: 'shown' })
    const s = memoryStorage()
    saveProgress(s, p)
    expect(loadProgress(s).progress.rounds.q).toEqual({ seed: 5, tried: ['a', 'c'], wrong: 2, end: 'shown' })
    expect(saveRound(p, 'q', null).rounds).toEqual({})
  })

  it('a deck question revealed in the presentation is marked on the deck and shown on its own entry', () => {
    const then = new Date('2026-03-01T10:00:00.000Z')
    let p = recordDeckShown(emptyProgress(), 'deck1-5-1-9', 'gen-topic-1-9', then)
    expect(p.decks['deck1-5-1-9']).toEqual({
      answers: {},
      startedAt: then.toISOString(),
      shown: { 'gen-topic-1-9': then.toISOString() },
    })
    expect(p.entries['gen-topic-1-9']).toMatchObject({ status: 'revealed', answerShown: true })
    // revealed again later: the first time is kept; an answer given after it is not counted as right
    p = recordDeckShown(p, 'deck1-5-1-9', 'gen-topic-1-9', new Date('2026-03-02T00:00:00.000Z'))
    expect(p.decks['deck1-5-1-9']?.shown?.['gen-topic-1-9']).toBe(then.toISOString())
    p = recordAttempt(p, 'gen-topic-1-9', { status: 'correct', score: 2, maxScore: 2 })
    expect(p.entries['gen-topic-1-9']?.status).toBe('revealed')
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
      parseProgress('{"format":"amqp-playground-practice-progress","version":4,"entries":{}}'),
    ).toThrow('version: 4 was written by a newer version of this app; this one reads 1 to 3')
    expect(() =>
      parseProgress(
        '{"format":"amqp-playground-practice-progress","version":1,"entries":{"q":{"status":"done","attempts":-1,"updatedAt":""}}}',
      ),
    ).toThrow('entries.q.attempts: expected a whole number ≥ 0')
    const v2 = JSON.parse(fixture('progress-v2.json')) as Record<string, Record<string, unknown>>
    ;(v2.homework as Record<string, Record<string, unknown>>)['hw-02'] = {
      rating: 'maybe',
      stuck: '',
      updatedAt: '',
    }
    expect(() => parseProgress(JSON.stringify(v2))).toThrow(
      'homework.hw-02.rating: expected one of independent, looked-up, not-yet',
    )
    const v3 = JSON.parse(fixture('progress-v3.json')) as Record<string, Record<string, unknown>>
    ;(v3.rounds as Record<string, unknown>)['q-x'] = { seed: 1, tried: 'a', wrong: 0 }
    expect(() => parseProgress(JSON.stringify(v3))).toThrow('rounds.q-x.tried: expected an array')
    // a version 2 file has no rounds and no revealed deck questions
    const v2b = JSON.parse(fixture('progress-v2.json')) as Record<string, unknown>
    expect(() => parseProgress(JSON.stringify({ ...v2b, rounds: {} }))).toThrow('rounds: unknown field')
  })
})

describe('old progress files (frozen fixtures) migrate and still load', () => {
  it('version 1: entries kept as they were, the new parts empty', () => {
    const text = fixture('progress-v1.json')
    const old = JSON.parse(text) as { entries: Record<string, unknown> }
    const p = parseProgress(text)
    expect(p.version).toBe(3)
    expect(p.entries).toEqual(old.entries)
    expect(p).toMatchObject({ code: {}, homework: {}, decks: {}, rounds: {} })
    // and it can be stored and read back as the current version
    const s = memoryStorage({ [PROGRESS_KEY]: text })
    expect(loadProgress(s).progress).toEqual(p)
  })

  it('version 2: everything kept, no open attempts', () => {
    const text = fixture('progress-v2.json')
    expect(parseProgress(text)).toEqual({ ...JSON.parse(text), version: 3, rounds: {} })
  })

  it('version 3: read exactly as written', () => {
    const text = fixture('progress-v3.json')
    expect(parseProgress(text)).toEqual(JSON.parse(text))
  })
})
