import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser'

/** Binding edges drawn hot (Mermaid edges `b_N`; the producer arrow is an overlay element). */
const diagramHotEdges = (page: Page) =>
  page.locator('[data-testid="diagram"] path.hot[data-id^="b_"]').count()

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('walking skeleton', () => {
  it('routes the order example in the Worker and highlights the path on a Mermaid diagram', async () => {
    const w = await openPage(browser)
    const { page } = w
    const result = page.getByTestId('route-result')
    await result.waitFor({ timeout: 20_000 })
    // audit (order.#) and notify (order.created) both receive order.created
    await expect
      .poll(() => page.locator('[data-testid="route-result"] [data-queue]').allTextContents())
      .toEqual(['audit', 'notify'])
    const svg = page.locator('[data-testid="diagram"] svg')
    await svg.waitFor({ timeout: 30_000 })
    // the exchange on the path highlighted, both receiving queues marked, both matched binding edges hot
    await expect.poll(() => page.locator('[data-testid="diagram"] g.node.hl').count()).toBe(1)
    await expect.poll(() => page.locator('[data-testid="diagram"] g.node.recv').count()).toBe(2)
    await expect.poll(() => diagramHotEdges(page)).toBe(2)
    // the Worker really answered: the engine chunk was fetched as a worker script
    const workerUrls = page.workers().map((wk) => wk.url())
    expect(workerUrls.some((u) => u.includes('engine.worker'))).toBe(true)
    await screenshot(page, 'skeleton-light')
    expect(w.consoleErrors).toEqual([])
    expect(w.pageErrors).toEqual([])
    expect(w.externalRequests).toEqual([])
    await w.context.close()
  })
})
