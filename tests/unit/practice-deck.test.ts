/** Quiz decks: the deck id is a contract — everyone who opens it gets the same questions. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { answerOf } from '../../src/practice/answer'
import { buildDeck, deckId, MAX_DECK, parseDeckId } from '../../src/practice/deck/deck-id'
import { resultFile, reviewDeck, shownBeforeFinish } from '../../src/practice/deck/deck-result'
import { explainOnly } from '../../src/practice/engine-run'
import { type Level, parseQuestionId } from '../../src/practice/generator/generate'
import { createRng } from '../../src/practice/generator/rng'

const golden = JSON.parse(
  readFileSync(new URL('../fixtures/practice/golden-decks.json', import.meta.url), 'utf8'),
) as Record<string, string[]>
const LEVEL_SETS: Level[][] = [[1], [2], [3], [1, 2], [1, 3], [2, 3], [1, 2, 3]]

describe('deck ids', () => {
  it('rebuild the same questions, each of which rebuilds from its own id', () => {
    const rng = createRng(77)
    for (let i = 0; i < 60; i++) {
      const deck = buildDeck(rng.int(1, MAX_DECK), rng.pick(LEVEL_SETS), rng.int(0, 0xffffffff))
      expect(parseDeckId(deck.id)).toEqual(deck)
      for (const q of deck.questions) expect(parseQuestionId(q.id)).toEqual(q)
    }
  })

  it('mix templates and levels, within the levels chosen', () => {
    const deck = buildDeck(10, [1, 2, 3], 2024)
    const pairs = deck.questions.map((q) => `${q.template}-${q.level}`)
    expect(new Set(pairs).size).toBe(10)
    expect(new Set(deck.questions.map((q) => q.template)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(deck.questions.map((q) => q.level)).size).toBe(3)
    for (const q of buildDeck(20, [1], 5).questions) expect(q.level).toBe(1)
  })

  it('are canonical: one id per deck', () => {
    expect(deckId(10, [3, 1, 1], 42)).toBe('deck1-10-13-42')
    for (const bad of [
      'deck1-0-1-1',
      'deck1-31-1-1',
      'deck1-10-21-1',
      'deck1-10-11-1',
      'deck1-10-4-1',
      'deck1-10-1-01',
      'deck1-10-1-4294967296',
      'deck2-10-1-1',
      'deck1-10-1-1 ',
    ])
      expect(parseDeckId(bad), bad).toBeNull()
  })

  it('golden decks: a published deck id keeps its questions', () => {
    for (const [id, ids] of Object.entries(golden))
      expect(
        parseDeckId(id)?.questions.map((q) => q.id),
        id,
      ).toEqual(ids)
  })
})

describe('deck review and result file', () => {
  const deck = buildDeck(10, [1, 2, 3], 2024)

  it('scores a blank deck 0 and the engine’s own answers full marks', () => {
    const blank = reviewDeck(deck, {})
    expect(blank.score).toBe(0)
    expect(blank.correct).toBe(0)
    expect(blank.maxScore).toBeGreaterThanOrEqual(10)
    const perfect = Object.fromEntries(
      deck.questions.map((q) => {
        const a = answerOf(explainOnly(q.scenario).publish)
        const nowhere = a.outcome === 'returned' || a.outcome === 'dropped' ? a.outcome : null
        return [q.id, { queues: a.queues, nowhere }]
      }),
    )
    const full = reviewDeck(deck, perfect)
    expect(full.score).toBe(full.maxScore)
    expect(full.correct).toBe(10)
  })

  it('writes a result file with the deck link, the total and every question', () => {
    const review = reviewDeck(deck, {})
    const file = resultFile(deck, review, {
      link: 'http://x/?view=practice&deck=deck1-10-123-2024',
      language: 'zh-CN',
      startedAt: 'a',
      finishedAt: 'b',
    })
    expect(file).toMatchObject({
      format: 'amqp-playground-quiz-result',
      version: 2,
      deck: 'deck1-10-123-2024',
      score: 0,
      maxScore: review.maxScore,
    })
    expect(file.questions.map((q) => q.id)).toEqual(deck.questions.map((q) => q.id))
    expect(JSON.parse(JSON.stringify(file))).toEqual(file)
    expect(file).toMatchObject({ answersShown: 0 })
  })

  it('marks the questions the presentation revealed before the deck was finished', () => {
    const [a, b, c] = deck.questions.map((q) => q.id) as [string, string, string]
    const shown = shownBeforeFinish({
      shown: { [a]: '2026-03-01T10:00:00.000Z', [b]: '2026-03-01T12:00:00.000Z' },
      finishedAt: '2026-03-01T11:00:00.000Z',
    })
    expect([...shown]).toEqual([a]) // b was revealed after the deck was handed in
    expect(shownBeforeFinish({ shown: { [c]: 'x' } })).toEqual(new Set([c])) // not finished yet: all count
    const review = reviewDeck(deck, {}, shown)
    expect(review.answersShown).toBe(1)
    expect(review.items.filter((x) => x.answerShown).map((x) => x.id)).toEqual([a])
    const file = resultFile(deck, review, { link: 'l', language: 'en', startedAt: 's', finishedAt: 'f' })
    expect(file.answersShown).toBe(1)
    expect(file.questions.find((q) => q.id === a)?.answerShown).toBe(true)
    expect(file.questions.find((q) => q.id === b)?.answerShown).toBe(false)
  })
})
