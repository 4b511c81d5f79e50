import { describe, expect, it } from 'vitest'
import { topicMatchReference } from '../../src/engine'
import { readTopic } from '../../src/explain/topic-steps'
import { explainTopicFor } from './explain-fixtures'

describe('readTopic: word by word from the DP table', () => {
  it('aligns a match: literal, *, and # taking several words', () => {
    const r = readTopic(explainTopicFor('order.*.#', 'order.eu.paid.late'))
    expect(r.failure).toBeNull()
    expect(r.steps).toEqual([
      { patternWord: 'order', keyWords: ['order'] },
      { patternWord: '*', keyWords: ['eu'] },
      { patternWord: '#', keyWords: ['paid', 'late'] },
    ])
  })

  it('lets # take no word', () => {
    const r = readTopic(explainTopicFor('order.#', 'order'))
    expect(r.steps).toEqual([
      { patternWord: 'order', keyWords: ['order'] },
      { patternWord: '#', keyWords: [] },
    ])
  })

  it('names the mismatching words', () => {
    const r = readTopic(explainTopicFor('order.created', 'order.paid'))
    expect(r.steps).toEqual([{ patternWord: 'order', keyWords: ['order'] }])
    expect(r.failure).toEqual({
      kind: 'mismatch',
      patternWord: 'created',
      keyWord: 'paid',
      patternIndex: 1,
      keyIndex: 1,
    })
  })

  it('says when the key is too short', () => {
    const r = readTopic(explainTopicFor('*.created', 'zzz'))
    expect(r.steps).toEqual([{ patternWord: '*', keyWords: ['zzz'] }])
    expect(r.failure).toEqual({ kind: 'key-too-short', patternWord: 'created', patternIndex: 1 })
  })

  it('says when the key is too long', () => {
    const r = readTopic(explainTopicFor('a.*', 'a.b.c'))
    expect(r.failure).toEqual({ kind: 'key-too-long', keyWords: ['c'], keyIndex: 2 })
    expect(r.steps.map((s) => s.patternWord)).toEqual(['a', '*'])
  })

  it('handles empty words and an empty key', () => {
    const r = readTopic(explainTopicFor('#', ''))
    expect(r.failure).toBeNull()
    const dots = readTopic(explainTopicFor('a..b', 'a..b'))
    expect(dots.failure).toBeNull()
    expect(dots.steps.map((s) => s.keyWords)).toEqual([['a'], [''], ['b']])
  })

  it('agrees with the reference matcher and consumes every key word exactly once on a match', () => {
    const patterns = ['#', '*', '#.#', '*.#', '#.*', 'a.#.b', 'a.*.#.c', '#.a.#', 'a.b', '*.*.*']
    const keys = ['', 'a', 'a.b', 'a.x.b', 'a.x.y.c', 'x.a.y', 'a.b.c', 'c']
    for (const p of patterns) {
      for (const k of keys) {
        const te = explainTopicFor(p, k)
        const r = readTopic(te)
        expect(r.failure === null, `${p} vs ${k}`).toBe(topicMatchReference(p, k))
        if (r.failure === null) {
          expect(r.steps.flatMap((s) => s.keyWords)).toEqual(te.keyWords)
          expect(r.steps.map((s) => s.patternWord)).toEqual(te.patternWords)
        }
      }
    }
  })
})
