// The DP trace the lessons stepper plays, and the topic explanation's "where it failed".
import { describe, expect, it } from 'vitest'
import { explainTopic, splitWords, topicDpTrace } from '../../src/engine'

describe('splitWords', () => {
  it.each([
    ['', []],
    ['.', ['', '']],
    ['a..b', ['a', '', 'b']],
    ['a.', ['a', '']],
    ['.a', ['', 'a']],
    ['a#.**', ['a#', '**']],
  ] as [string, string[]][])('%j → %j', (key, words) => {
    expect(splitWords(key)).toEqual(words)
  })
})

describe('topicDpTrace', () => {
  it('order.# vs order: every cell with its rule, row by row', () => {
    const t = topicDpTrace('order.#', 'order')
    expect(t.matched).toBe(true)
    expect(t.steps.map((s) => [s.i, s.j, s.value, s.rule])).toEqual([
      [0, 0, true, 'init'],
      [0, 1, false, 'empty-pattern'],
      [1, 0, false, 'literal-mismatch'],
      [1, 1, true, 'literal-match'],
      [2, 0, false, 'hash-zero'],
      [2, 1, true, 'hash-zero'],
    ])
    expect(t.steps[5]?.from).toEqual([[1, 1]])
    expect(t.rolling.map((r) => [r.word, r.prev, r.cur])).toEqual([
      [null, null, [true, false]],
      ['order', [true, false], [false, true]],
      ['#', [false, true], [false, true]],
    ])
  })

  it('# takes more words from the left cell (hash-more) and * takes exactly one', () => {
    const t = topicDpTrace('#.*', 'a.b')
    const rule = (i: number, j: number) => t.steps.find((s) => s.i === i && s.j === j)
    expect(rule(1, 1)).toMatchObject({ value: true, rule: 'hash-more', from: [[1, 0]] })
    expect(rule(2, 0)).toMatchObject({ value: false, rule: 'star', from: [] })
    expect(rule(2, 2)).toMatchObject({ value: true, rule: 'star', from: [[1, 1]] })
    expect(t.matched).toBe(true)
    const miss = topicDpTrace('a.#', 'b')
    expect(miss.steps.find((s) => s.i === 2 && s.j === 1)).toMatchObject({
      value: false,
      rule: 'hash-zero-or-more',
      from: [
        [1, 1],
        [2, 0],
      ],
    })
  })
})

describe('explainTopic', () => {
  it('points at the pattern word that could go no further and the key word it faced', () => {
    expect(explainTopic('order.*', 'order.eu.created').failedAt).toEqual({ patternIndex: null, keyIndex: 2 })
    expect(explainTopic('order.paid', 'order.created').failedAt).toEqual({ patternIndex: 1, keyIndex: 1 })
    expect(explainTopic('a.b.c', 'a').failedAt).toEqual({ patternIndex: 1, keyIndex: null })
    expect(explainTopic('x', 'a').failedAt).toEqual({ patternIndex: 0, keyIndex: 0 })
    expect(explainTopic('order.#', 'order').failedAt).toBeUndefined()
  })
})
