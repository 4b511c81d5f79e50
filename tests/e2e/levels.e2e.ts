/**
 * The Levels view (docs/levels.md) in Chromium, both languages: the map; a level solved by drawing
 * with the mouse and one by keyboard only; a catch-all that fails its "only" goal with a named
 * counter-example; a level from the builder shared by link and opened in a fresh browser context is
 * the same level; axe clean; usable at 375 px. Screenshots for docs/ are written here too.
 */
import axe from 'axe-core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { PHONE, PHONE_DEVICE, sidewaysOverflow } from './support/phone'
import { setText } from './support/playground'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const node = (page: Page, name: string) =>
  page.locator(`[data-testid="level-diagram"] g.node[data-name="${name}"]`)
const goals = (page: Page) => page.locator('[data-testid="level-goal"]')

async function openLevel(page: Page, id: string): Promise<void> {
  await page.goto(new URL(`?view=levels&level=${id}`, page.url()).toString())
  await page.getByTestId('level-page').waitFor()
  await page.locator('[data-testid="level-diagram"] g.node').first().waitFor({ timeout: 30_000 })
  await page.locator('[data-testid="level-editor"] .monaco-editor').waitFor({ timeout: 30_000 })
}

async function drawBinding(page: Page, source: string, target: string, key: string): Promise<void> {
  await node(page, source).click()
  await page.getByTestId('edit-bind').click()
  await page.getByTestId('diagram-pick').waitFor()
  await node(page, target).click()
  await page.getByTestId('edit-binding-key').fill(key)
  await page.getByTestId('edit-add-binding').click()
}

