/**
 * Hosting under a sub-path (GitHub Pages: https://USER.github.io/REPO/): the build (base './') served
 * from a folder works — views, a sample scenario fetched beside the page, the service worker scoped
 * to that folder, and a reload offline. E2E_SUB_PATH names the folder; a build made with
 * `vite build --base=/that/folder/` passes too (README, "Hosting under a sub-path").
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser } from 'playwright-core'
import { type PreviewServer, preview } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from './support/browser'
import { editorText, waitForRun } from './support/playground'

const SUB = process.env.E2E_SUB_PATH ?? '/gh/amqp-routing/'
let browser: Browser
let server: PreviewServer
let root: string

beforeAll(async () => {
  const outDir = resolve(process.env.E2E_DIST ?? 'dist')
  if (!existsSync(resolve(outDir, 'index.html'))) throw new Error(`No build in ${outDir}`)
  server = await preview({
    base: SUB,
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
    build: { outDir },
    logLevel: 'warn',
  })
  root = server.resolvedUrls?.local[0] ?? ''
  expect(new URL(root).pathname).toBe(SUB)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('under a sub-path', () => {
  it('runs, fetches samples beside the page, scopes its service worker to the folder and reloads offline', async () => {
    const context = await browser.newContext({ locale: 'en-US' })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const outside: string[] = []
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (r.url().startsWith('http') && !path.startsWith(SUB)) outside.push(path)
    })
    await page.goto(root)
    await waitForRun(page)
    await page.getByTestId('samples').selectOption('seed-topic.json')
    await page.getByTestId('load-sample').click()
    await expect.poll(() => editorText(page)).toContain('topic')
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(new URL(scope).pathname).toBe(SUB)
    await page.locator('html[data-offline-ready="true"]').waitFor({ timeout: 30_000 })

    await page.getByRole('navigation').getByRole('button', { name: 'Lessons' }).click()
    await page.getByTestId('lesson-list').waitFor()
    expect(new URL(page.url()).pathname).toBe(SUB)
    await context.setOffline(true)
    await page.reload()
    await page.getByTestId('lesson-list').waitFor()
    expect(outside).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
