/**
 * The playground as a debugger (issue 14): any message of a script can be selected — from the result
 * table, the message strip, or its line in the editor — and the diagram and the why panel follow,
 * returned and dropped ones included; after a syntax error no broker marker sits on a changed line.
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

const SCRIPT = `exchange declare shop direct
queue declare audit
bind audit to shop key paid
publish m1 to shop key lost mandatory
publish m2 to shop key lost
publish m3 to shop key paid
`

const shown = (page: Page) =>
  page.evaluate(() => ({
    why: document.querySelector('[data-testid="why-panel"]')?.getAttribute('data-publish') ?? null,
    diagram: document.querySelector<HTMLElement>('[data-testid="diagram"]')?.dataset.publish ?? null,
  }))

/** Line numbers of the squiggles of one kind, matched to the line-number gutter by their offset. */
async function squiggleLines(page: Page, kind: 'warning' | 'error'): Promise<number[]> {
  return page.evaluate((k) => {
    const tops = new Map<string, number>()
    for (const n of document.querySelectorAll<HTMLElement>('.monaco-editor .margin-view-overlays > div')) {
      const num = n.querySelector('.line-numbers')?.textContent?.trim()
      if (num) tops.set(n.style.top, Number(num))
    }
    const out: number[] = []
    for (const d of document.querySelectorAll<HTMLElement>(`.monaco-editor .view-overlays .squiggly-${k}`)) {
      const row = d.parentElement as HTMLElement
      const line = tops.get(row.style.top)
      if (line !== undefined) out.push(line)
    }
    return out.sort((a, b) => a - b)
  }, kind)
}

