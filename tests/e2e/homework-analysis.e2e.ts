/**
 * Homework checked by the analysis (docs/practice.md "Homework", docs/analysis.md "Homework"): the
 * homework page hides the check until the learner asks; homework 09's case opens the playground
 * compared with the version before it and the diff is drawn on the diagram; homework 03's case
 * shows failing requirements with their counter-examples. In both languages. The `compare=` link
 * refuses anything but a public scenario, with a notice and no request leaving the page.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const LOCALES = ['en-US', 'zh-CN'] as const

const TEXT = {
  'en-US': { reveal: 'show the check', fails: 'fails', gained: 'gained', counter: 'counter-example' },
  'zh-CN': { reveal: '显示核对', fails: '不成立', gained: '新增', counter: '反例' },
}

async function openCheck(page: Page, homework: string, caseId: string): Promise<void> {
  const hw = page.getByTestId(`homework-${homework}`)
  await hw.waitFor({ timeout: 30_000 })
  const check = hw.getByTestId('homework-check')
  // The check waits for the learner: no case, no verdict before they ask.
  expect(await check.getByTestId('homework-check-case').count()).toBe(0)
  const reveal = check.getByTestId('homework-check-reveal')
  await reveal.click()
  await hw.locator(`[data-testid="homework-check-case"][data-case="${caseId}"] a`).click()
}

describe.each(LOCALES)('homework checks (%s)', (locale) => {
  const t = TEXT[locale]
  const tag = locale === 'en-US' ? 'en' : 'zh-CN'

  it('homework 09: the transition opens compared with the old topology, the diff drawn', async () => {
    const w = await openPage(browser, '?view=practice&exercise=hw-09', { locale })
    const { page } = w
    const reveal = page.getByTestId('homework-check-reveal')
    await reveal.waitFor({ timeout: 30_000 })
    expect(await reveal.textContent()).toContain(t.reveal)
    await screenshot(page.getByTestId('homework-hw-09'), `homework-09-check-${tag}`)
    await openCheck(page, 'hw-09', 'transition')
    // the playground, compared with homework-09.json: two gains, nothing lost
    const gained = page.locator('[data-testid="diff-change"][data-change="gained"]')
    await expect.poll(() => gained.count(), { timeout: 30_000 }).toBe(2)
    expect(await page.locator('[data-testid="diff-change"][data-change="lost"]').count()).toBe(0)
    expect(
      await gained.evaluateAll((els) => els.map((e) => e.getAttribute('data-destination')).sort()),
    ).toEqual(['eu-orders', 'us-orders'])
    expect(await page.getByTestId('compare-status').textContent()).toContain('scenarios/homework-09.json')
    const edges = page.locator('[data-testid="diagram"] svg path[data-diff="gained"]')
    await expect.poll(() => edges.count(), { timeout: 30_000 }).toBe(2)
    const labels = await page.locator('[data-testid="diagram"] svg g.ov-diff.gained').allTextContents()
    expect(labels.sort()).toEqual(['+ eu.other.other', '+ us.other.other'])
    expect(await page.getByTestId('diff-legend').textContent()).toContain(t.gained)
    // the transition's requirements hold, every one
    const reqs = page.getByTestId('requirement')
    await expect.poll(() => reqs.count(), { timeout: 30_000 }).toBe(6)
    await expect
      .poll(() => reqs.evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict'))))
      .toEqual(Array(6).fill('holds'))
    await screenshot(page.locator('.pg-right'), `homework-09-diff-${tag}`)
    expect(w.pageErrors).toEqual([])
    expect(w.externalRequests).toEqual([])
    await w.context.close()
  })

  it('homework 03: the sample’s requirements, three failing with their counter-examples', async () => {
    const w = await openPage(browser, '?view=practice&exercise=hw-03', { locale })
    const { page } = w
    await openCheck(page, 'hw-03', 'requirements')
    const reqs = page.getByTestId('requirement')
    await expect.poll(() => reqs.count(), { timeout: 30_000 }).toBe(8)
    await expect
      .poll(() => reqs.evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict'))), {
        timeout: 30_000,
      })
      .toEqual(['holds', 'holds', 'holds', 'fails', 'fails', 'fails', 'holds', 'holds'])
    const failing = page.locator('[data-testid="requirement"][data-verdict="fails"]')
    expect(await failing.first().textContent()).toContain(t.fails)
    const details = await failing.getByTestId('requirement-detail').allTextContents()
    expect(details).toHaveLength(3)
    for (const d of details) expect(d).toContain(t.counter)
    expect(details[0]).toMatch(/“stock\.eu”/)
    expect(details[1]).toMatch(/“stock\.us”/)
    expect(details[2]).toMatch(/“stock\.eu\.”/)
    await screenshot(page.getByTestId('requirements-panel'), `homework-03-requirements-${tag}`)
    // publishing the two-word counter-example: it reaches only the audit, as the analysis said
    await failing.first().getByTestId('requirement-publish').click()
    const why = page.getByTestId('why-panel')
    await expect.poll(() => why.getAttribute('data-publish'), { timeout: 20_000 }).toMatch(/^m\d+$/)
    await expect
      .poll(() => page.getByTestId('route-result').locator('[data-queue]').allTextContents())
      .toEqual(['stock-audit'])
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})

describe('the compare= link', () => {
  it('opens the case compared with a public scenario: the lost edges drawn', async () => {
    const w = await openPage(
      browser,
      '?scenario=scenarios/homework-09-after.json&compare=scenarios/homework-09-transition.json',
    )
    const { page } = w
    const lost = page.locator('[data-testid="diff-change"][data-change="lost"]')
    await expect.poll(() => lost.count(), { timeout: 30_000 }).toBe(2)
    await expect
      .poll(() => page.locator('[data-testid="diagram"] svg path[data-diff="lost"]').count(), {
        timeout: 30_000,
      })
      .toBe(2)
    // the link is handled once: the address no longer carries it
    expect(new URL(page.url()).search).toBe('')
    expect(w.pageErrors).toEqual([])
  })

  it('refuses anything but scenarios/NAME.json, saying so, with no request leaving the page', async () => {
    for (const bad of ['https://evil.example/scenarios/x.json', 'scenarios/../index.html']) {
      const w = await openPage(
        browser,
        `?scenario=scenarios/homework-09.json&compare=${encodeURIComponent(bad)}`,
      )
      const { page } = w
      const notice = page.locator('[data-testid="notices"] [data-key="compareError"]')
      await notice.waitFor({ timeout: 30_000 })
      expect(await notice.textContent()).toContain('scenarios/NAME.json')
      // the case itself opened; nothing is compared
      await page.getByTestId('result-table').first().waitFor({ timeout: 30_000 })
      expect(await page.getByTestId('compare-panel').count()).toBe(0)
      expect(w.externalRequests).toEqual([])
      await w.context.close()
    }
  })
})
