/**
 * A whole lesson presented on a 1024×768 projector at 150% zoom (a 683×512 CSS viewport): slides are
 * steps, ← → space move, a stepper keeps its own keys, revealing scrolls to the answer, and the
 * stepper's controls and its table are on screen together. Also a phone: nothing sticks out of the lesson.
 */
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** 1024×768 device pixels at 150% zoom: a 683×512 CSS viewport drawn at 1.5 pixels per CSS pixel. */
const PROJECTOR = { width: 683, height: 512 }
const ZOOM = { deviceScaleFactor: 1.5, isMobile: false, hasTouch: false }

/** True when the whole element lies inside the presenter's visible slide area. */
async function onSlide(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox()
  const slide = await page.getByTestId('presenter-slide').boundingBox()
  if (!box || !slide) return false
  return box.y >= slide.y - 1 && box.y + box.height <= slide.y + slide.height + 1
}

describe('presenting a lesson', () => {
  it('moves by steps with the keys, keeps the stepper’s keys, and fits the projector', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=04-topic-dp&step=4', {
      viewport: PROJECTOR,
      device: ZOOM,
      locale: 'zh-CN',
    })
    const { page } = w
    await page.getByTestId('present-lesson').click()
    const position = page.getByTestId('presenter-position')
    await expect.poll(() => position.textContent()).toBe('4 / 7')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => position.textContent()).toBe('5 / 7')
    expect(new URL(page.url()).searchParams.get('step')).toBe('5')
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press(' ')
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => position.textContent()).toBe('4 / 7')

    // revealing brings the answer into the visible part of the slide, above the bar
    await page.getByTestId('predict-reveal').click()
    const answer = page.getByTestId('predict-answer')
    await expect.poll(() => onSlide(page, answer)).toBe(true)
    await screenshot(page, 'lessons-present-projector-reveal-zh')

    // the stepper: its controls and its whole table on screen at the same time
    await page.getByTestId('dp-body').scrollIntoViewIfNeeded()
    await page.getByTestId('dp-table').evaluate((t) => t.scrollIntoView({ block: 'end' }))
    expect(await onSlide(page, page.getByTestId('dp-table'))).toBe(true)
    expect(await onSlide(page, page.getByTestId('dp-forward'))).toBe(true)
    // keys inside the stepper drive the stepper, not the slides
    await page.getByTestId('dp-body').focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    expect(await page.getByTestId('dp-position').textContent()).toBe('第 2 步，共 9 步')
    expect(await position.textContent()).toBe('4 / 7')
    await screenshot(page, 'lessons-present-projector-dp-zh')
    // nothing sticks out sideways
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('.presenter *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .filter((e) => !e.closest('.lesson-table-wrap, .tl-diagram-scroll'))
        .map((e) => `${e.tagName}.${e.className}`),
    )
    expect(wide).toEqual([])

    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('presenter').count()).toBe(0)
    expect(new URL(page.url()).searchParams.get('step')).toBe('4')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('shows the diagram beside the question on a projected slide', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=01-routing-model&step=1', {
      viewport: PROJECTOR,
      device: ZOOM,
    })
    const { page } = w
    await page.getByTestId('present-lesson').click()
    // the first slide opens with the lesson's intro, as the page does
    expect(await page.locator('[data-testid="presenter"] [data-testid="lesson-intro"]').count()).toBe(1)
    const diagram = page.locator('[data-testid="lesson-diagram"] svg').first()
    await diagram.waitFor({ timeout: 20_000 })
    await page.getByTestId('predict').scrollIntoViewIfNeeded()
    expect(await onSlide(page, page.getByTestId('predict-check'))).toBe(true)
    expect(await onSlide(page, diagram)).toBe(true)
    await screenshot(page, 'lessons-present-projector-question')
    await w.context.close()
  })
})

