/**
 * Lessons in a desktop browser: the location in the URL, marking on the diagram, and opening a step
 * in the playground. Every lesson step walked and answered in both languages is the lessons tour
 * (lessons-tour.e2e.ts). One browser, no fixed waits.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildLessons } from '../../src/lessons/content-validate'
import { launchBrowser, openPage, screenshot } from './support/browser'

const ROOT = join(__dirname, '../../lessons')
const read = (p: string): unknown => {
  try {
    const raw = readFileSync(join(ROOT, p), 'utf8')
    return p.endsWith('.json') ? JSON.parse(raw) : raw
  } catch {
    return undefined
  }
}
const { lessons } = buildLessons(read('manifest.json'), read)

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const verdict = (page: Page) =>
  page.locator('[data-testid="predict-feedback"] [data-verdict]').last().getAttribute('data-verdict')

describe('lesson location', () => {
  it('opens the lesson and step named in the URL and keeps the URL in step', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=08-dedup&step=2')
    const { page } = w
    await expect
      .poll(() => page.getByTestId('lesson').getAttribute('data-step'), { timeout: 20_000 })
      .toBe('three-bindings')
    await page.getByTestId('step-prev').click()
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('1')
    expect(new URL(page.url()).searchParams.get('lesson')).toBe('08-dedup')
    // an answer survives going to another step and back
    await page.getByTestId('predict-reveal').click()
    await page.getByTestId('step-next').click()
    await page.getByTestId('step-prev').click()
    expect(await page.getByTestId('step-slide').getAttribute('data-revealed')).toBe('true')
    // switching the language re-renders the same lesson and step in Chinese, steppers included
    await page.getByTestId('language').selectOption('zh-CN')
    // (the page is busy while the other language's texts load; they are usually preloaded by then)
    await page.locator('.lessons-page:not([aria-busy])').waitFor()
    const dedup = lessons.find((l) => l.id === '08-dedup')
    expect(await page.getByTestId('lesson-title').textContent()).toBe(dedup?.text['zh-CN']?.title)
    expect(await page.getByTestId('stepper-dedup').getAttribute('aria-label')).toMatch(/去重步进器/)
    await w.context.close()
  })
})

describe('marking on the diagram', () => {
  it('marks queues by clicking them on the drawing, then judges the marks there', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=01-routing-model&step=1')
    const { page } = w
    const node = (name: string) =>
      page.locator(`[data-testid="lesson-diagram"] g.node[data-kind="queue"][data-name="${name}"]`)
    await node('audit').waitFor({ timeout: 20_000 })
    // before the answer the path is not drawn
    expect(await page.locator('[data-testid="lesson-diagram"] path.hot').count()).toBe(0)
    await node('audit').click()
    expect(await page.getByTestId('mark-queue-audit').getAttribute('aria-pressed')).toBe('true')
    await page.getByTestId('predict-check').click()
    expect(await verdict(page)).toBe('wrong')
    await node('notify').click()
    await page.getByTestId('predict-check').click()
    expect(await verdict(page)).toBe('right')
    // judged on the drawing: both marks right
    await expect.poll(() => node('audit').getAttribute('class')).toMatch(/\bright\b/)
    expect(await node('notify').getAttribute('class')).toMatch(/\bright\b/)
    await screenshot(page, 'lessons-marked-on-diagram')
    await w.context.close()
  })
})

describe('open in playground', () => {
  it('hands the step’s scenario to the playground, which switches view and loads it', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=08-dedup&step=2')
    const { page } = w
    await page.getByTestId('open-playground').waitFor({ timeout: 20_000 })
    await page.getByTestId('open-playground').click()
    // the playground is the default view: its URL carries no view parameter
    await expect.poll(() => page.getByTestId('lesson').count(), { timeout: 20_000 }).toBe(0)
    expect(new URL(page.url()).searchParams.get('view')).toBeNull()
    // the playground may ask before replacing what it holds; the learner agrees
    const replace = page.getByRole('button', { name: 'Replace my work' })
    const asked = await replace.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
    if (asked) await replace.click()
    // the lesson's own queue names reach the playground (editor text, diagram or result)
    await expect
      .poll(async () => (await page.locator('main').textContent()) ?? '', { timeout: 30_000 })
      .toContain('u.q2')
    await screenshot(page, 'lessons-opened-in-playground')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})
