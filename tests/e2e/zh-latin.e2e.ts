/**
 * Every view rendered in zh-CN carries no English outside code, names and protocol terms. The page
 * is read as a learner sees it: text nodes and the accessible names (aria-label, title, placeholder)
 * of every view, every practice tab, every timeline scenario and the Real broker view (a diff, an
 * observation error and a live-mode error shown). Every lesson step is read by the lessons tour
 * (lessons-tour.e2e.ts) at each of its states; the content's own zh-CN text is checked in Node
 * (tests/content/zh-latin-content.test.ts).
 * Allowed without translation (tests/support/zh-latin.ts says why):
 *   - anything inside <code>, <pre>, <kbd>, <samp>, the script editor, or translate="no";
 *   - protocol and product terms (AMQP, RabbitMQ, direct, mandatory, …), identifier-shaped tokens;
 *   - names the content itself declares (exchanges, queues, consumers, ids in lessons/ and the
 *     sample scenarios), which the diagrams draw as labels.
 * A failure lists each offending word with the view and the text it sits in.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planOfScript } from '../../src/lab-view/current-plan'
import { engineObservation } from '../unit/support/lab-observation'
import { launchBrowser, openPage } from './support/browser'
import { strayOnPage } from './support/zh-text'

const offenders: string[] = []
async function check(page: Page, view: string): Promise<void> {
  offenders.push(...(await strayOnPage(page, view)))
}

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('zh-CN has no English outside code, names and protocol terms', () => {
  it('in the playground, every practice tab, every timeline scenario and the Real broker view', async () => {
    const w = await openPage(browser, '', { locale: 'zh-CN' })
    const { page } = w
    await page.getByTestId('result-table').first().waitFor({ timeout: 30_000 })
    await check(page, 'playground')

    // practice: every tab
    await page.goto(new URL('?view=practice', w.baseURL).toString())
    const tabs = page.locator('[data-testid^="tab-"]')
    await tabs.first().waitFor({ timeout: 20_000 })
    for (const tab of await tabs.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))) {
      await page.getByTestId(tab).click()
      await page.waitForLoadState('networkidle')
      await check(page, `practice ${tab}`)
    }

    // timeline: every scenario, played to its end
    await page.goto(new URL('?view=timeline', w.baseURL).toString())
    const select = page.getByTestId('timeline-scenario')
    await select.waitFor({ timeout: 20_000 })
    const scenarios = await select
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    for (const s of scenarios.filter((v) => v !== 'custom')) {
      await select.selectOption(s)
      await page.getByTestId('timeline-end').click()
      await check(page, `timeline ${s}`)
    }

    // the Real broker view: kits, an observation's diff with its first difference and a near miss,
    // a malformed file's error, and live mode's network error (nothing listens on port 9)
    await page.goto(new URL('?view=lab', w.baseURL).toString())
    await page.getByTestId('lab').waitFor({ timeout: 20_000 })
    const text = await page.evaluate(
      () =>
        (window as unknown as { __playground: { getState: () => { text: string } } }).__playground.getState()
          .text,
    )
    const { plan } = planOfScript(text)
    const typo = planOfScript(text.replace('"order.created"', '"order.create"')).plan
    if (!plan || !typo) throw new Error('the default script has no plan')
    const observation = JSON.stringify(engineObservation(typo, plan))
    await page.getByTestId('observation-text').fill('{"format": ')
    await page.getByTestId('observation-compare').click()
    await page.getByTestId('observation-error').waitFor()
    await check(page, 'lab (malformed observation)')
    await page.getByTestId('observation-text').fill(observation)
    await page.getByTestId('observation-compare').click()
    await page.getByTestId('first-difference').waitFor()
    await page.getByTestId('live-url').fill('http://127.0.0.1:9')
    await page.getByTestId('live-connect').click()
    await page.getByTestId('live-error').waitFor({ timeout: 40_000 })
    await check(page, 'lab')
    await w.context.close()
    expect(offenders, `English in the zh-CN UI:\n${offenders.join('\n')}`).toEqual([])
  })
})