describe.each([
  ['en', 'en-US'],
  ['zh', 'zh-CN'],
] as const)('presenting a timeline step (%s)', (lang, locale) => {
  it('shows the story beside its question, reveals onto the slide, then the player with its diagram', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=11-independent-competing&step=3', {
      viewport: PROJECTOR,
      device: ZOOM,
      locale,
    })
    const { page } = w
    await page.getByTestId('present-lesson').click()
    await expect.poll(() => page.getByTestId('presenter-position').textContent()).toBe('3 / 4')
    const story = page.getByTestId('timeline-diagram')
    await story.waitFor({ timeout: 20_000 })
    // the routing diagram above is drawn late (Mermaid): wait for it before measuring below it
    await page.locator('[data-testid="lesson-diagram"] svg').first().waitFor({ timeout: 20_000 })
    // before the answer: the consumers' diagram and the question's buttons on screen together
    const together = async () => {
      await page.getByTestId('timeline-predict').scrollIntoViewIfNeeded()
      return (await onSlide(page, page.getByTestId('predict-check'))) && (await onSlide(page, story))
    }
    await expect.poll(together).toBe(true)
    await screenshot(page, `lessons-present-timeline-question-${lang}`)
    await page.getByTestId('predict-reveal').click()
    await expect.poll(() => onSlide(page, page.getByTestId('predict-answer'))).toBe(true)
    await screenshot(page, `lessons-present-timeline-reveal-${lang}`)
    // the player: its buttons and the flow diagram visible at the same time, keys drive the player
    await page.getByTestId('lesson-tl-body').evaluate((b) => b.scrollIntoView({ block: 'start' }))
    await page.getByTestId('lesson-tl-body').focus()
    await page.keyboard.press('End')
    await expect.poll(() => page.getByTestId('lesson-tl-forward').isDisabled()).toBe(true)
    expect(await page.getByTestId('presenter-position').textContent()).toBe('3 / 4')
    expect(await onSlide(page, page.getByTestId('lesson-tl-forward'))).toBe(true)
    expect(await onSlide(page, page.getByTestId('timeline-diagram'))).toBe(true)
    await screenshot(page, `lessons-present-timeline-player-${lang}`)
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})

describe('presenting a trie step', () => {
  it('reveals onto the slide and keeps the trie stepper’s controls beside its tree', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=13-trie&step=1', {
      viewport: PROJECTOR,
      device: ZOOM,
    })
    const { page } = w
    await page.getByTestId('present-lesson').click()
    await page.locator('[data-testid="lesson-diagram"] svg').first().waitFor({ timeout: 20_000 })
    await page.getByTestId('predict-reveal').click()
    await expect.poll(() => onSlide(page, page.getByTestId('predict-answer'))).toBe(true)
    await page.getByTestId('trie-body').focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await page.getByTestId('trie-body').evaluate((b) => b.scrollIntoView({ block: 'start' }))
    expect(await page.getByTestId('presenter-position').textContent()).toBe('1 / 3')
    await screenshot(page, 'lessons-present-projector-trie')
    expect(await onSlide(page, page.getByTestId('trie-forward'))).toBe(true)
    expect(await onSlide(page, page.getByTestId('trie-tree'))).toBe(true)
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})

describe('a lesson on a phone', () => {
  it('keeps the diagram, the question and a stepper inside the screen', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=04-topic-dp&step=4', {
      viewport: { width: 375, height: 812 },
    })
    const { page } = w
    await page.getByTestId('lesson-select').waitFor({ timeout: 20_000 })
    // on a phone the diagram is drawn when it scrolls into view (components/when-near.tsx)
    const diagram = page.locator('[data-testid="lesson-diagram"] svg').first()
    await page.waitForTimeout(500)
    expect(await diagram.count()).toBe(0)
    await page.getByTestId('lesson-diagram').first().scrollIntoViewIfNeeded()
    await diagram.waitFor({ timeout: 20_000 })
    await page.getByTestId('predict-reveal').click()
    await page.getByTestId('dp-body').waitFor()
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('.lesson *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .filter((e) => !e.closest('.lesson-table-wrap, .tl-diagram-scroll'))
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className}`),
    )
    expect(wide).toEqual([])
    await screenshot(page, 'lessons-phone-dp')
    await w.context.close()
  })
})