describe('playground: any message, explained', () => {
  it('selects the returned m1 and the dropped m2 of one script and explains each', async () => {
    const w = await openPage(browser)
    const { page } = w
    await waitForRun(page)
    await setText(page, SCRIPT)
    await expect.poll(() => shown(page)).toEqual({ why: 'm3', diagram: 'm3' })
    const table = page.getByTestId('result-table')
    const why = page.getByTestId('why-panel')
    const diagram = page.locator('[data-testid="diagram"]')

    await table.locator('[data-returned="m1"] button').click()
    await expect.poll(() => shown(page)).toEqual({ why: 'm1', diagram: 'm1' })
    expect(await why.textContent()).toContain('Returned to the producer: 312 NO_ROUTE')
    expect(await diagram.locator('g.ov-badge.dead').textContent()).toContain('returned 312')
    expect(await diagram.locator('g.node.recv').count()).toBe(0)
    expect(await table.locator('[data-returned="m1"] button').getAttribute('aria-pressed')).toBe('true')
    await screenshot(page, 'debugger-returned-m1')

    await table.locator('[data-dropped="m2"] button').click()
    await expect.poll(() => shown(page)).toEqual({ why: 'm2', diagram: 'm2' })
    expect(await why.textContent()).toContain('Dropped: no queue was reached')
    expect(await diagram.locator('g.ov-badge.dead').textContent()).toContain('dropped')

    // The message strip and the publish line in the editor select too.
    await page.locator('[data-testid="message-strip"] [data-index="2"]').click()
    await expect.poll(() => shown(page)).toEqual({ why: 'm3', diagram: 'm3' })
    expect(await diagram.locator('g.node.recv').count()).toBe(1)
    await page.locator('.monaco-editor .view-line').nth(3).click() // line 4: publish m1
    await expect.poll(() => shown(page)).toEqual({ why: 'm1', diagram: 'm1' })

    // On the diagram itself: the producer badge lists every message; a queue, the ones it got.
    await diagram.getByTestId('diagram-producer').click()
    const picker = page.getByTestId('diagram-message-picker')
    expect(await picker.locator('button').allTextContents()).toEqual([
      'm1 returned (312)',
      'm2 dropped',
      'm3 routed',
    ])
    expect(await picker.locator('button[aria-pressed="true"]').textContent()).toContain('m1')
    await screenshot(page, 'debugger-producer-picker')
    await picker.locator('button[data-index="1"]').click()
    await expect.poll(() => shown(page)).toEqual({ why: 'm2', diagram: 'm2' })
    await diagram.locator('g.node', { hasText: 'audit' }).click()
    expect(await picker.locator('button').allTextContents()).toEqual(['m3 routed'])
    await picker.locator('button').click()
    await expect.poll(() => shown(page)).toEqual({ why: 'm3', diagram: 'm3' })
    // By keyboard: Enter on the focused badge opens the list; Escape closes it.
    await diagram.getByTestId('diagram-producer').focus()
    await page.keyboard.press('Enter')
    await picker.waitFor()
    await page.keyboard.press('Escape')
    await picker.waitFor({ state: 'detached' })
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('after a syntax error, no broker marker sits on a changed line, and the views say they are old', async () => {
    const w = await openPage(browser, '', { locale: 'zh-CN' })
    const { page } = w
    await waitForRun(page)
    // lines 3 and 4 are refused by the broker (no such queue): two warnings
    await setText(
      page,
      // (q bound on line 5: the lint has nothing to say, so the only warnings are the broker's)
      'exchange declare x direct\nqueue declare q\nbind nope to x key k\nbind gone to x key k\nbind q to x key k\n',
    )
    await expect.poll(() => squiggleLines(page, 'warning'), { timeout: 15_000 }).toEqual([3, 4])
    // Line 3 now says something else, and line 5 breaks the syntax: the run cannot be redone.
    await setText(
      page,
      'exchange declare x direct\nqueue declare q\nqueue declare audit\nbind gone to x key k\nbind q to x key "open\n',
    )
    await expect.poll(() => squiggleLines(page, 'error')).toEqual([5])
    expect(await squiggleLines(page, 'warning')).toEqual([4])
    const banner = page.getByTestId('stale-run')
    await banner.waitFor()
    expect(await banner.textContent()).toContain('第 5 行')
    await screenshot(page, 'debugger-stale-zh')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('draws a binding on the diagram: a script line that routes, undone by one Ctrl+Z from either place', async () => {
    const w = await openPage(browser)
    const { page } = w
    await waitForRun(page)
    await setText(
      page,
      'exchange declare shop direct\nqueue declare audit\nqueue declare billing\nbind audit to shop key paid\n',
    )
    const diagram = page.locator('[data-testid="diagram"]')
    const node = (name: string) => diagram.locator(`g.node[data-name="${name}"]`)
    await expect.poll(() => diagram.locator('path[data-id^="b_"]').count()).toBe(1)
    // exchange → "bind to…" → the queue → the key, asked in place
    await node('shop').click()
    await page.getByTestId('edit-bind').click()
    await page.getByTestId('diagram-pick').waitFor()
    await node('billing').click()
    await page.getByTestId('edit-binding-key').fill('refund')
    await screenshot(page, 'debugger-draw-binding')
    await page.getByTestId('edit-add-binding').click()
    await expect.poll(() => editorText(page)).toContain('bind billing to shop key refund\n')
    await expect.poll(() => diagram.locator('path[data-id^="b_"]').count()).toBe(2)
    // it routes: publish to the exchange from its menu
    await node('shop').click()
    await page.getByTestId('edit-publish-key').fill('refund')
    await page.getByTestId('edit-publish').click()
    await expect
      .poll(() => page.locator('[data-testid="route-result"] [data-queue]').allTextContents())
      .toEqual(['billing'])
    // Ctrl+Z outside the editor (a diagram node has the focus): the publish, then the binding
    await node('audit').focus()
    await page.keyboard.press('Control+Z')
    await expect.poll(() => editorText(page)).not.toContain('publish')
    await page.keyboard.press('Control+Z')
    await expect.poll(() => editorText(page)).not.toContain('key refund')
    await expect.poll(() => diagram.locator('path[data-id^="b_"]').count()).toBe(1)
    // redo, then one Ctrl+Z inside the editor undoes the same binding
    await page.keyboard.press('Control+Shift+Z')
    await expect.poll(() => editorText(page)).toContain('bind billing to shop key refund')
    await page.locator('.monaco-editor .view-lines').first().click()
    await page.keyboard.press('Control+Z')
    await expect.poll(() => editorText(page)).not.toContain('key refund')
    // the toolbar's Redo is the same history
    await page.getByTestId('redo').click()
    await expect.poll(() => editorText(page)).toContain('bind billing to shop key refund')
    // a binding selected on the diagram and Delete: an unbind line
    await diagram.locator('path[data-id^="b_"]').first().waitFor()
    await page.evaluate(() => {
      // the hit area over audit's edge (b_0), clicked where its stroke is
      const hit = document.querySelector('[data-testid="diagram"] path.ov-hit[data-edge="b_0"]')
      hit?.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    })
    await page.getByTestId('edit-unbind').waitFor()
    await page.keyboard.press('Delete')
    await expect.poll(() => editorText(page)).toContain('unbind audit from shop key paid\n')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('steps through a binding in place: a topic pattern and key in the DP stepper or the trie, headers one by one', async () => {
    const w = await openPage(browser, '', { locale: 'zh-CN' })
    const { page } = w
    await waitForRun(page)
    await setText(
      page,
      'exchange declare t topic\nexchange declare h headers\nqueue declare a\nqueue declare b\n' +
        'bind a to t key "order.*.#"\nbind b to t key "#.paid"\nbind b to h args {x-match: any, format: pdf, lang: en}\n' +
        'publish m1 to t key order.eu.paid\npublish m2 to h key x headers {lang: en}\n',
    )
    await expect.poll(() => shown(page)).toEqual({ why: 'm2', diagram: 'm2' })
    const why = page.getByTestId('why-panel')
    // headers: one argument per step, then the verdict
    await why.locator('li[data-binding] [data-testid="step-through"]').first().click()
    const headers = why.getByTestId('step-through-panel')
    await headers.getByTestId('headers-forward').click()
    expect(await headers.locator('tr.current').getAttribute('data-header')).toBe('x-match')
    await headers.getByTestId('headers-end').click()
    expect(await headers.getByTestId('headers-explain').textContent()).toContain('匹配')
    // topic: the pair of the binding row, in the DP stepper
    await page.locator('[data-testid="message-strip"] [data-index="0"]').click()
    await expect.poll(() => shown(page)).toEqual({ why: 'm1', diagram: 'm1' })
    const row = why.locator('li[data-binding]', { has: page.locator('code', { hasText: 'order.*.#' }) })
    await row.getByTestId('step-through').click()
    const dp = row.getByTestId('stepper-dp')
    await dp.waitFor()
    expect(await dp.getByTestId('dp-pattern').inputValue()).toBe('order.*.#')
    expect(await dp.getByTestId('dp-key').inputValue()).toBe('order.eu.paid')
    await dp.getByTestId('dp-end').click()
    expect(await dp.getByTestId('dp-result').getAttribute('class')).toContain('ok')
    await screenshot(page, 'debugger-step-dp-zh')
    // …or the trie walk over the exchange's topic bindings
    await row.getByTestId('step-trie').click()
    const trie = row.getByTestId('stepper-trie')
    await trie.waitFor()
    expect(await trie.textContent()).toContain('#.paid')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})
