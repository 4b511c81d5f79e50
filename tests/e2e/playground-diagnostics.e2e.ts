/**
 * The editor says what is wrong in the UI language: a typo gets "did you mean", a refused bind names
 * the missing queue and the declared one that was meant, a wildcard bound to a direct exchange is
 * explained; the result table names the line. Read through Monaco's own problem widget (Alt+F8).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { editorText, setText, waitForRun } from './support/playground'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The problem widget's text for the next problem after the cursor (the editor must have focus). */
async function nextProblem(page: Page): Promise<string> {
  await page.keyboard.press('Alt+F8')
  const widget = page.locator('.marker-widget .descriptioncontainer').first()
  await widget.waitFor({ timeout: 10_000 })
  return (await widget.textContent()) ?? ''
}

/** Steps through the problems (Alt+F8) to the first one that says `text`; the lint's own markers sit among them. */
async function problemSaying(page: Page, text: string): Promise<string> {
  let last = ''
  for (let i = 0; i < 10; i++) {
    last = await nextProblem(page)
    if (last.includes(text)) return last
  }
  return last
}

describe('diagnostics in Chinese', () => {
  it('suggests the keyword, names the missing queue, explains a wildcard on a direct exchange', async () => {
    const w = await openPage(browser, '', { locale: 'zh-CN' })
    const { page } = w
    await waitForRun(page)
    // the example's comment is in the UI language, and follows it while the example is untouched
    expect((await editorText(page)).split('\n')[0]).toBe(
      '// 一个 topic 交换机：audit 接收全部订单事件，notify 只接收新建的订单。',
    )
    await page.getByTestId('language').selectOption('en')
    await expect.poll(async () => (await editorText(page)).split('\n')[0]).toMatch(/^\/\/ A topic exchange/)
    await page.getByTestId('language').selectOption('zh-CN')
    await setText(page, 'bnid audit to study.orders')
    await page.getByTestId('syntax-status').waitFor({ timeout: 20_000 })
    await page.locator('.monaco-editor .view-lines').first().click()
    await page.keyboard.press('ControlOrMeta+Home')
    const typo = await nextProblem(page)
    expect(typo).toContain('未知语句 `bnid`')
    expect(typo).toContain('你是不是想写 `bind`？')
    await screenshot(page, 'playground-diagnostic-typo-zh')
    await page.keyboard.press('Escape')

    await setText(
      page,
      [
        'exchange declare study.orders topic',
        'exchange declare orders.direct direct',
        'queue declare audit',
        'bind audti to study.orders key "order.#"',
        'bind audit to orders.direct key "order.#"',
      ].join('\n'),
    )
    await expect
      .poll(() => page.locator('.monaco-editor .squiggly-warning').count(), { timeout: 20_000 })
      .toBeGreaterThan(0)
    await page.locator('.monaco-editor .view-lines').first().click()
    await page.keyboard.press('ControlOrMeta+Home')
    const refused = await problemSaying(page, 'audti')
    expect(refused).toContain('vhost `/` 里没有队列 `audti`')
    expect(refused).toContain('你是不是想写 `audit`？')
    await screenshot(page, 'playground-diagnostic-missing-zh')
    const hint = await problemSaying(page, '是 direct 交换机')
    expect(hint).toContain('`orders.direct` 是 direct 交换机')
    // the result table names the line, not the operation's index
    const row = page.locator('[data-testid="result-table"] tr[data-error]').first()
    expect(await row.textContent()).toContain('第 4 行')
    expect(await row.textContent()).not.toContain('binding:')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})
