/**
 * The instructor view opens in another tab of the same browser and reveals answers there: every
 * reveal is recorded as "answer shown" in this browser's progress, so the learner's tab — open beside
 * it, never reloaded — cannot then score the question as right, pass the code exercise with the
 * copied solution, or hand in a deck without the revealed questions marked.
 */
import { readFileSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerOf } from '../../src/practice/answer'
import { CODE_EXERCISES, QUESTIONS } from '../../src/practice/content/load'
import { parseDeckId } from '../../src/practice/deck/deck-id'
import { explainOnly } from '../../src/practice/engine-run'
import { correctOptions } from '../../src/practice/questions/question-grade'
import { launchBrowser, openPage, screenshot, type WatchedPage } from './support/browser'
import { editorView, expectClean, storedProgress } from './support/practice'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const LOCALES = ['en-US', 'zh-CN'] as const
const REVEAL_SAYS = { 'en-US': 'marks it as shown in this browser', 'zh-CN': '本浏览器会记为已看答案' }

/** The instructor link of the learner's page, opened in a second tab of the same browser. */
async function openInstructorTab(w: WatchedPage): Promise<{ page: Page; errors: string[] }> {
  const href = (await w.page.getByTestId('present-link').first().getAttribute('href')) ?? ''
  expect(new URL(href).searchParams.get('present')).toBe('1')
  return openTab(w.context, href)
}

async function openTab(context: BrowserContext, href: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  await page.goto(href)
  return { page, errors }
}

async function entryOf(page: Page, id: string): Promise<Record<string, unknown> | undefined> {
  const p = (await storedProgress(page)) as { entries: Record<string, Record<string, unknown>> } | null
  return p?.entries[id]
}

