/**
 * Never a blank page: a view whose chunk does not download shows "reload this part" under a working
 * header, and the button loads it once the network is back; after one visit the service worker
 * serves the whole app offline (a reload, every view, a sample scenario).
 */
import { readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VIEW_IDS } from '../../src/store/url-route'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { editorText, waitForRun } from './support/playground'

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
    // On the context, so requests the service worker makes are refused too.
    await w.context.route(chunk, (route) => route.abort('internetdisconnected'))
    await page.goto(new URL('?view=practice', w.baseURL).toString())
    await page.getByTestId('part-failed').waitFor()
    expect(await page.getByTestId('part-failed').textContent()).toMatch(/could not be downloaded/)
    // The shell is alive: the header navigates.
    expect(await page.getByRole('navigation').getByRole('button').count()).toBe(VIEW_IDS.length)
    await screenshot(page, 'never-blank-chunk-failed')
    await w.context.unroute(chunk)
    await page.getByTestId('part-retry').click()
    await page.getByTestId('tab-progress').waitFor()
    expect(await page.getByTestId('part-failed').count()).toBe(0)
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('switching views: a stylesheet or chunk that fails is retried by the button', async () => {
    // Without the service worker, which would have precached the view by now.
    const w = await openPage(browser, '', { serviceWorkers: 'block' })
    const { page } = w
    await page.getByTestId('result-table').first().waitFor({ timeout: 30_000 })
    const files = /\/assets\/lessons-page-[^/]+\.(js|css)$/
    await w.context.route(files, (route) => route.abort('internetdisconnected'))
    await page.getByRole('navigation').getByRole('button', { name: 'Lessons' }).click()
    await page.getByTestId('part-failed').waitFor()
    await w.context.unroute(files)
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

describe('the playground before Monaco', () => {
  it('shows the script, the diagram and the result without the editor; a failed editor is retried in its box', async () => {
    const w = await openPage(browser, 'about:blank', { serviceWorkers: 'block' })
    const { page, context } = w
    const monaco = monacoChunk()
    await context.route(monaco, (route) => route.abort('internetdisconnected'))
    await page.goto(w.baseURL)
    await page.getByTestId('result-table').first().waitFor({ timeout: 30_000 })
    await page.locator('[data-testid="diagram"] svg').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('script-preview').textContent()).toContain(
      'exchange declare study.orders topic',
    )
    // Reaching for the script asks for Monaco; its download fails in the editor's box only.
    await page.locator('[data-testid="script-preview"] section').hover()
    await page.locator('.editor-panel [data-testid="part-failed"]').waitFor({ timeout: 30_000 })
    expect(await page.locator('[data-testid="diagram"] svg').count()).toBe(1)
    await context.unroute(monaco)
    await page.getByTestId('part-retry').click()
    await page.locator('.monaco-editor').waitFor({ timeout: 30_000 })
    expect(w.pageErrors).toEqual([])
    await context.close()
  })
})

/**
 * The build's Monaco chunk, found in Vite's manifest rather than by a chunk name the bundler may
 * change: the largest JavaScript file the script editor imports.
 */
function monacoChunk(): RegExp {
  const dist = resolve(process.env.E2E_DIST ?? 'dist')
  const manifest = JSON.parse(readFileSync(resolve(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >
  const editor = manifest['src/editor/script-editor.tsx']
  if (!editor) throw new Error('the manifest has no script editor chunk')
  const files = (editor.imports ?? [])
    .flatMap((k) => manifest[k]?.file ?? [])
    .filter((f) => f.endsWith('.js'))
  const largest = files.sort((a, b) => statSync(resolve(dist, b)).size - statSync(resolve(dist, a)).size)[0]
  if (!largest) throw new Error('the script editor imports no chunk')
  const escaped = largest.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`/${escaped}$`)
}

/** Files under assets/ the page loaded that the service worker has not cached yet. */
const uncached = (page: Page) =>
  page.evaluate(async () => {
    const urls = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => new URL(u).pathname.includes('/assets/'))
    const missing: string[] = []
    // As the worker matches: a server may answer module requests with `Vary: Origin`.
    for (const u of urls)
      if (!(await caches.match(u, { ignoreSearch: true, ignoreVary: true }))) missing.push(u)
    return missing
  })

describe('offline after one visit', () => {
  it('a reload offline shows the playground with editor, diagram and result; every view and a sample work', async () => {
    const w = await openPage(browser)
    const { page, context } = w
    await waitForRun(page)
    await page.locator('[data-testid="diagram"] svg').waitFor({ timeout: 30_000 })
    await page.locator('html[data-offline-ready="true"]').waitFor({ timeout: 30_000 })
    await expect.poll(() => uncached(page), { timeout: 20_000 }).toEqual([])

    await context.setOffline(true)
    await page.reload()
    await waitForRun(page)
    await page.locator('[data-testid="diagram"] svg').waitFor({ timeout: 30_000 })
    expect(await page.evaluate(() => navigator.onLine)).toBe(false)
    await screenshot(page, 'offline-playground')

    for (const [view, ready] of [
      ['Lessons', '[data-testid="lesson-list"]'],
      ['Practice', '[data-testid="tab-progress"]'],
      ['Timeline', '[data-testid="timeline-page"]'],
    ] as const) {
      await page.getByRole('navigation').getByRole('button', { name: view }).click()
      await page.locator(ready).first().waitFor()
      expect(await page.getByTestId('part-failed').count(), view).toBe(0)
    }
    await page.getByRole('navigation').getByRole('button', { name: 'Playground' }).click()
    await waitForRun(page)
    await page.getByTestId('samples').selectOption('seed-fanout.json')
    await page.getByTestId('load-sample').click()
    const confirm = page.getByTestId('confirm-replace')
    if (await confirm.isVisible()) await confirm.click()
    await expect.poll(() => editorText(page)).toContain('fanout')
    expect(w.pageErrors).toEqual([])
    await context.close()
  })
})
