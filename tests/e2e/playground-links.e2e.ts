/** Share links (edit, view-only, tampered), reload keeps the work, prepared cases from links. */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { editorText, setText, storeState, waitForRun } from './support/playground'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const MINE =
  'exchange declare mine fanout\nqueue declare "我的 队列"\nbind "我的 队列" to mine\npublish p1 to mine key x\n'

describe('playground: links and persistence', () => {
  it('a reload keeps the work, an edit link round-trips, a view-only link keeps the own work', async () => {
    const w = await openPage(browser)
    const { page, context } = w
    await waitForRun(page)
    await setText(page, MINE)
    await expect
      .poll(() => page.locator('[data-testid="route-result"] [data-queue]').allTextContents())
      .toEqual(['我的 队列'])
    await page.reload()
    await waitForRun(page)
    expect(await editorText(page)).toBe(MINE)

    await page.getByTestId('share-edit').click()
    const editLink = await page.getByTestId('share-link').inputValue()
    expect(editLink).toMatch(/#v1\/edit\//)
    await page.getByTestId('share-view').click()
    const viewLink = await page.getByTestId('share-link').inputValue()
    expect(viewLink).toMatch(/#v1\/view\//)

    // A fresh browser profile opens the edit link: same text, same result, no question.
    const other = await openPage(browser, editLink)
    await waitForRun(other.page)
    expect(await editorText(other.page)).toBe(MINE)
    await expect.poll(() => other.page.locator('[data-testid="result-table"] [data-queue]').count()).toBe(1)
    expect(other.page.url()).not.toContain('#v1')
    await other.context.close()

    // The view-only link in the same profile (which has other work): read-only, own work intact.
    const viewer = await context.newPage()
    await setTextAfterLoad(viewer, w.baseURL, 'queue declare other_work\n')
    await viewer.goto(viewLink)
    await viewer.getByTestId('view-banner').waitFor()
    expect(await editorText(viewer)).toBe(MINE)
    expect(await viewer.getByTestId('publish-button').isDisabled()).toBe(true)
    await screenshot(viewer, 'playground-view-only-light')
    await viewer.getByTestId('back-to-mine').click()
    expect(await editorText(viewer)).toBe('queue declare other_work\n')
    await viewer.close()

    expect(w.consoleErrors).toEqual([])
    expect(w.pageErrors).toEqual([])
    expect(w.externalRequests).toEqual([])
    await context.close()
  })

  it('a tampered or newer link is refused with a clear message and the work stays', async () => {
    const w = await openPage(browser)
    await waitForRun(w.page)
    await setText(w.page, MINE)
    await w.page.getByTestId('share-edit').click()
    const link = await w.page.getByTestId('share-link').inputValue()
    const tampered = link.slice(0, -8) + (link.endsWith('A') ? 'B' : 'A') + link.slice(-7)
    await w.page.goto('about:blank')
    await w.page.goto(tampered)
    await waitForRun(w.page)
    await expect.poll(() => w.page.getByTestId('notices').textContent()).toContain('damaged or was edited')
    expect(await editorText(w.page)).toBe(MINE)
    await w.page.goto('about:blank')
    await w.page.goto(link.replace('#v1/', '#v7/'))
    await expect.poll(() => w.page.getByTestId('notices').textContent()).toContain('newer version (v7)')
    await screenshot(w.page, 'playground-link-refused-light')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('#scenario= and ?scenario= open a case, asking first when there is unsaved work', async () => {
    const w = await openPage(browser)
    const { page } = w
    await waitForRun(page)
    await setText(page, MINE)
    const scenario = {
      exchanges: [{ name: 'linked', type: 'direct', durable: true }],
      queues: [{ name: 'lq', durable: true }],
      bindings: [{ source: 'linked', destination: 'lq', destination_type: 'queue', routing_key: 'k' }],
      publishes: [{ id: 'L1', exchange: 'linked', routing_key: 'k' }],
    }
    const b64 = Buffer.from(JSON.stringify(scenario)).toString('base64url')
    await page.goto(`${w.baseURL}#scenario=${b64}`)
    await page.getByTestId('confirm-dialog').waitFor()
    await screenshot(page, 'playground-confirm-light')
    await page.getByTestId('confirm-keep').click()
    expect(await editorText(page)).toBe(MINE)

    await page.goto(`${w.baseURL}?scenario=scenarios/seed-dedup.json`)
    await page.getByTestId('confirm-replace').click()
    await expect.poll(() => editorText(page)).toContain('bind u.q to u key #')
    // its publish ran and was logged
    await page.getByTestId('log-entry-1').waitFor({ timeout: 20_000 })
    await expect
      .poll(() => page.locator('[data-testid="route-result"] [data-queue]').allTextContents())
      .toEqual(['u.q', 'u.q2'])
    expect(await storeState<number>(page, 'log.length')).toBe(1)

    await page.goto(`${w.baseURL}?scenario=https://example.com/x.json`)
    await expect.poll(() => page.getByTestId('notices').textContent()).toContain('only files served beside')
    expect(w.externalRequests).toEqual([])
    expect(w.pageErrors).toEqual([])
    expect(w.consoleErrors).toEqual([])
    await w.context.close()
  })
})

describe('playground: saved work from a newer version', () => {
  it('is kept aside under its own key and reported, never overwritten', async () => {
    const w = await openPage(browser)
    const { page } = w
    await waitForRun(page)
    const newer = JSON.stringify({ version: 9, documents: ['from the future'] })
    await page.evaluate((v) => localStorage.setItem('amqp-playground:work', v), newer)
    await page.reload()
    await waitForRun(page)
    await expect.poll(() => page.getByTestId('notices').textContent()).toContain('newer version')
    const kept = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('amqp-playground:work:rescued:'))
        .map((k) => localStorage.getItem(k)),
    )
    expect(kept).toEqual([newer])
    await screenshot(page, 'playground-rescued-light')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})

async function setTextAfterLoad(page: import('playwright-core').Page, base: string, text: string) {
  await page.goto(base)
  await waitForRun(page)
  await setText(page, text)
  // saved (the store writes the work a moment after the last change): the text is in the browser's copy
  await page.waitForFunction(
    (t) => (localStorage.getItem('amqp-playground:work') ?? '').includes(JSON.stringify(t).slice(1, -1)),
    text,
  )
}
