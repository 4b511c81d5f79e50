/**
 * A learner walks every lesson, every step, in both languages: the text shown is the lesson file's,
 * each step's "Run here" shows what the content states, each stepper appears where the lesson asks.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
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
const { lessons, errors } = buildLessons(read('manifest.json'), read)
/** Titles may hold `code` marks; the page shows their text. */
const plain = (s: string | undefined) => s?.replace(/`/g, '')

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe.each([
  ['en', 'en-US'],
  ['zh-CN', 'zh-CN'],
] as const)('every lesson in %s', (lang, locale) => {
  it('can be walked step by step from the first lesson to the last', async () => {
    expect(errors).toEqual([])
    const w = await openPage(browser, '?view=lessons', { locale })
    const { page } = w
    await page.getByTestId('lesson-list').waitFor({ timeout: 20_000 })
    expect(await page.locator('[data-testid^="lesson-item-"]').count()).toBe(lessons.length)
    for (const [n, lesson] of lessons.entries()) {
      const text = lesson.text[lang]
      if (n === 0) await page.getByTestId(`lesson-item-${lesson.id}`).click()
      await expect.poll(() => page.getByTestId('lesson').getAttribute('data-lesson')).toBe(lesson.id)
      expect(await page.getByTestId('lesson-title').textContent()).toBe(plain(text.title))
      for (const [s, step] of lesson.steps.entries()) {
        await expect.poll(() => page.getByTestId('lesson').getAttribute('data-step')).toBe(step.id)
        expect(await page.getByTestId('step-title').textContent()).toBe(plain(text.steps[s]?.title))
        if (step.widget) await page.getByTestId(`stepper-${step.widget.kind}`).waitFor()
        if (step.scenario || step.script) {
          await page.getByTestId('run-here').click()
          const lines = page.locator('[data-testid="run-result"] li[data-publish]')
          const shown = await lines.evaluateAll((els) =>
            els.map((e) => [e.getAttribute('data-publish'), e.getAttribute('data-outcome')]),
          )
          expect(Object.fromEntries(shown), `${lesson.id}/${step.id}`).toEqual(
            Object.fromEntries(Object.entries(step.expect).map(([id, e]) => [id, e.outcome])),
          )
          for (const [id, e] of Object.entries(step.expect))
            for (const q of e.queues)
              expect(await lines.filter({ hasText: `${id}` }).textContent()).toContain(q)
          const href = await page.getByTestId('open-playground').getAttribute('href')
          if (step.script) await screenshot(page, `lessons-script-step-${lang}`)
          expect(href).toMatch(/^https?:\/\/[^?#]+#(scenario=[A-Za-z0-9_-]+|v1\/edit\/\S+)$/)
        }
        const last = s === lesson.steps.length - 1
        if (!last) await page.getByTestId('step-next').click()
      }
      if (n + 1 < lessons.length) await page.getByTestId('lesson-next').click()
      else expect(await page.getByTestId('lesson-next').count()).toBe(0)
    }
    await screenshot(page, `lessons-walk-last-${lang}`)
    expect(w.consoleErrors).toEqual([])
    expect(w.pageErrors).toEqual([])
    expect(w.externalRequests).toEqual([])
    await w.context.close()
  })
})

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
    // switching the language re-renders the same lesson and step in Chinese, steppers included
    await page.getByTestId('language').selectOption('zh-CN')
    const dedup = lessons.find((l) => l.id === '08-dedup')
    expect(await page.getByTestId('lesson-title').textContent()).toBe(dedup?.text['zh-CN'].title)
    expect(await page.getByTestId('stepper-dedup').getAttribute('aria-label')).toMatch(/去重步进器/)
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
