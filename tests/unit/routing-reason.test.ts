/**
 * Why a binding matched is worded in one module (src/explain/routing-reason.ts) from one catalogue
 * (reason-messages.ts): the why panel, the lessons' steppers and practice feedback each say it with
 * their own translator, and all three get the same words in both languages.
 */
import { describe, expect, it } from 'vitest'
import { type BindingEvaluation, runScenario } from '../../src/engine'
import { explainMessages } from '../../src/explain/explain-messages'
import { reasonMessages } from '../../src/explain/reason-messages'
import {
  directSentence,
  fanoutSentence,
  headerRowSentence,
  headersSentence,
  reasonBrief,
  reasonLine,
  topicSentence,
  topicStop,
} from '../../src/explain/routing-reason'
import { type Catalogue, translate } from '../../src/i18n/messages'
import { routeMessages } from '../../src/lessons/route-messages'
import { bindingFact } from '../../src/practice/explain-model'
import { practiceMessages } from '../../src/practice/practice-messages'

const FEATURES = { explain: explainMessages, lessons: routeMessages, practice: practiceMessages }
const tOf =
  <K extends string>(c: Catalogue<K>, lang: 'en' | 'zh-CN') =>
  (key: K, params?: Record<string, string | number>) =>
    translate(c, lang, key, params)

const run = runScenario({
  exchanges: [
    { name: 't', type: 'topic' },
    { name: 'd', type: 'direct' },
    { name: 'f', type: 'fanout' },
    { name: 'h', type: 'headers' },
  ],
  queues: [{ name: 'q' }],
  bindings: [
    { source: 't', destination: 'q', destination_type: 'queue', routing_key: 'order.*.paid' },
    { source: 't', destination: 'q', destination_type: 'queue', routing_key: 'order' },
    { source: 't', destination: 'q', destination_type: 'queue', routing_key: 'order.eu' },
    { source: 'd', destination: 'q', destination_type: 'queue', routing_key: 'Order' },
    { source: 'f', destination: 'q', destination_type: 'queue', routing_key: '' },
    {
      source: 'h',
      destination: 'q',
      destination_type: 'queue',
      routing_key: '',
      arguments: { 'x-match': 'all', format: 'pdf', lang: 'en' },
    },
  ],
  publishes: [
    { id: 'mt', exchange: 't', routing_key: 'order.eu.created' },
    { id: 'md', exchange: 'd', routing_key: 'order' },
    { id: 'mf', exchange: 'f', routing_key: 'x' },
    { id: 'mh', exchange: 'h', routing_key: '', headers: { format: 'pdf' } },
  ],
})
const evals = (id: string): BindingEvaluation[] =>
  run.publishes.find((p) => p.id === id)?.hops.flatMap((h) => h.evaluations) ?? []

describe('one wording of each routing reason', () => {
  it('every feature catalogue holds the reason catalogue word for word, in both languages', () => {
    for (const [name, cat] of Object.entries(FEATURES))
      for (const lang of ['en', 'zh-CN'] as const)
        for (const [key, text] of Object.entries(reasonMessages[lang]))
          expect((cat[lang] as Record<string, string>)[key], `${name} ${lang} ${key}`).toBe(text)
  })

  it('the why panel, a stepper and practice word a reason alike through any feature translator', () => {
    const [mismatch, patternEnded, patternEndedToo] = evals('mt')
    if (!mismatch || !patternEnded || !patternEndedToo) throw new Error('three topic evaluations')
    for (const lang of ['en', 'zh-CN'] as const) {
      const [a, b, c] = Object.values(FEATURES).map((cat) => tOf(cat as Catalogue<never>, lang))
      for (const ev of [...evals('mt'), ...evals('md'), ...evals('mf'), ...evals('mh')]) {
        expect(reasonLine(ev, a as never)).toBe(reasonLine(ev, b as never))
        expect(reasonBrief(ev, b as never)).toBe(reasonBrief(ev, c as never))
      }
    }
    const t = tOf(reasonMessages, 'en')
    expect(reasonLine(mismatch, t)).toBe(
      'routing key “order.eu.created”: stops: pattern word “paid” does not match key word “created”',
    )
    expect(reasonLine(patternEnded, t)).toBe(
      'routing key “order.eu.created”: stops: the pattern has ended but key words remain: “eu.created”',
    )
    expect(reasonBrief(mismatch, t)).toBe('pattern order.*.paid vs key order.eu.created: no match')
    expect(reasonBrief(patternEndedToo, t)).toBe('pattern order.eu vs key order.eu.created: no match')
    const [direct] = evals('md')
    const [fanout] = evals('mf')
    const [headers] = evals('mh')
    if (!direct || !fanout || !headers) throw new Error('one evaluation each')
    expect(reasonLine(direct, t)).toBe('binding key “Order” vs routing key “order”: different')
    expect(reasonBrief(direct, t)).toBe('binding key “Order” vs routing key “order”: no match')
    expect(directSentence(direct, 'order', false, t)).toBe(
      'Binding d → q with key Order: differs from the routing key order (direct compares exactly, case included).',
    )
    expect(reasonBrief(fanout, t)).toBe('fanout: every binding matches')
    expect(fanoutSentence(fanout, t)).toMatch(/^Fanout binding f → q: /)
    expect(reasonLine(headers, t)).toBe('x-match = all: 1 of 2 considered arguments match')
    expect(reasonBrief(headers, t)).toBe('x-match all: format ✓, lang ✗')
    expect(headersSentence(headers, 'all', t)).toBe('Headers binding h → q (x-match=all): no match.')
    expect(
      headerRowSentence({ key: 'lang', want: 'en', got: null, result: false, considered: true }, t),
    ).toBe('lang: wants en, message has nothing ✗')
  })

  it('practice reads where a topic match stopped as the why panel does', () => {
    const t = tOf(reasonMessages, 'zh-CN')
    const words: [string | undefined, string | undefined][] = []
    for (const ev of evals('mt')) {
      const fact = bindingFact(ev, 'order.eu.created')
      if (fact.kind !== 'topic' || ev.reason.kind !== 'topic') throw new Error('a topic fact')
      words.push([fact.patternWord, fact.keyWord])
      const stop = topicStop(ev.reason.perKey[0] as never)
      expect(stop.kind).not.toBe('matched')
      expect(topicSentence(ev, fact.key, fact.matched, t, fact.patternWord, fact.keyWord)).toMatch(
        /^绑定 t → q，键 order/,
      )
    }
    // a mismatch (both words), then two patterns that end first (the first key word left over)
    expect(words).toEqual([
      ['paid', 'created'],
      [undefined, 'eu'],
      [undefined, 'created'],
    ])
  })
})
