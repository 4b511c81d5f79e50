import { describe, expect, it } from 'vitest'
import { explainTopic, topicMatchReference } from '../../src/engine'
import { explainMessages } from '../../src/explain/explain-messages'
import { topicStopLine as topicFailureText } from '../../src/explain/routing-reason'
import { translate } from '../../src/i18n/messages'

const t = ((key: string, params?: Record<string, string | number>) =>
  translate(explainMessages, 'en', key as never, params)) as Parameters<typeof topicFailureText>[1]

describe('the engine says which key words each pattern word took', () => {
  it('aligns a match: literal, *, and # taking several words', () => {
    const te = explainTopic('order.*.#', 'order.eu.paid.late')
    expect(te.matched).toBe(true)
    expect(te.taken).toEqual([
      { patternWord: 'order', keyWords: ['order'] },
      { patternWord: '*', keyWords: ['eu'] },
      { patternWord: '#', keyWords: ['paid', 'late'] },
    ])
  })

  it('lets # take no word', () => {
    expect(explainTopic('order.#', 'order').taken).toEqual([
      { patternWord: 'order', keyWords: ['order'] },
      { patternWord: '#', keyWords: [] },
    ])
  })

  it('follows the deepest partial match and says where it stopped', () => {
    const mismatch = explainTopic('order.created', 'order.paid')
    expect(mismatch.taken).toEqual([{ patternWord: 'order', keyWords: ['order'] }])
    expect(topicFailureText(mismatch, t)).toBe('stops: pattern word “created” does not match key word “paid”')
    const short = explainTopic('*.created', 'zzz')
    expect(short.taken).toEqual([{ patternWord: '*', keyWords: ['zzz'] }])
    expect(topicFailureText(short, t)).toBe('stops: no key word left for pattern word “created”')
    const long = explainTopic('a.*', 'a.b.c')
    expect(long.taken.map((s) => s.patternWord)).toEqual(['a', '*'])
    expect(topicFailureText(long, t)).toBe('stops: the pattern has ended but key words remain: “c”')
  })

  it('handles empty words and an empty key', () => {
    expect(explainTopic('#', '').matched).toBe(true)
    expect(explainTopic('a..b', 'a..b').taken.map((s) => s.keyWords)).toEqual([['a'], [''], ['b']])
  })

  it('agrees with the reference matcher and consumes every key word exactly once on a match', () => {
    const patterns = ['#', '*', '#.#', '*.#', '#.*', 'a.#.b', 'a.*.#.c', '#.a.#', 'a.b', '*.*.*']
    const keys = ['', 'a', 'a.b', 'a.x.b', 'a.x.y.c', 'x.a.y', 'a.b.c', 'c']
    for (const p of patterns) {
      for (const k of keys) {
        const te = explainTopic(p, k)
        expect(te.matched, `${p} vs ${k}`).toBe(topicMatchReference(p, k))
        if (te.matched) {
          expect(te.taken.flatMap((s) => s.keyWords)).toEqual(te.keyWords)
          expect(te.taken.map((s) => s.patternWord)).toEqual(te.patternWords)
        }
      }
    }
  })
})
