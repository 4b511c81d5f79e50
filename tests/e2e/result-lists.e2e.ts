/**
 * Large runs hide nothing (issue 23): a result-table row lists a queue's latest messages and one click
 * opens all of them — the seed 004 topic table's `t.all` holds 10, six are in the row — in both
 * languages; an outcome row's "earlier messages not listed" opens every one too, a virtualised list
 * driven from the keyboard. The open list passes axe-core (serious and critical rules).
 */
import axe from 'axe-core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { setText, storeState } from './support/playground'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const T_ALL = [
  'quick.orange.rabbit',
  'lazy.orange.elephant',
  'quick.orange.fox',
  'lazy.brown.fox',
  'lazy.pink.rabbit',
  'quick.brown.fox',
  'orange',
  'quick.orange.male.rabbit',
  'lazy.orange.male.rabbit',
  'lazy',
]

async function openSeedTopic(page: Page): Promise<void> {
  await page.goto(new URL('?scenario=scenarios/seed-topic.json', page.url()).toString())
  await page
    .getByTestId('confirm-replace')
    .click({ timeout: 3_000 })
    .catch(() => {})
  await expect
    .poll(async () => (await storeState<Record<string, string[]>>(page, 'run.result.queues'))?.['t.all'], {
      timeout: 30_000,
    })
    .toHaveLength(10)
  await page.locator('tr[data-queue="t.all"]').waitFor({ timeout: 30_000 })
}

/** axe-core on the open list: serious and critical violations, as "rule target" strings. */
async function axeOnList(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source })
  return page.evaluate(async () => {
    const a = (window as unknown as { axe: typeof axe }).axe
    const r = await a.run('[data-testid="message-list"]', {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    })
    return r.violations.flatMap((v) =>
      v.nodes
        .filter((n) => (n.impact ?? v.impact) === 'serious' || (n.impact ?? v.impact) === 'critical')
        .map((n) => `${v.id} ${n.target.join(' ')}`),
    )
  })
}

const optionIds = (page: Page) =>
  page.locator('[data-testid="message-list"] [role="option"]').evaluateAll((els) =>
    els
      .map((e) => ({ pos: Number(e.getAttribute('aria-posinset')), id: e.getAttribute('data-message') }))
      .sort((a, b) => a.pos - b.pos)
      .map((o) => o.id),
  )

describe('result table: every message a queue holds is reachable', () => {
  for (const [locale, label, title] of [
    ['en-US', 'All 10…', 'queue t.all'],
    ['zh-CN', '全部 10 条…', '队列 t.all'],
  ] as const) {
    it(`lists all 10 of t.all after one click (${locale})`, async () => {
      const w = await openPage(browser, '', { locale })
      const { page } = w
      await openSeedTopic(page)
      // the store holds ten; the row shows the latest six and says how many came before
      expect(await storeState<string[]>(page, 'run.result.queues')).toMatchObject({ 't.all': T_ALL })
      const row = page.locator('tr[data-queue="t.all"]')
      expect(await row.locator('[data-message]').count()).toBe(6)
      const more = row.getByTestId('show-all')
      expect((await more.textContent())?.trim()).toBe(label)
      await more.click()
      const dialog = page.getByTestId('message-list')
      await dialog.waitFor()
      expect(await dialog.getByRole('heading').textContent()).toBe(title)
      expect(await optionIds(page)).toEqual(T_ALL)
      // keyboard: the list has focus, Home goes to the first, ↓ to the second, Enter selects it
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox')
      expect(await axeOnList(page)).toEqual([])
      await screenshot(page, `result-list-${locale}`)
      await page.keyboard.press('Home')
      await page.keyboard.press('ArrowDown')
      const active = await page
        .getByRole('listbox')
        .evaluate(
          (el) => document.getElementById(el.getAttribute('aria-activedescendant') ?? '')?.dataset.message,
        )
      expect(active).toBe('lazy.orange.elephant')
      await page.keyboard.press('Enter')
      await dialog.waitFor({ state: 'detached' })
      expect(await storeState(page, 'selection')).toEqual({ kind: 'run', index: 1 })
      // focus is back on the button that opened the list
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('show-all')
      // Escape closes without selecting
      await more.click()
      await dialog.waitFor()
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      expect(await storeState(page, 'selection')).toEqual({ kind: 'run', index: 1 })
      expect(w.pageErrors).toEqual([])
      expect(w.consoleErrors).toEqual([])
      await w.context.close()
    })
  }

  it('opens every one of 120 dropped messages, virtualised, from the keyboard', async () => {
    const w = await openPage(browser, '', { locale: 'zh-CN', colorScheme: 'dark' })
    const { page } = w
    await page.getByTestId('result-table').first().waitFor({ timeout: 30_000 })
    const lines = ['exchange declare x direct']
    for (let i = 1; i <= 120; i++) lines.push(`publish m${i} to x key nowhere`)
    await setText(page, `${lines.join('\n')}\n`)
    const more = page.locator('tr[data-more="70"]').getByTestId('show-all')
    await more.waitFor({ timeout: 30_000 })
    expect(await page.locator('tr[data-dropped]').count()).toBe(50)
    expect((await more.textContent())?.trim()).toBe('全部 120 条…')
    await more.click()
    const box = page.getByRole('listbox')
    await box.waitFor()
    const options = box.getByRole('option')
    // virtualised: fewer rows in the DOM than messages, each telling its place in all 120
    const drawn = await options.count()
    expect(drawn).toBeGreaterThan(10)
    expect(drawn).toBeLessThan(60)
    expect(await options.first().getAttribute('aria-setsize')).toBe('120')
    // it opens on the latest, like the row
    expect(await optionIds(page)).toContain('m120')
    await page.keyboard.press('Home')
    await expect.poll(() => optionIds(page)).toContain('m1')
    expect(await optionIds(page)).not.toContain('m120')
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown')
    await page.keyboard.press('ArrowDown')
    const active = () =>
      box.evaluate(
        (el) => document.getElementById(el.getAttribute('aria-activedescendant') ?? '')?.dataset.message,
      )
    const pos = Number((await active())?.slice(1))
    expect(pos).toBeGreaterThan(30)
    expect(await axeOnList(page)).toEqual([])
    await page.keyboard.press('End')
    expect(await active()).toBe('m120')
    // a click picks a message too
    await page.locator('[role="option"][data-message="m119"]').click()
    await page.getByTestId('message-list').waitFor({ state: 'detached' })
    expect(await storeState(page, 'selection')).toEqual({ kind: 'run', index: 118 })
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})
