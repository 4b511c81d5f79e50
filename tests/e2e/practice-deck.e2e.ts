/**
 * Quiz decks: a 10-question deck answered in a row gives one score, a review and a result file; the
 * deck's link gives the same questions in another browser; the presentation reveals per question.
 */
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerOf } from '../../src/practice/answer'
import { parseDeckId } from '../../src/practice/deck/deck-id'
import { reviewDeck } from '../../src/practice/deck/deck-result'
import { explainOnly } from '../../src/practice/engine-run'
import { parseQuestionId } from '../../src/practice/generator/generate'
import type { DeckAnswer } from '../../src/practice/progress/progress-types'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { expectClean } from './support/practice'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The question ids of a deck as the page shows them, walking with Next. */
async function walkDeck(page: Page, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    await expect.poll(() => page.getByTestId('deck-view').getAttribute('data-item')).toBe(String(i + 1))
    ids.push((await page.getByTestId('deck-question').getAttribute('data-question')) ?? '')
    if (i < count - 1) await page.getByTestId('deck-next').click()
  }
  return ids
}

let deckHref = ''

describe('practice: quiz decks', () => {
  it('a 10-question deck answered in a row gives one score, a review and a downloadable result', async () => {
    const w = await openPage(browser, '?view=practice&tab=deck')
    const { page } = w
    await page.getByTestId('deck-count').selectOption('10')
    await page.getByTestId('deck-start').click()
    const view = page.getByTestId('deck-view')
    await view.waitFor()
    const id = (await view.getAttribute('data-deck')) ?? ''
    const deck = parseDeckId(id)
    expect(deck?.count).toBe(10)
    if (!deck) return
    deckHref = (await page.getByTestId('deck-link').getAttribute('href')) ?? ''
    // answer: the engine's answer on even questions, one wrong queue on every third, nothing otherwise
    const given: Record<string, DeckAnswer> = {}
    for (const [i, q] of deck.questions.entries()) {
      expect(await page.getByTestId('deck-question').getAttribute('data-question')).toBe(q.id)
      // test mode: nothing is graded on the way
      expect(await page.getByTestId('deck-answer').count()).toBe(0)
      const right = answerOf(explainOnly(q.scenario).publish)
      if (i % 2 === 0) {
        for (const queue of right.queues) await page.getByTestId(`mark-${queue}`).check()
        if (right.outcome === 'returned' || right.outcome === 'dropped')
          await page.getByTestId(`nowhere-${right.outcome}`).check()
        given[q.id] = {
          queues: right.queues,
          nowhere: right.outcome === 'returned' || right.outcome === 'dropped' ? right.outcome : null,
        }
      } else if (i % 3 === 0) {
        const queue = q.candidates.find((c) => !right.queues.includes(c)) ?? (q.candidates[0] as string)
        await page.getByTestId(`mark-${queue}`).check()
        given[q.id] = { queues: [queue], nowhere: null }
      }
      if (i === 4) {
        await page.locator('[data-testid="practice-diagram"] svg').waitFor({ timeout: 30_000 })
        await screenshot(page, 'practice-deck-question-en')
      }
      if (i < 9) await page.getByTestId('deck-next').click()
    }
    await page.getByTestId('deck-finish').click()
    await page.getByTestId('deck-finish-ask').waitFor() // some questions are unanswered
    await page.getByTestId('deck-finish-yes').click()
    const score = page.getByTestId('deck-score')
    await score.waitFor()
    const expected = reviewDeck(deck, given)
    expect(await page.getByTestId('deck-score').count()).toBe(1)
    expect(await score.getAttribute('data-score')).toBe(String(expected.score))
    expect(await score.getAttribute('data-max')).toBe(String(expected.maxScore))
    expect(await page.locator('[data-testid="deck-table"] tbody tr').count()).toBe(10)
    await screenshot(page, 'practice-deck-review-en')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('deck-download').click(),
    ])
    const file = JSON.parse(readFileSync(await download.path(), 'utf8'))
    expect(file).toMatchObject({ format: 'amqp-playground-quiz-result', deck: id, score: expected.score })
    expect(file.questions).toHaveLength(10)
    expect(new URL(file.link).searchParams.get('deck')).toBe(id)
    // the finished deck survives a reload
    await page.reload()
    expect(await page.getByTestId('deck-score').getAttribute('data-score')).toBe(String(expected.score))
    expectClean(w)
    await w.context.close()
  })

  it('the deck link gives the same questions in a second browser context (zh-CN)', async () => {
    expect(deckHref).not.toBe('')
    const w = await openPage(browser, new URL(deckHref).search, { locale: 'zh-CN' })
    const { page } = w
    await page.getByTestId('deck-view').waitFor()
    const id = new URL(deckHref).searchParams.get('deck') ?? ''
    const ids = await walkDeck(page, 10)
    expect(ids).toEqual(parseDeckId(id)?.questions.map((q) => q.id))
    for (const q of ids) expect(parseQuestionId(q)).not.toBeNull()
    await screenshot(page, 'practice-deck-question-zh')
    expectClean(w)
    await w.context.close()
  })

  it('presents question by question and reveals each answer on its own', async () => {
    const url = new URL(deckHref)
    url.searchParams.set('present', '1')
    url.searchParams.set('item', '1')
    for (const locale of ['en-US', 'zh-CN']) {
      const w = await openPage(browser, url.search, { locale })
      const { page } = w
      const presenter = page.getByTestId('deck-presenter')
      await presenter.waitFor()
      expect(await page.getByTestId('deck-answer').count()).toBe(0)
      await page.getByTestId('deck-reveal').click()
      await page.getByTestId('deck-answer').waitFor()
      await page.locator('[data-testid="practice-diagram"] svg').waitFor({ timeout: 30_000 })
      await screenshot(page, `practice-deck-present-${locale}`)
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => presenter.getAttribute('data-index')).toBe('1')
      expect(await page.getByTestId('deck-answer').count()).toBe(0) // the next question is not revealed
      await page.keyboard.press('Escape')
      await page.getByTestId('deck-view').waitFor()
      expectClean(w)
      await w.context.close()
    }
  })
})
