/**
 * Generated questions are reproducible from their id: a question opened through its link shows the
 * same topology, message and order of queues as the one first shown.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEVELS, parseQuestionId, TEMPLATE_IDS } from '../../src/practice/generator/generate'
import { createRng } from '../../src/practice/generator/rng'
import { launchBrowser, openPage, screenshot } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** What the learner sees of a question: the statement, the queues offered (in order) and the bindings. */
async function snapshot(page: Page) {
  await page.getByTestId('predict-card').waitFor()
  return {
    prompt: (await page.getByTestId('generated-prompt').textContent())?.trim(),
    queues: await page
      .locator('[data-testid^="mark-"]:not([data-testid^="mark-binding-"])')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
    bindings: await page.locator('.binding-marks label').allTextContents(),
  }
}

const last = <T>(xs: T[]): T => xs[xs.length - 1] as T

describe('practice: generated questions through their links', () => {
  it('10 random questions opened through their share links show the same topology, message and queue order', async () => {
    const w = await openPage(browser, '?view=practice&tab=generated')
    const { page } = w
    const rng = createRng(Date.now() % 2 ** 31)
    const shown: { id: string; href: string; view: Awaited<ReturnType<typeof snapshot>> }[] = []
    for (let i = 0; i < 10; i++) {
      const before = (await page.getByTestId('gen-id').textContent())?.trim()
      await page.getByTestId('gen-level').selectOption(String(rng.pick(LEVELS)))
      await page.getByTestId('gen-template').selectOption(i % 3 === 0 ? 'any' : rng.pick(TEMPLATE_IDS)) // 'any' was the broken case
      await page.getByTestId('gen-new').click()
      await expect.poll(async () => (await page.getByTestId('gen-id').textContent())?.trim()).not.toBe(before)
      const id = (await page.getByTestId('gen-id').textContent())?.trim() ?? ''
      const href = (await page.getByTestId('present-link').getAttribute('href')) ?? ''
      shown.push({ id, href, view: await snapshot(page) })
      // the address names the question on screen
      expect(new URL(page.url()).searchParams.get('q')).toBe(id)
    }
    const link = await openPage(browser, '?view=practice', { locale: 'en-US' })
    for (const s of shown) {
      const url = new URL(s.href)
      expect(url.searchParams.get('exercise')).toBe(s.id)
      url.searchParams.delete('present') // the learner's view of the same link shows the marks
      await link.page.goto(url.toString())
      expect(await snapshot(link.page), s.id).toEqual(s.view)
      // and the order offered is the id's own: the queues of the rebuilt scenario
      expect(s.view.queues).toEqual(parseQuestionId(s.id)?.candidates.map((q) => `mark-${q}`))
    }
    await link.page.locator('[data-testid="practice-diagram"] svg').waitFor({ timeout: 30_000 })
    await screenshot(link.page, 'practice-generated-via-link')
    // the same link in Chinese: the same question (queues in the same order), the statement translated
    const zhUrl = new URL(last(shown).href)
    zhUrl.searchParams.delete('present')
    const zh = await openPage(browser, zhUrl.search, { locale: 'zh-CN' })
    expect((await snapshot(zh.page)).queues).toEqual(last(shown).view.queues)
    await zh.page.locator('[data-testid="practice-diagram"] svg').waitFor({ timeout: 30_000 })
    await screenshot(zh.page, 'practice-generated-via-link-zh-CN')
    expect(zh.pageErrors).toEqual([])
    await zh.context.close()
    // a reload keeps the question named in the address
    const { id: lastId, view: lastView } = last(shown)
    await page.reload()
    expect((await page.getByTestId('gen-id').textContent())?.trim()).toBe(lastId)
    expect(await snapshot(page)).toEqual(lastView)
    for (const x of [w, link]) {
      expect(x.pageErrors).toEqual([])
      expect(x.consoleErrors).toEqual([])
      await x.context.close()
    }
  })
})

describe('practice: predict scoring', () => {
  it('a blank answer scores 0 and the rule is stated on the card, in both languages', async () => {
    for (const locale of ['en-US', 'zh-CN']) {
      const w = await openPage(browser, '?view=practice&tab=predict', { locale })
      const { page } = w
      await page.getByTestId('predict-check').click()
      const result = page.getByTestId('predict-result')
      await expect.poll(() => result.getAttribute('data-correct')).toBe('false')
      expect(await result.textContent()).toContain(locale === 'en-US' ? 'Score 0 / 2' : '得分 0 / 2')
      const rules = (await page.locator('.predict-card .practice-rules').textContent()) ?? ''
      expect(rules).toContain(locale === 'en-US' ? 'nothing marked scores 0' : '什么都不标就是 0 分')
      // the separating facts stay after a wrong answer
      await page.getByTestId('separating-facts').waitFor()
      await screenshot(page, `practice-predict-blank-${locale}`)
      expect(w.pageErrors).toEqual([])
      await w.context.close()
    }
  })
})
