/**
 * Issue 20 in the page: the Problems panel lists lint findings and goes to their line; a failing
 * `expect` shows its counter-example, and publishing it opens its why panel; "Compare with…" an
 * earlier version draws the gained edge on the diagram with a legend. Both languages, hostile names
 * as text, axe-core clean. With DOCS_SHOTS=1 the screenshots of docs/analysis.md are (re)written.
 */
import axe from 'axe-core'
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

const HOMEWORK_03 = [
  'exchange declare orders topic',
  'queue declare audit',
  'queue declare points',
  'queue declare forgotten',
  'bind audit to orders key "order.#"',
  'bind points to orders key "*.paid"',
  'expect "order.#" reaches audit',
  'expect nothing but "payment.*" reaches points',
].join('\n')

const BEFORE = [
  'exchange declare orders topic',
  'queue declare audit',
  'queue declare notify',
  'bind audit to orders key "order.#"',
].join('\n')
const AFTER = `${BEFORE}\nbind notify to orders key "order.created"`

const docsShots = process.env.DOCS_SHOTS === '1'

async function shot(page: Page, name: string, locator?: string): Promise<void> {
  if (docsShots && locator) {
    await page
      .locator(locator)
      .first()
      .screenshot({ path: `docs/${name}.png` })
    return
  }
  await screenshot(page, name)
}

/** The cursor's line in Monaco (its active line number). */
async function cursorLine(page: Page): Promise<number> {
  const text = await page.locator('.monaco-editor .line-numbers.active-line-number').first().textContent()
  return Number(text)
}

