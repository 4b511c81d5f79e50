/**
 * Full storage in real Chromium (its own quota, its own QuotaExceededError): a newer-version save
 * that cannot be copied aside survives typing and a reload, the typed work is offered as a file, and a
 * corrupt practice-progress entry does not blank the Practice view.
 */
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROGRESS_KEY } from '../../src/practice/progress/progress-model'
import { WORK_KEY } from '../../src/store/saved-work'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { editorText, typeScript } from './support/playground'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Store `values`, then fill the origin's localStorage until Chromium refuses even one character. */
async function fillStorage(page: Page, values: Record<string, string>): Promise<void> {
  await page.evaluate((v) => {
    localStorage.clear()
    for (const [k, x] of Object.entries(v)) localStorage.setItem(k, x)
    let chunk = 'x'.repeat(1 << 20)
    for (let i = 0; chunk.length > 0; i++) {
      try {
        localStorage.setItem(`filler:${i}`, chunk)
      } catch {
        chunk = chunk.slice(0, chunk.length >> 1)
      }
    }
  }, values)
}

const NEWER = JSON.stringify({
  version: 9,
  text: `queue declare from-the-future\n${'# padding\n'.repeat(50)}`,
})

describe('full storage', () => {
  it('keeps a newer-version save that could not be copied aside; the typed work is offered as a file', async () => {
    const w = await openPage(browser, '?view=playground')
    const { page } = w
    await fillStorage(page, { [WORK_KEY]: NEWER })
    await page.reload()
    await page.locator('[data-key="savedKeptInPlace"]').waitFor()
    await page.getByTestId('storage-full').waitFor()
    await typeScript(page, 'queue declare typed-while-full')
    await expect.poll(() => editorText(page)).toContain('typed-while-full')
    const file = page.waitForEvent('download')
    await page.getByTestId('download-work').first().click()
    const saved = readFileSync((await (await file).path()) as string, 'utf8')
    expect(saved).toContain('queue declare typed-while-full')
    await screenshot(page, 'storage-full-playground')
    // Leaving the page flushes the pending save (pagehide): the rescued save is still there.
    await page.reload()
    expect(await page.evaluate((k) => localStorage.getItem(k), WORK_KEY)).toBe(NEWER)
    await page.locator('[data-key="savedKeptInPlace"]').waitFor()
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('a corrupt progress entry with full storage leaves the Practice view working', async () => {
    const w = await openPage(browser, '?view=practice')
    const { page } = w
    await page.getByTestId('tab-progress').waitFor()
    const bad = '{"format":"amqp-playground-practice-progress","version":1,"entries":{"a":{"status":"wat"}}}'
    await fillStorage(page, { [PROGRESS_KEY]: bad })
    await page.reload()
    await page.getByTestId('tab-progress').click()
    await page.getByTestId('progress-corrupt').waitFor()
    expect(await page.getByTestId('progress-corrupt').textContent()).toContain(PROGRESS_KEY)
    await page.getByTestId('storage-full').waitFor()
    await screenshot(page, 'storage-full-practice')
    expect(await page.evaluate((k) => localStorage.getItem(k), PROGRESS_KEY)).toBe(bad)
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})
