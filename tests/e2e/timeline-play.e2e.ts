import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const position = (page: Page) => page.getByTestId('timeline-position').textContent()
const queue = (page: Page, name: string) => page.locator(`[data-testid="queue-card"][data-queue="${name}"]`)
const consumer = (page: Page, tag: string) =>
  page.locator(`[data-testid="consumer-card"][data-consumer="${tag}"]`)

async function stepTo(page: Page, n: number): Promise<void> {
  const restart = page.getByTestId('timeline-start')
  if (await restart.isEnabled()) await restart.click()
  for (let i = 0; i < n; i++) await page.getByTestId('timeline-forward').click()
}

describe('timeline view', () => {
  it('plays the competing-consumers scenario and shows the right counts', async () => {
    const w = await openPage(browser, '?view=timeline&scenario=competing-consumers')
    const { page } = w
    await page.getByTestId('timeline-position').waitFor({ timeout: 20_000 })
    expect(await position(page)).toBe('Before the first step')

    // Every player glyph is an inline SVG, never a character the system's fonts may lack (Debian's
    // Chromium drew ⏸ as an empty box): the buttons' text is only their words.
    const icons = () =>
      page
        .locator('.player button')
        .evaluateAll((bs) =>
          bs.map(
            (b) => `${b.querySelector('svg[data-icon]')?.getAttribute('data-icon')}:${b.textContent?.trim()}`,
          ),
        )
    expect(await icons()).toEqual(['start:Start', 'back:Back', 'play:Play', 'forward:Next', 'end:End'])

    // Play runs by itself; pause after a couple of steps.
    await page.getByTestId('timeline-play').click()
    expect(await page.getByTestId('timeline-play').locator('svg').getAttribute('data-icon')).toBe('pause')
    expect((await page.getByTestId('timeline-play').textContent())?.trim()).toBe('Pause')
    const box = await page.getByTestId('timeline-play').locator('svg').boundingBox()
    expect(box?.width).toBeGreaterThan(8)
    await expect.poll(() => position(page), { timeout: 10_000 }).toMatch(/^Step [2-9] of 21$/)
    await page.getByTestId('timeline-play').click()

    // After the four publishes (step 18): notify split 2/2, audit holds one and keeps three ready.
    await stepTo(page, 18)
    expect(await position(page)).toBe('Step 18 of 21')
    expect(await queue(page, 'audit').getAttribute('data-ready')).toBe('3')
    expect(await queue(page, 'audit').getAttribute('data-unacked')).toBe('1')
    expect(await queue(page, 'notify').getAttribute('data-ready')).toBe('0')
    expect(await queue(page, 'notify').getAttribute('data-unacked')).toBe('4')
    expect(await consumer(page, 'notifier-1').locator('code').allTextContents()).toEqual(['o1', 'o3'])
    expect(await consumer(page, 'notifier-2').locator('code').allTextContents()).toEqual(['o2', 'o4'])
    // The counts are shown as text too, on the card and on the diagram.
    expect(await queue(page, 'audit').locator('header').textContent()).toContain('ready 3')
    expect(await page.locator('[data-node="q:audit"] .flow-detail').textContent()).toBe('ready 3 · unacked 1')
    // This step's path: publisher → orders → both queues, then notify → notifier-2 (the auditor is full).
    expect(await page.locator('.flow-edge.hot').count()).toBe(4)
    expect(await page.locator('.flow-edge.hot[data-edge="q:notify>c:notifier-2"]').count()).toBe(1)
    await screenshot(page, 'timeline-competing-step18-light')

    // The auditor's ack hands it the next message; back undoes the view of it.
    await page.getByTestId('timeline-forward').click()
    expect(await queue(page, 'audit').getAttribute('data-ready')).toBe('2')
    expect(await consumer(page, 'auditor').getAttribute('data-delivered')).toBe('2')
    await page.getByTestId('timeline-back').click()
    expect(await consumer(page, 'auditor').getAttribute('data-delivered')).toBe('1')

    await stepTo(page, 21)
    expect(await queue(page, 'notify').getAttribute('data-unacked')).toBe('2')
    const rows = page.locator('[data-testid="fate-table"] tbody tr')
    expect(await rows.count()).toBe(4)
    expect(await page.locator('tr[data-event-id="o1"] li').allTextContents()).toEqual([
      'acked by auditor (audit)',
      'acked by notifier-1 (notify)',
    ])
    await page.getByTestId('timeline-takeaway').waitFor()
    await screenshot(page, 'timeline-competing-end-light')
    expect(w.consoleErrors).toEqual([])
    expect(w.pageErrors).toEqual([])
    expect(w.externalRequests).toEqual([])
    await w.context.close()
  })

  it('plays the bind-after-publish scenario in Chinese and the dark theme', async () => {
    const w = await openPage(browser, '?view=timeline&scenario=hw07-bound-after-promotion', {
      locale: 'zh-CN',
      colorScheme: 'dark',
    })
    const { page } = w
    await page.getByTestId('timeline-position').waitFor({ timeout: 20_000 })
    await stepTo(page, 6)
    expect(await queue(page, 'orders-svc').getAttribute('data-ready')).toBe('3')
    expect(await queue(page, 'notify').count()).toBe(0)
    await stepTo(page, 10)
    expect(await position(page)).toBe('第 10 步，共 10 步')
    expect(await queue(page, 'orders-svc').getAttribute('data-ready')).toBe('5')
    expect(await queue(page, 'notify').getAttribute('data-ready')).toBe('2')
    expect(await queue(page, 'notify').locator('code').allTextContents()).toEqual(['p4', 'p5'])
    expect(await page.locator('tr[data-event-id="p1"] li').allTextContents()).toEqual([
      '在 orders-svc 中就绪',
    ])
    await screenshot(page, 'timeline-bind-after-publish-dark-zh')
    expect(w.consoleErrors).toEqual([])
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('animates messages along edges unless motion is reduced', async () => {
    const w = await openPage(browser, '?view=timeline&scenario=hw07-bound-after-promotion')
    const { page } = w
    await page.getByTestId('timeline-position').waitFor({ timeout: 20_000 })
    await stepTo(page, 4)
    expect(await page.locator('.flow-trip').count()).toBe(1)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await expect.poll(() => page.getByLabel('Reduce motion').isChecked()).toBe(true)
    expect(await page.locator('.flow-trip').count()).toBe(0)
    // The path stays visible without motion.
    expect(await page.locator('.flow-edge.hot').count()).toBe(2)
    await page.getByLabel('Reduce motion').uncheck()
    expect(await page.locator('.flow-trip').count()).toBe(1)
    await w.context.close()
  })
})

describe('every timeline scenario', () => {
  it('plays to its end without errors, in both themes', async () => {
    const { order } = JSON.parse(readFileSync('lessons/timeline/index.json', 'utf8')) as { order: string[] }
    for (const [i, id] of order.entries()) {
      const colorScheme = i % 2 === 0 ? 'dark' : 'light'
      const w = await openPage(browser, `?view=timeline&scenario=${id}`, { colorScheme })
      const { page } = w
      await page.getByTestId('timeline-position').waitFor({ timeout: 20_000 })
      const total = Number(await page.getByRole('slider').getAttribute('max'))
      expect(total).toBeGreaterThan(5)
      await page.getByRole('slider').fill(String(total))
      await page.getByTestId('timeline-takeaway').waitFor()
      await screenshot(page, `timeline-${id}-${colorScheme}`)
      expect(w.pageErrors, id).toEqual([])
      expect(w.consoleErrors, id).toEqual([])
      await w.context.close()
    }
  })
})

describe('your own timeline script', () => {
  it('reports a malformed step by its path, then plays a fixed script', async () => {
    const w = await openPage(browser, '?view=timeline')
    const { page } = w
    await page.getByTestId('timeline-position').waitFor({ timeout: 20_000 })
    await page.getByTestId('timeline-scenario').selectOption('custom')
    await page.getByTestId('timeline-custom-text').fill('{"steps": [{"op": "consume", "queue": "q"}]}')
    await page.getByTestId('timeline-custom-run').click()
    expect(await page.getByTestId('timeline-custom-error').textContent()).toBe(
      'script.steps[0].consumer: expected a string',
    )
    await page.getByTestId('timeline-custom-text').fill(
      JSON.stringify({
        steps: [
          { op: 'queue.declare', queue: { name: 'q' } },
          { op: 'publish', publish: { id: 'x1', exchange: '', routing_key: 'q' } },
        ],
      }),
    )
    await page.getByTestId('timeline-custom-run').click()
    await expect.poll(() => page.getByTestId('timeline-position').textContent()).toBe('Before the first step')
    await page.getByTestId('timeline-forward').click()
    await page.getByTestId('timeline-forward').click()
    expect(await queue(page, 'q').getAttribute('data-ready')).toBe('1')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})
