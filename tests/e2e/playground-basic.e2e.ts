/** Type a topology in Monaco, publish with Ctrl+Enter, see the highlighted path and the why panel. */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { editorText, publishWith, typeScript, waitForRun } from './support/playground'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('playground: typing and publishing', () => {
  it('types a topology, publishes with Ctrl+Enter and shows the path and the reasons', async () => {
    const w = await openPage(browser)
    const { page } = w
    await waitForRun(page)
    await screenshot(page, 'playground-default-light')
    await typeScript(
      page,
      [
        'exchange declare shop topic',
        'queue declare audit',
        'queue declare eu',
        'bind audit to shop key "order.#"',
        'bind eu to shop key "*.*.eu"',
        'bind audit to shop key "#"',
      ].join('\n'),
    )
    await expect.poll(() => editorText(page)).toContain('bind audit to shop key "#"')
    await publishWith(page, { exchange: 'shop', key: 'order.created.eu' })
    // The new publish is logged and shown: one copy in audit although two of its bindings matched.
    await expect
      .poll(() => page.locator('[data-testid="route-result"] [data-queue]').allTextContents(), {
        timeout: 20_000,
      })
      .toEqual(['audit', 'eu'])
    await expect.poll(() => editorText(page)).toContain('publish m1 to shop key order.created.eu mandatory')
    await page.getByTestId('log-entry-1').waitFor()
    await page.getByTestId('why-panel').waitFor()
    // The diagram marks the exchange on the path and both receiving queues, and says the copies merged.
    const diagram = page.getByTestId('diagram')
    await expect.poll(() => diagram.locator('g.node.recv').count(), { timeout: 30_000 }).toBe(2)
    expect(await diagram.locator('g.node.hl').count()).toBeGreaterThanOrEqual(1)
    await expect.poll(() => diagram.textContent()).toContain('2 bindings → 1 copy')
    await screenshot(page, 'playground-published-light')
    // Every Mermaid render gets a new id; a diagram shown again from the cache keeps its first one.
    const firstSvgId = await diagram.locator('svg').first().getAttribute('id')

    // A second publish with headers; then the log re-opens the first one with its own path.
    await publishWith(page, { exchange: 'shop', key: 'invoice.paid' })
    await page.getByTestId('log-entry-2').waitFor({ timeout: 20_000 })
    await expect
      .poll(() => page.locator('[data-testid="route-result"] [data-queue]').allTextContents())
      .toEqual(['audit'])
    await page.getByTestId('log-entry-1').click()
    await expect
      .poll(() => page.locator('[data-testid="route-result"] [data-queue]').allTextContents())
      .toEqual(['audit', 'eu'])
    expect(await page.getByTestId('why-panel').getAttribute('data-publish')).toBe('m1')
    // Both diagrams were drawn before, so they come back from the view's render cache: each must
    // still be its own message's path.
    await expect.poll(() => diagram.locator('g.node.recv').count()).toBe(2)
    await expect.poll(() => diagram.textContent()).toContain('2 bindings → 1 copy')
    expect(await diagram.locator('svg').first().getAttribute('id')).toBe(firstSvgId)
    await page.getByTestId('log-entry-2').click()
    await expect.poll(() => diagram.locator('g.node.recv').count()).toBe(1)
    expect(await diagram.textContent()).not.toContain('2 bindings → 1 copy')
    await page.getByTestId('log-entry-1').click()
    await expect.poll(() => diagram.locator('g.node.recv').count()).toBe(2)

    // Completion offers the declared names after "bind ".
    await page.locator('.monaco-editor .view-lines').first().click()
    await page.keyboard.press('ControlOrMeta+End')
    await page.keyboard.insertText('bind ')
    await page.keyboard.press('Control+Space')
    const suggest = page.locator('.suggest-widget').first()
    await expect.poll(() => suggest.textContent(), { timeout: 10_000 }).toContain('audit')
    expect(await suggest.textContent()).toContain('eu')
    await page.keyboard.press('Escape')
    expect(w.consoleErrors).toEqual([])
    expect(w.pageErrors).toEqual([])
    expect(w.externalRequests).toEqual([])
    await w.context.close()
  })
})
