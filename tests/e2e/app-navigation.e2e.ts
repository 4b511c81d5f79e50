// One URL owner (src/store/url-route): switching views drops the parameters of the view left behind,
// lesson steps are history entries, and the tab title names the view in the UI language.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage } from './support/browser'
import { waitForRun } from './support/playground'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('navigation', () => {
  it('timeline → playground: the timeline’s scenario parameter does not follow', async () => {
    const w = await openPage(browser, '?view=timeline&scenario=competing-consumers')
    const { page } = w
    await page.getByTestId('timeline-page').waitFor({ timeout: 20_000 })
    await expect.poll(() => page.title()).toMatch(/^Timeline · /)
    await page
      .getByRole('navigation', { name: 'Main sections' })
      .getByRole('button', { name: 'Playground' })
      .click()
    await waitForRun(page)
    expect(new URL(page.url()).search).toBe('')
    await expect.poll(() => page.title()).toMatch(/^Playground · /)
    // no "the linked case could not be opened" notice
    expect(await page.getByRole('alert').allTextContents()).not.toContainEqual(
      expect.stringMatching(/could not be opened/),
    )
    // Back returns to the timeline with its scenario
    await page.goBack()
    await page.getByTestId('timeline-page').waitFor()
    expect(new URL(page.url()).searchParams.get('scenario')).toBe('competing-consumers')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('lesson steps are history entries and the title follows the language', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=04-topic-dp&step=1', { locale: 'zh-CN' })
    const { page } = w
    await page.getByTestId('step-next').waitFor({ timeout: 20_000 })
    await expect.poll(() => page.title()).toMatch(/ · 课程 · AMQP 路由演练场$/)
    await page.getByTestId('step-next').click()
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('2')
    await page.getByTestId('step-next').click()
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('3')
    await page.goBack()
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('2')
    await expect.poll(() => page.getByTestId('step-prev').isEnabled()).toBe(true)
    // leaving the lessons drops lesson and step
    await page.getByRole('navigation').first().getByRole('button', { name: '自测' }).click()
    await expect.poll(() => new URL(page.url()).search).toBe('?view=practice')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})