async function axeSerious(page: Page, include: string[]): Promise<string[]> {
  const has = await page.evaluate(() => 'axe' in window)
  if (!has) await page.addScriptTag({ content: axe.source })
  return page.evaluate(async (sel) => {
    const a = (window as unknown as { axe: typeof axe }).axe
    const r = await a.run(
      { include: sel.filter((s) => document.querySelector(s)).map((s) => [s]) },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } },
    )
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`))
  }, include)
}

describe('analysis in the playground', () => {
  it('Problems: a seeded finding, its line, a marker; a failing requirement publishes its counter-example', async () => {
    const w = await openPage(browser)
    const { page } = w
    await waitForRun(page)
    await setText(page, HOMEWORK_03)
    const finding = page.locator('[data-testid="finding"][data-rule="queue-unreachable"]')
    await finding.waitFor({ timeout: 30_000 })
    expect(await finding.getAttribute('data-line')).toBe('4')
    expect(await finding.textContent()).toContain('forgotten')
    // grouped by severity: the warning sits under "Warnings"
    expect(await finding.locator('xpath=ancestor::div[@data-severity]').getAttribute('data-severity')).toBe(
      'warning',
    )
    await finding.getByTestId('go-to-line').click()
    await expect.poll(() => cursorLine(page)).toBe(4)
    // markers: the unreachable queue (warning) and the failing requirement (error)
    await expect
      .poll(() => page.locator('.monaco-editor .squiggly-error').count(), { timeout: 10_000 })
      .toBeGreaterThan(0)
    expect(await page.locator('.monaco-editor .squiggly-warning').count()).toBeGreaterThan(0)
    await shot(page, 'analysis-problems', '[data-testid="problems-panel"]')

    const reqs = page.getByTestId('requirement')
    await expect.poll(() => reqs.count()).toBe(2)
    expect(await reqs.nth(0).getAttribute('data-verdict')).toBe('holds')
    const failing = reqs.nth(1)
    expect(await failing.getAttribute('data-verdict')).toBe('fails')
    expect(await failing.getByTestId('requirement-detail').textContent()).toMatch(
      /counter-example: key “other\.paid” to orders reached points/,
    )
    await shot(page, 'analysis-requirement-fails', '[data-testid="requirements-panel"]')
    await failing.getByTestId('requirement-publish').click()
    // published (appended to the script), routed, selected: the why panel shows it
    await expect.poll(() => editorText(page)).toMatch(/publish m1 to orders key other\.paid mandatory/)
    const why = page.getByTestId('why-panel')
    await expect.poll(() => why.getAttribute('data-publish'), { timeout: 20_000 }).toBe('m1')
    expect(await page.getByTestId('route-result').locator('[data-queue]').allTextContents()).toEqual([
      'points',
    ])
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('why-section')
    if (docsShots)
      await page.locator('.pg-right').screenshot({ path: 'docs/analysis-counterexample-why.png' })
    expect(
      await axeSerious(page, ['[data-testid="problems-panel"]', '[data-testid="requirements-panel"]']),
    ).toEqual([])
    expect(w.pageErrors).toEqual([])
  })

  it('Compare with an earlier version draws the gained edge, with a legend', async () => {
    const w = await openPage(browser)
    const { page } = w
    await waitForRun(page)
    await setText(page, BEFORE)
    await setText(page, AFTER)
    await page.getByTestId('compare-open').click()
    await page.getByTestId('compare-version').selectOption('1')
    await page.getByTestId('compare-version-run').click()
    const change = page.locator('[data-testid="diff-change"][data-change="gained"]')
    await change.waitFor({ timeout: 30_000 })
    expect(await change.getAttribute('data-destination')).toBe('notify')
    expect(await change.textContent()).toContain('order.created')
    const edge = page.locator('[data-testid="diagram"] svg path[data-diff="gained"]')
    await edge.waitFor({ timeout: 30_000 })
    expect(await page.locator('[data-testid="diagram"] svg g.ov-diff.gained').textContent()).toBe(
      '+ order.created',
    )
    expect(await page.getByTestId('diff-legend').textContent()).toContain('gained')
    await shot(page, 'analysis-diff-diagram', '.pg-right')
    expect(await axeSerious(page, ['[data-testid="compare-panel"]', '[data-testid="diff-legend"]'])).toEqual(
      [],
    )
    // a lost edge when the binding goes again, compared with the version that had it
    await page.getByTestId('compare-stop').click()
    await setText(page, BEFORE)
    await page.getByTestId('compare-version').selectOption('1')
    await page.getByTestId('compare-version-run').click()
    await page.locator('[data-testid="diff-change"][data-change="lost"]').waitFor({ timeout: 30_000 })
    await page
      .locator('[data-testid="diagram"] svg path[data-diff="lost"]')
      .waitFor({ state: 'attached', timeout: 30_000 })
    expect(w.pageErrors).toEqual([])
  })

  it('in Chinese: panels, markers and the diff in zh-CN; hostile names stay text', async () => {
    const w = await openPage(browser, '', { locale: 'zh-CN' })
    const { page } = w
    await waitForRun(page)
    const hostile = '<img src=x onerror=alert(1)>'
    await setText(page, `${HOMEWORK_03}\nqueue declare "${hostile}"`)
    const finding = page.locator('[data-testid="finding"][data-rule="queue-unreachable"]').last()
    await finding.waitFor({ timeout: 30_000 })
    await expect.poll(() => finding.textContent()).toContain(hostile)
    expect(await page.locator('[data-testid="problems-panel"] img').count()).toBe(0)
    expect(await page.locator('#problems-heading').textContent()).toBe('问题')
    expect(await page.locator('#requirements-heading').textContent()).toBe('要求')
    const failing = page.locator('[data-testid="requirement"][data-verdict="fails"]')
    await failing.waitFor()
    expect(await failing.textContent()).toContain('不成立')
    expect(await failing.getByTestId('requirement-detail').textContent()).toContain('反例')
    // no English outside code, names and AMQP terms
    const prose = await page.evaluate(() => {
      const out: string[] = []
      for (const sel of ['[data-testid="problems-panel"]', '[data-testid="requirements-panel"]']) {
        const el = document.querySelector(sel)?.cloneNode(true) as HTMLElement | undefined
        if (!el) continue
        for (const c of el.querySelectorAll('code')) c.remove()
        out.push(el.textContent ?? '')
      }
      return out.join('\n')
    })
    expect(prose).not.toMatch(
      /\b(holds|fails|Fix|Publish|Problems|Requirements|for example|counter-example|line \d)\b/,
    )
    if (docsShots)
      await page
        .locator('[data-testid="problems-panel"]')
        .screenshot({ path: 'docs/analysis-problems-zh.png' })
    await setText(page, BEFORE)
    await setText(page, AFTER)
    await page.getByTestId('compare-open').click()
    await page.getByTestId('compare-version-run').click()
    await page.locator('[data-testid="diagram"] svg path[data-diff="gained"]').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('diff-legend').textContent()).toContain('新增')
    expect(await page.getByTestId('compare-status').textContent()).toContain('新增 1 处')
    expect(
      await axeSerious(page, [
        '[data-testid="problems-panel"]',
        '[data-testid="requirements-panel"]',
        '[data-testid="compare-panel"]',
      ]),
    ).toEqual([])
    expect(w.pageErrors).toEqual([])
  })
})
