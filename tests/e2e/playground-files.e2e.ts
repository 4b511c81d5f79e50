/** Import a real-looking definitions.json (E2E + headers bindings, several vhosts) and route through it. */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { fillHeaders, publishWith, storeState, waitForRun } from './support/playground'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('playground: definitions.json', () => {
  it('imports, reports the ignored sections, routes through E2E and headers bindings, exports losslessly', async () => {
    const w = await openPage(browser)
    const { page } = w
    await waitForRun(page)
    await page.getByTestId('import-file').setInputFiles('tests/fixtures/definitions/shop-export.json')
    const notices = page.getByTestId('notices')
    await expect.poll(() => notices.textContent()).toContain('4 exchanges, 6 queues, 7 bindings')
    // policies are simulated since dead-lettering (db25230): only the rest is kept aside
    expect(await notices.textContent()).toContain(
      'Kept but not simulated: users, permissions, global_parameters.',
    )

    // Through shop.in (topic) → shop.docs (headers, E2E) → invoices.pdf (x-match all) and reports.any (any).
    await fillHeaders(page, [
      ['format', 'string', 'pdf'],
      ['type', 'string', 'invoice'],
    ])
    await publishWith(page, { vhost: 'shop', exchange: 'shop.in', key: 'doc.monthly' })
    await expect
      .poll(() => page.locator('[data-testid="route-result"] [data-queue]').allTextContents(), {
        timeout: 20_000,
      })
      .toEqual(['invoices.pdf', 'reports.any'])
    const text = await storeState<string>(page, 'text')
    expect(text).toMatch(
      /vhost shop\n(.*\n)*publish m1 to shop\.in key doc\.monthly headers \{format: "pdf", type: "invoice"\} mandatory/,
    )
    await page.getByTestId('why-panel').waitFor()
    await screenshot(page, 'playground-definitions-light')

    // Export: the download is the imported document with the same sections.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()])
    const path = await download.path()
    const { readFileSync } = await import('node:fs')
    const exported = JSON.parse(readFileSync(path, 'utf8'))
    const original = JSON.parse(readFileSync('tests/fixtures/definitions/shop-export.json', 'utf8'))
    expect(Object.keys(exported)).toEqual(Object.keys(original))
    expect(exported.users).toEqual(original.users)
    expect(exported.bindings).toHaveLength(original.bindings.length)
    expect(new Set(exported.queues.map((q: { name: string }) => q.name))).toEqual(
      new Set(original.queues.map((q: { name: string }) => q.name)),
    )

    // A sample replaces the (changed) work only after asking; its publishes run and are logged.
    await page.getByTestId('samples').selectOption('seed-headers.json')
    await page.getByTestId('load-sample').click()
    await page.getByTestId('confirm-replace').click()
    const allRow = page.locator('[data-testid="result-table"] [data-queue="h.all"]')
    await expect.poll(() => allRow.textContent(), { timeout: 20_000 }).toContain('pdf+report+extra')
    // the session log keeps the earlier publish and adds the sample's six
    expect(await page.locator('[data-testid="message-log"] li').count()).toBe(7)
    await screenshot(page, 'playground-sample-headers-light')
    expect(w.consoleErrors).toEqual([])
    expect(w.pageErrors).toEqual([])
    expect(w.externalRequests).toEqual([])
    await w.context.close()
  })
})