describe('practice: a reveal in the instructor view counts in the learner view', () => {
  it('a choice question revealed in the instructor tab, then answered right by the learner, is not counted', async () => {
    const q = QUESTIONS.find((x) => x.id === 'q-concept-missing')
    if (q?.type !== 'choice') throw new Error('q-concept-missing is a choice question')
    const right = correctOptions(q)[0] as string
    for (const locale of LOCALES) {
      const w = await openPage(browser, `?view=practice&exercise=${q.id}&seed=4242`, { locale })
      const card = w.page.getByTestId(`question-${q.id}`)
      await card.waitFor()
      const teacher = await openInstructorTab(w)
      const reveal = teacher.page.getByTestId('present-reveal')
      await reveal.waitFor()
      expect(await reveal.textContent()).toContain(REVEAL_SAYS[locale])
      await teacher.page.keyboard.press('ArrowRight') // step 2: the options, answer still hidden
      expect(await teacher.page.getByTestId('question-answer').count()).toBe(0)
      expect((await entryOf(w.page, q.id))?.answerShown).toBeUndefined()
      await screenshot(teacher.page, `practice-present-before-reveal-${locale}`)
      await reveal.click()
      await teacher.page.getByTestId('question-answer').waitFor()
      await teacher.page.getByTestId('present-shown').waitFor()
      await screenshot(teacher.page, `practice-present-reveal-question-${locale}`)
      await expect.poll(async () => (await entryOf(w.page, q.id))?.answerShown).toBe(true)
      // the learner's tab was never reloaded: it answers right, and it does not count
      await card.locator(`input[value="${right}"]`).check()
      await card.getByTestId('question-submit').click()
      const verdict = card.getByTestId('question-verdict')
      expect(await verdict.getAttribute('data-verdict')).toBe('right')
      await expect.poll(() => verdict.getAttribute('data-counted')).toBe('false')
      expect(await entryOf(w.page, q.id)).toMatchObject({ status: 'revealed', answerShown: true })
      await screenshot(w.page, `practice-present-learner-not-counted-${locale}`)
      expect(teacher.errors).toEqual([])
      expectClean(w)
      await w.context.close()
    }
  })

  it('a predict case revealed in the instructor tab, then checked right by the learner, is not counted', async () => {
    const w = await openPage(browser, '?view=practice&exercise=predict-orders')
    await w.page.locator('[data-testid="practice-diagram"] svg').waitFor({ timeout: 30_000 })
    const teacher = await openInstructorTab(w)
    await teacher.page.getByTestId('present-reveal').click()
    await teacher.page.getByTestId('predict-answer').waitFor()
    await expect.poll(async () => (await entryOf(w.page, 'predict-orders'))?.status).toBe('revealed')
    for (const queue of ['audit', 'notify']) await w.page.getByTestId(`mark-${queue}`).check()
    await w.page.getByTestId('predict-check').click()
    const result = w.page.getByTestId('predict-result')
    expect(await result.getAttribute('data-correct')).toBe('true')
    await expect.poll(() => result.getAttribute('data-counted')).toBe('false')
    await w.page.getByTestId('predict-not-counted').waitFor()
    expect((await entryOf(w.page, 'predict-orders'))?.status).toBe('revealed')
    expect(teacher.errors).toEqual([])
    expectClean(w)
    await w.context.close()
  })

  it('a code solution revealed in the instructor tab, pasted and run in the learner tab, is not "passed"', async () => {
    const ex = CODE_EXERCISES.find((e) => e.id === 'code-dedup')
    if (!ex) throw new Error('code-dedup')
    const w = await openPage(browser, `?view=practice&exercise=${ex.id}`, { locale: 'zh-CN' })
    const { page } = w
    await page.locator('[data-testid="code-editor"] .monaco-editor').waitFor({ timeout: 30_000 })
    const teacher = await openInstructorTab(w)
    const reveal = teacher.page.getByTestId('present-reveal')
    expect(await reveal.textContent()).toContain(REVEAL_SAYS['zh-CN'])
    await reveal.click()
    const shown = (await teacher.page.locator('[data-testid="code-answer"] pre').textContent()) ?? ''
    expect(shown).toBe(ex.solution)
    await screenshot(teacher.page, 'practice-present-reveal-code-zh-CN')
    // the learner copies the shown solution and pastes it into the editor that was open all along
    await w.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(w.baseURL).origin,
    })
    await teacher.page.evaluate((text) => navigator.clipboard.writeText(text), shown)
    await page.locator('[data-testid="code-editor"] .view-lines').click()
    await page.keyboard.press('Control+A')
    await page.keyboard.press('Control+V')
    await expect.poll(() => editorView(page)).toContain('new Set')
    await page.getByTestId('code-run').click()
    const result = page.getByTestId('code-result')
    await expect.poll(() => result.getAttribute('data-kind'), { timeout: 20_000 }).toBe('pass')
    expect(await result.getAttribute('data-counted')).toBe('false')
    await page.getByTestId('code-passed-shown').waitFor()
    await expect.poll(async () => (await entryOf(page, ex.id))?.status).toBe('revealed')
    expect(teacher.errors).toEqual([])
    expectClean(w)
    await w.context.close()
  })

  it('a deck presented beside test mode: the revealed question is marked in the review and the result file', async () => {
    const id = 'deck1-3-12-5150'
    const deck = parseDeckId(id)
    if (!deck) throw new Error(id)
    const first = deck.questions[0] as (typeof deck.questions)[number]
    for (const locale of LOCALES) {
      const w = await openPage(browser, `?view=practice&deck=${id}&item=1`, { locale })
      const { page } = w
      await page.getByTestId('deck-view').waitFor()
      const presentHref = (await page.getByTestId('deck-present-link').getAttribute('href')) ?? ''
      const teacher = await openTab(w.context, new URL(presentHref, w.baseURL).toString())
      const reveal = teacher.page.getByTestId('deck-reveal')
      await reveal.waitFor()
      expect(await reveal.textContent()).toContain(REVEAL_SAYS[locale])
      await reveal.click()
      await teacher.page.getByTestId('present-shown').waitFor()
      await teacher.page.locator('[data-testid="practice-diagram"] svg').waitFor({ timeout: 30_000 })
      await screenshot(teacher.page, `practice-present-reveal-deck-${locale}`)
      // the learner answers the revealed question with the engine's answer and finishes
      const right = answerOf(explainOnly(first.scenario).publish)
      for (const queue of right.queues) await page.getByTestId(`mark-${queue}`).check()
      if (right.outcome === 'returned' || right.outcome === 'dropped')
        await page.getByTestId(`nowhere-${right.outcome}`).check()
      await page.getByTestId('deck-finish').click()
      await page.getByTestId('deck-finish-yes').click()
      const marked = page.getByTestId('deck-shown')
      await marked.waitFor()
      expect(await marked.getAttribute('data-count')).toBe('1')
      const row = page.locator(`[data-testid="deck-table"] tr[data-id="${first.id}"]`)
      expect(await row.getAttribute('data-correct')).toBe('true')
      expect(await row.getAttribute('data-shown')).toBe('true')
      await screenshot(page, `practice-deck-review-shown-${locale}`)
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('deck-download').click(),
      ])
      const file = JSON.parse(readFileSync(await download.path(), 'utf8'))
      expect(file).toMatchObject({ version: 2, deck: id, answersShown: 1 })
      expect(file.questions.map((x: { answerShown: boolean }) => x.answerShown)).toEqual([true, false, false])
      // the question's own progress entry: answer shown, not right
      expect(await entryOf(page, first.id)).toMatchObject({ status: 'revealed', answerShown: true })
      expect(teacher.errors).toEqual([])
      expectClean(w)
      await w.context.close()
    }
  })
})
