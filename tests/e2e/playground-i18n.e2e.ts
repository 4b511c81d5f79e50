/** Switching language changes every visible playground string; both themes look right. */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { editorMessages } from '../../src/editor/editor-messages'
import { explainMessages } from '../../src/explain/explain-messages'
import { formsMessages } from '../../src/playground/forms-messages'
import { logMessages } from '../../src/playground/log-messages'
import { playgroundMessages } from '../../src/playground/playground-messages'
import { toolbarMessages } from '../../src/playground/toolbar-messages'
import { launchBrowser, openPage, screenshot, settledInTheme } from './support/browser'
import { publishWith, waitForRun } from './support/playground'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** English strings (without placeholders) long enough not to occur inside a user's script. */
function englishStrings(): string[] {
  const cats = [
    playgroundMessages,
    toolbarMessages,
    formsMessages,
    logMessages,
    explainMessages,
    editorMessages,
  ]
  const zh = cats.flatMap((c) => Object.values(c['zh-CN'])).join('\n')
  return (
    cats
      .flatMap((c) => Object.values(c.en))
      .flatMap((v) => v.split(/\{\w+\}/))
      .map((s) => s.trim())
      // AMQP words the Chinese text keeps (exchange declare …) are not translation misses.
      .filter((s) => s.length >= 6 && /[a-z]{3}/.test(s) && !zh.includes(s))
  )
}

async function visibleText(page: import('playwright-core').Page): Promise<string> {
  // All text plus the labels a screen reader reads; user content (script, diagram, result rows) left out.
  return page.evaluate(() => {
    const main = document.querySelector('main') as HTMLElement
    const clone = main.cloneNode(true) as HTMLElement
    for (const el of clone.querySelectorAll(
      '.monaco-editor, [data-testid="diagram"], [data-testid="result-table"] tbody',
    ))
      el.remove()
    const attrs = [...clone.querySelectorAll('[aria-label],[placeholder],[title]')].map((el) =>
      ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? '').join(' '),
    )
    return `${clone.textContent}\n${attrs.join('\n')}`
  })
}

describe('playground: languages and themes', () => {
  it('switching to 简体中文 changes every visible string', async () => {
    const w = await openPage(browser, '', { colorScheme: 'dark' })
    const { page } = w
    await waitForRun(page)
    await publishWith(page, { key: 'order.created' })
    await page.getByTestId('log-entry-1').waitFor({ timeout: 20_000 })
    await page.getByTestId('share-edit').click()
    await screenshot(page, 'playground-published-dark')
    const before = await visibleText(page)
    const english = englishStrings()
    expect(english.filter((s) => before.includes(s)).length).toBeGreaterThan(15)

    await page.getByTestId('language').selectOption('zh-CN')
    await expect.poll(() => page.getByRole('heading', { name: '拓扑脚本' }).count()).toBe(1)
    const after = await visibleText(page)
    expect(english.filter((s) => after.includes(s))).toEqual([])
    expect(after).toContain('发布消息')
    await screenshot(page, 'playground-published-dark-zh')
    await page.getByTestId('theme-toggle').click()
    await settledInTheme(page, 'light')
    await screenshot(page, 'playground-published-light-zh')
    expect(w.consoleErrors).toEqual([])
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('a syntax error is located, the last good diagram stays (dark)', async () => {
    const w = await openPage(browser, '', { colorScheme: 'dark' })
    const { page } = w
    await waitForRun(page)
    const svg = page.locator('[data-testid="diagram"] svg')
    await svg.waitFor({ timeout: 30_000 })
    await page.locator('.monaco-editor .view-lines').first().click()
    await page.keyboard.press('ControlOrMeta+End')
    await page.keyboard.insertText('\nbind notify to study.orders key "unterminated')
    await page.getByTestId('syntax-status').waitFor()
    expect(await page.getByTestId('syntax-status').textContent()).toContain('line 9, column 33')
    await page.getByTestId('stale-note').waitFor()
    expect(await svg.count()).toBe(1)
    expect(await page.locator('.monaco-editor .squiggly-error').count()).toBeGreaterThan(0)
    await screenshot(page, 'playground-syntax-error-dark')
    // Valid text the broker refuses: a warning marker on the line and a count under the editor.
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.insertText('queue declare q\nbind q to nowhere key k\n')
    await expect
      .poll(() => page.getByTestId('editor-status').textContent(), { timeout: 20_000 })
      .toContain('1 operation(s) refused by the broker')
    await expect.poll(() => page.locator('.monaco-editor .squiggly-warning').count()).toBeGreaterThan(0)
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})