async function axeSerious(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source })
  return page.evaluate(async () => {
    const a = (window as unknown as { axe: typeof axe }).axe
    const r = await a.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`))
  })
}

describe('levels', () => {
  it.each(['en-US', 'zh-CN'])('the map lists 12 chapters and ≥ 30 levels (%s), axe clean', async (locale) => {
    const w = await openPage(browser, '?view=levels', { locale })
    const { page } = w
    await page.getByTestId('levels-map').waitFor()
    expect(await page.getByTestId('level-chapter').count()).toBe(12)
    expect(await page.getByTestId('level-tile').count()).toBeGreaterThanOrEqual(30)
    if (locale === 'zh-CN') expect(await page.locator('h2').first().textContent()).toContain('路由关卡')
    else await screenshot(page, 'levels-map')
    expect(await axeSerious(page)).toEqual([])
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('solves a level by drawing with the mouse; progress shows on the map', async () => {
    const w = await openPage(browser, '?view=levels')
    const { page } = w
    await openLevel(page, 'direct-first-binding')
    await drawBinding(page, 'shop', 'billing', 'order.paid')
    await expect.poll(() => page.locator('[data-testid="goal-row"].met').count()).toBe(1)
    await page.getByTestId('level-check').click()
    await expect.poll(() => goals(page).first().getAttribute('data-met')).toBe('true')
    expect(await page.locator('[data-testid="level-goal"][data-met="false"]').count()).toBeGreaterThan(0)
    await screenshot(page, 'levels-goal-picture')
    await drawBinding(page, 'shop', 'shipping', 'order.shipped')
    await page.getByTestId('level-check').click()
    await page.getByTestId('level-solved').waitFor()
    expect(await page.getByTestId('level-solved').getAttribute('data-at-par')).toBe('true')
    expect(await page.locator('[data-testid="level-goal"][data-met="false"]').count()).toBe(0)
    expect(await axeSerious(page)).toEqual([])
    await page.getByTestId('level-back').click()
    await expect
      .poll(() => page.locator('[data-level="direct-first-binding"]').getAttribute('data-status'))
      .toBe('at-par')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('solves a level by keyboard only (zh-CN)', async () => {
    const w = await openPage(browser, '?view=levels', { locale: 'zh-CN' })
    const { page } = w
    await openLevel(page, 'topic-star')
    const active = () => page.evaluate(() => document.activeElement?.getAttribute('data-name') ?? '')
    /** Tab into the diagram, then the arrow keys move between its nodes (docs/playground.md). */
    const focusOn = async (name: string, tab = 'Tab') => {
      for (let i = 0; i < 60 && (await active()) === ''; i++) await page.keyboard.press(tab)
      for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp'])
        for (let i = 0; i < 6; i++) {
          if ((await active()) === name) return
          await page.keyboard.press(key)
        }
      if ((await active()) !== name) throw new Error(`no keyboard focus on ${name} (at ${await active()})`)
    }
    await page.getByTestId('level-title').click() // a place to start tabbing from, not a control
    await focusOn('orders')
    await page.keyboard.press('Enter')
    await page.getByTestId('edit-bind').waitFor()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('edit-bind')
    await page.keyboard.press('Enter')
    await page.getByTestId('diagram-pick').waitFor()
    // back from where the menu was (the editor after the diagram keeps Tab for itself)
    await focusOn('order-events', 'Shift+Tab')
    await page.keyboard.press('Enter')
    await page.getByTestId('edit-binding-key').waitFor()
    await page.keyboard.type('order.*')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('[data-testid="level-diagram"] path[data-id^="b_"]').count()).toBe(1)
    await page.getByTestId('level-check').focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('level-solved').waitFor()
    expect(await page.getByTestId('level-solved').textContent()).toContain('标准步数')
    await w.context.close()
  })

  it('a catch-all typed into the editor fails the "only" goal with a counter-example', async () => {
    const w = await openPage(browser, '?view=levels')
    const { page } = w
    await openLevel(page, 'topic-star')
    // pasted into the same Monaco editor as the playground's (one insertion, as a paste is)
    await page.locator('[data-testid="level-editor"] .monaco-editor .view-lines').click()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.press('Delete')
    await page.keyboard.insertText(
      'exchange declare orders topic\nqueue declare order-events\nbind order-events to orders key "#"\n',
    )
    await expect.poll(() => page.locator('[data-testid="level-diagram"] path[data-id^="b_"]').count()).toBe(1)
    await page.getByTestId('level-check').click()
    const failing = page.locator('[data-testid="level-goal"][data-met="false"]')
    await failing.first().waitFor()
    const text = (await failing.allTextContents()).join(' | ')
    expect(text).toContain('nothing but "order.*" reaches order-events')
    expect(text).toMatch(/Counter-example: orders key "[^"]*" went to order-events/)
    expect(text).toContain('key "#"')
    expect(await page.getByTestId('level-solved').count()).toBe(0)
    await page.getByTestId('level-show-path').first().click()
    await screenshot(page, 'levels-failing-goal')
    // show solution asks first, then marks the level seen, not solved
    await page.getByTestId('level-show-solution').click()
    await page.getByTestId('level-confirm-solution').click()
    await page.getByTestId('level-check').click()
    await expect.poll(() => page.getByTestId('level-solved').textContent()).toContain('recorded as seen')
    await page.getByTestId('level-back').click()
    await expect
      .poll(() => page.locator('[data-level="topic-star"]').getAttribute('data-status'))
      .toBe('seen')
    await w.context.close()
  })

  it('a level from the builder, shared by link, opens the same in a fresh context', async () => {
    const w = await openPage(browser, '')
    const { page } = w
    await page.locator('[data-testid="script-preview"], .monaco-editor').first().waitFor({ timeout: 30_000 })
    await setText(
      page,
      'exchange declare shop direct\nqueue declare billing\nqueue declare refunds\nbind billing to shop key paid\nbind refunds to shop key refund\nexpect "paid" reaches only billing\nexpect "refund" reaches only refunds\n',
    )
    await page.goto(new URL('?view=levels&builder=1', page.url()).toString())
    await page.getByTestId('level-builder').waitFor()
    await page.getByTestId('builder-titleEn').fill('Refund desk')
    await page.getByTestId('builder-titleZh').fill('退款台')
    await page.getByTestId('builder-storyEn').fill('Paid to billing, refunds to refunds.')
    await page.getByTestId('builder-storyZh').fill('支付进 billing，退款进 refunds。')
    await page.getByTestId('builder-hintsEn').fill('Two direct bindings.')
    await page.getByTestId('builder-hintsZh').fill('两条 direct 绑定。')
    await page.getByTestId('builder-ok').waitFor()
    expect(await page.getByTestId('builder-link').count()).toBe(0)
    await page.getByTestId('builder-must-solve').waitFor()
    await screenshot(page, 'levels-builder')
    await page.getByTestId('builder-try').click()
    await page.getByTestId('level-page').waitFor()
    await page.locator('[data-testid="level-diagram"] g.node').first().waitFor({ timeout: 30_000 })
    await drawBinding(page, 'shop', 'billing', 'paid')
    await drawBinding(page, 'shop', 'refunds', 'refund')
    await page.getByTestId('level-check').click()
    await page.getByTestId('level-solved').waitFor()
    await page.getByTestId('level-back').click()
    const link = (await page.getByTestId('builder-link').inputValue()) ?? ''
    expect(link).toMatch(/#level=v1\./)
    const title = 'Refund desk'
    const fresh = await openPage(browser, '')
    await fresh.page.goto(link)
    await fresh.page.getByTestId('level-page').waitFor()
    expect(await fresh.page.getByTestId('level-title').textContent()).toContain(title)
    expect(await fresh.page.getByTestId('goal-picture').textContent()).toContain(
      'expect "paid" reaches only billing',
    )
    await fresh.page.getByTestId('level-check').click()
    expect(await fresh.page.locator('[data-testid="level-goal"][data-met="false"]').count()).toBe(2)
    await fresh.context.close()
    await w.context.close()
  })

  it('a level is usable on a 375 px phone', async () => {
    const w = await openPage(browser, '?view=levels&level=fanout-broadcast', {
      viewport: PHONE,
      device: PHONE_DEVICE,
    })
    const { page } = w
    await page.getByTestId('level-page').waitFor()
    await page.locator('[data-testid="level-diagram"] g.node').first().waitFor({ timeout: 30_000 })
    expect(await sidewaysOverflow(page)).toBeNull()
    await page.getByTestId('level-check').tap()
    await expect.poll(() => goals(page).count()).toBe(2)
    expect(await sidewaysOverflow(page)).toBeNull()
    await screenshot(page, 'levels-phone')
    await w.context.close()
  })
})
