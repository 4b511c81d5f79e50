/**
 * Launches Debian's Chromium through playwright-core and opens pages that record what a user would
 * not want: console errors, uncaught exceptions and any request leaving the page's origin.
 */
import { mkdirSync } from 'node:fs'
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { CHROMIUM_PATH } from './chromium-path'

const SCREENSHOT_DIR = 'test-results/screenshots'

export interface WatchedPage {
  page: Page
  context: BrowserContext
  consoleErrors: string[]
  pageErrors: string[]
  externalRequests: string[]
  baseURL: string
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export async function openPage(
  browser: Browser,
  path = '',
  options: {
    locale?: string
    colorScheme?: 'light' | 'dark'
    viewport?: { width: number; height: number }
    /** 'block' keeps the service worker out (a test of the network path itself). */
    serviceWorkers?: 'allow' | 'block'
    /** A phone: pixel ratio, the mobile meta-viewport rules and touch events. */
    device?: { deviceScaleFactor: number; isMobile: boolean; hasTouch: boolean }
  } = {},
): Promise<WatchedPage> {
  const baseURL = inject('baseURL')
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1400, height: 900 },
    serviceWorkers: options.serviceWorkers ?? 'allow',
    ...options.device,
  })
  const page = await context.newPage()
  const origin = new URL(baseURL).origin
  const watched: WatchedPage = {
    page,
    context,
    consoleErrors: [],
    pageErrors: [],
    externalRequests: [],
    baseURL,
  }
  page.on('console', (msg) => {
    if (msg.type() === 'error') watched.consoleErrors.push(msg.text())
  })
  page.on('pageerror', (err) => watched.pageErrors.push(err.message))
  page.on('request', (req) => {
    const url = req.url()
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      watched.externalRequests.push(url)
    }
  })
  await page.goto(new URL(path, baseURL).toString())
  return watched
}

/**
 * Screenshots are for a person to look at (no test asserts on them), so `npm test` does not spend
 * time on them: `E2E_SCREENSHOTS=1` writes them to `SCREENSHOT_DIR` (a page in full, or one part).
 */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const path = `${SCREENSHOT_DIR}/${name}.png`
  if ('goto' in target) await target.screenshot({ path, fullPage: true })
  else await target.screenshot({ path })
}

/**
 * After a theme change: the page wears `theme`, every drawn diagram has been redrawn in it (Mermaid's
 * `data-drawn`), and finite transitions have finished — what a screenshot should wait for.
 */
export async function settledInTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.waitForFunction(
    (t) =>
      document.documentElement.dataset.theme === t &&
      [...document.querySelectorAll<HTMLElement>('.diagram-svg')].every(
        (d) => d.childElementCount === 0 || d.dataset.drawn === t,
      ),
    theme,
    { timeout: 20_000 },
  )
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)))
    await frame()
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
    await Promise.all(finite.map((a) => a.finished.catch(() => null)))
  })
}
