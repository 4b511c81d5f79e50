/**
 * Choice questions teach instead of telling: options in a seeded order (a link reproduces it), a
 * first wrong answer gets a hint and not the answer, a second one (even after a reload) shows the
 * answer — which then never counts as answered right.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUESTIONS } from '../../src/practice/content/load'
import { correctOptions } from '../../src/practice/questions/question-grade'
import { shownOrder } from '../../src/practice/questions/shuffle'
import { launchBrowser, openPage, screenshot } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const optionOrder = (page: Page) =>
  page
    .locator('[data-testid="choices"] label')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-option')))

describe('practice: choice questions', () => {
  it('a wrong answer shows a hint, not the answer; a second wrong one shows it and it is not counted right', async () => {
    const q = QUESTIONS.find((x) => x.id === 'q-explain-3')
    if (q?.type !== 'choice') throw new Error('q-explain-3 is a choice question')
    const right = correctOptions(q)[0] as string
    const [wrong1, wrong2] = q.options.map((o) => o.id).filter((id) => id !== right) as [string, string]
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const lang = locale === 'en-US' ? 'en' : 'zh-CN'
      const w = await openPage(browser, '?view=practice&exercise=q-explain-3&seed=12345', { locale })
      const { page } = w
      const card = page.getByTestId('question-q-explain-3')
      await card.waitFor()
      // the order is the seed's, and the instructor link carries the seed
      expect(await optionOrder(page)).toEqual(shownOrder(q, 12345))
      expect(
        new URL((await page.getByTestId('present-link').getAttribute('href')) ?? '').searchParams.get('seed'),
      ).toBe('12345')
      await card.locator(`input[value="${wrong1}"]`).check()
      await card.getByTestId('question-submit').click()
      const hint = card.getByTestId('question-hint')
      await hint.waitFor()
      expect(await hint.textContent()).toContain(q.hint[lang])
      expect(await card.getByTestId('question-answer').count()).toBe(0)
      expect(await card.locator('label.choice.right').count()).toBe(0)
      expect(await card.locator(`input[value="${wrong1}"]`).isDisabled()).toBe(true)
      await screenshot(page, `practice-question-hint-${locale}`)
      // a reload resumes the attempt: same order, the hint, the tried option struck — no fresh try
      await page.reload()
      await card.waitFor()
      expect(await optionOrder(page)).toEqual(shownOrder(q, 12345))
      await card.getByTestId('question-hint').waitFor()
      expect(await card.locator(`input[value="${wrong1}"]`).isDisabled()).toBe(true)
      expect(await card.getByTestId('question-answer').count()).toBe(0)
      await card.locator(`input[value="${wrong2}"]`).check()
      await card.getByTestId('question-submit').click()
      await card.getByTestId('question-answer').waitFor()
      expect(await card.getByTestId('question-verdict').getAttribute('data-verdict')).toBe('shown')
      expect(await card.locator(`label.choice.right[data-option="${right}"]`).count()).toBe(1)
      await screenshot(page, `practice-question-shown-${locale}`)
      // a new attempt (new order) answered right still does not count: the answer was shown
      await card.getByTestId('question-again').click()
      await expect.poll(() => new URL(page.url()).searchParams.get('seed')).not.toBe('12345')
      const again = page.getByTestId('question-q-explain-3')
      await again.locator(`input[value="${right}"]`).check()
      await again.getByTestId('question-submit').click()
      expect(await again.getByTestId('question-verdict').getAttribute('data-verdict')).toBe('right')
      expect(await again.getByTestId('question-verdict').getAttribute('data-counted')).toBe('false')
      await page.goto(new URL('?view=practice&tab=progress', w.baseURL).toString())
      const row = page.locator('[data-testid="progress-table"] tr[data-id="q-explain-3"]')
      await expect.poll(() => row.getAttribute('data-status')).toBe('revealed')
      expect(await row.locator('td').nth(2).textContent()).toBe(locale === 'en-US' ? 'wrong' : '答错')
      expect(w.pageErrors).toEqual([])
      expect(w.consoleErrors).toEqual([])
      await w.context.close()
    }
  })

  it('a link with a seed shows the same order in a second browser context', async () => {
    const a = await openPage(browser, '?view=practice&exercise=q-concept-competing')
    await a.page.getByTestId('question-q-concept-competing').waitFor()
    await expect.poll(() => new URL(a.page.url()).searchParams.get('seed')).not.toBeNull()
    const href = (await a.page.getByTestId('present-link').getAttribute('href')) ?? ''
    const url = new URL(href)
    url.searchParams.delete('present')
    const b = await openPage(browser, `${url.search}`)
    await b.page.getByTestId('question-q-concept-competing').waitFor()
    expect(await optionOrder(b.page)).toEqual(await optionOrder(a.page))
    await a.context.close()
    await b.context.close()
  })
})
