/**
 * Hostile names everywhere (script, diagram, why panel, result table, log): they render as text and
 * run nothing — no dialog, no page error, no injected element, no request leaving the origin.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Operation } from '../../src/engine/broker/types'
import { printScript } from '../../src/engine/script/print'
import { launchBrowser, openPage, screenshot, settledInTheme } from './support/browser'
import { setText, storeState, waitForRun } from './support/playground'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const NAMES = [
  'a "quoted" b',
  "it's",
  '<img src=x onerror=alert(1)>',
  '<script>alert(2)</script>',
  '#35;',
  'end',
  'graph',
  'class',
  `long-${'x'.repeat(250)}`,
  '🐇 rabbit 🚀',
  '订单.创建',
  '{{"curly"}}',
  'a---ob',
  'javascript:alert(3)',
]

function hostileScript(): string {
  const ops: Operation[] = [
    {
      op: 'exchange.declare',
      exchange: { name: 'x"<b>', type: 'fanout', durable: true, auto_delete: false, internal: false },
    },
  ]
  for (const name of NAMES) {
    ops.push({ op: 'queue.declare', queue: { name, durable: true, exclusive: false, auto_delete: false } })
    ops.push({
      op: 'bind',
      binding: { source: 'x"<b>', destination: name, destination_type: 'queue', routing_key: name },
    })
  }
  ops.push({
    op: 'publish',
    publish: { id: '<img src=y onerror=alert(4)>', exchange: 'x"<b>', routing_key: 'end' },
  })
  return printScript(ops)
}

describe('playground: hostile names', () => {
  it('shows every name as text and runs nothing', async () => {
    const w = await openPage(browser)
    const { page } = w
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    await waitForRun(page)
    expect(Buffer.byteLength(NAMES[8] ?? '')).toBe(255)
    await setText(page, hostileScript())
    const table = page.getByTestId('result-table')
    await expect.poll(() => table.locator('[data-queue]').count(), { timeout: 20_000 }).toBe(NAMES.length)
    expect(await storeState<unknown[]>(page, 'run.result.errors')).toEqual([])
    // Every queue name appears literally in the result table and in the diagram.
    const tableText = (await table.textContent()) ?? ''
    const svg = page.locator('[data-testid="diagram"] svg')
    await svg.waitFor({ timeout: 30_000 })
    await expect.poll(async () => (await svg.textContent())?.includes('a "quoted" b')).toBe(true)
    const svgText = (await svg.textContent()) ?? ''
    for (const name of NAMES) expect(tableText, name).toContain(name)
    for (const name of ['<img src=x onerror=alert(1)>', '#35;', 'end', 'graph', '🐇 rabbit 🚀', '订单.创建'])
      expect(svgText, name).toContain(name)
    // Nothing became markup.
    expect(await page.locator('main img, main script, [data-testid="diagram"] a').count()).toBe(0)
    await screenshot(page, 'playground-hostile-light')
    await page.getByTestId('theme-toggle').click()
    await settledInTheme(page, 'dark')
    await screenshot(page, 'playground-hostile-dark')
    expect(dialogs).toEqual([])
    expect(w.pageErrors).toEqual([])
    expect(w.consoleErrors).toEqual([])
    expect(w.externalRequests).toEqual([])
    await w.context.close()
  })
})
