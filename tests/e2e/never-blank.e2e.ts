/**
 * Never a blank page: a view whose chunk does not download shows "reload this part" under a working
 * header, and the button loads it once the network is back.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('a chunk that does not download', () => {
  it('opening a view: a retry box, then the view once the chunk loads', async () => {
    const w = await openPage(browser, 'about:blank')
    const { page } = w
    const chunk = /\/assets\/practice-page-[^/]+\.js$/
    await page.route(chunk, (route) => route.abort('internetdisconnected'))
    await page.goto(new URL('?view=practice', w.baseURL).toString())
    await page.getByTestId('part-failed').waitFor()
    expect(await page.getByTestId('part-failed').textContent()).toMatch(/could not be downloaded/)
    // The shell is alive: the header navigates.
    expect(await page.getByRole('navigation').getByRole('button').count()).toBe(4)
    await screenshot(page, 'never-blank-chunk-failed')
    await page.unroute(chunk)
    await page.getByTestId('part-retry').click()
    await page.getByTestId('tab-progress').waitFor()
    expect(await page.getByTestId('part-failed').count()).toBe(0)
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('switching views: a stylesheet or chunk that fails is retried by the button', async () => {
    const w = await openPage(browser)
    const { page } = w
    await page.getByTestId('result-table').first().waitFor({ timeout: 30_000 })
    const files = /\/assets\/lessons-page-[^/]+\.(js|css)$/
    await page.route(files, (route) => route.abort('internetdisconnected'))
    await page.getByRole('navigation').getByRole('button', { name: 'Lessons' }).click()
    await page.getByTestId('part-failed').waitFor()
    await page.unroute(files)
    await page.getByTestId('part-retry').click()
    await page.locator('.lessons, [data-testid="lesson-list"], h2').first().waitFor()
    expect(await page.getByTestId('part-failed').count()).toBe(0)
    // The lessons stylesheet was re-attached: a lessons class has its styles.
    const styled = await page.evaluate(() =>
      [...document.styleSheets].some((s) => {
        try {
          return (s.href ?? '').includes('lessons-page') && s.cssRules.length > 0
        } catch {
          return false // a sheet that failed to load has no readable rules
        }
      }),
    )
    expect(styled).toBe(true)
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})
