/**
 * Every view rendered in zh-CN carries no English outside code, names and protocol terms. The page
 * is read as a learner sees it: text nodes and the accessible names (aria-label, title, placeholder)
 * of every view, every lesson step (answered; two questions answered wrong first), every practice
 * tab, every timeline scenario and the Real broker view (a diff, an observation error and a
 * live-mode error shown).
 * Allowed without translation (tests/support/zh-latin.ts says why):
 *   - anything inside <code>, <pre>, <kbd>, <samp>, the script editor, or translate="no";
 *   - protocol and product terms (AMQP, RabbitMQ, direct, mandatory, …), identifier-shaped tokens;
 *   - names the content itself declares (exchanges, queues, consumers, ids in lessons/ and the
 *     sample scenarios), which the diagrams draw as labels.
 * A failure lists each offending word with the view and the text it sits in.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planOfScript } from '../../src/lab/current-plan'
import { QUEUE_NAMES } from '../../src/practice/generator/build'
import { strayLatin } from '../support/zh-latin'
import { engineObservation } from '../unit/support/lab-observation'
import { launchBrowser, openPage } from './support/browser'
import { skipQuestions } from './support/lessons'

const ROOT = join(__dirname, '../..')

/** Single-token strings of the content (names, keys, ids) and the words of its scripts. */
function contentNames(): Set<string> {
  const names = new Set<string>()
  const visit = (v: unknown) => {
    if (typeof v === 'string') {
      if (/^\S+$/.test(v) && v.length < 60) for (const w of v.split(/[.\s]/)) names.add(w.toLowerCase())
    } else if (Array.isArray(v)) v.forEach(visit)
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        names.add(k.toLowerCase())
        visit(x)
      }
  }
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f)
      if (statSync(p).isDirectory()) walk(p)
      else if (f.endsWith('.json')) visit(JSON.parse(readFileSync(p, 'utf8')))
      else if (f.endsWith('.amqp'))
        for (const w of readFileSync(p, 'utf8')
          .replace(/\/\/.*$/gm, '')
          .split(/[\s"{}:,]+/))
          names.add(w.toLowerCase())
    }
  }
  // the engine's implicit connection and channel of a timeline script (docs: timeline scripts)
  names.add('conn')
  names.add('ch')
  // the names the question generator draws from
  for (const q of QUEUE_NAMES) names.add(q)
  walk(join(ROOT, 'lessons'))
  walk(join(ROOT, 'public/scenarios'))
  return names
}
const NAMES = contentNames()

/** What the learner reads on the page: text outside code, and accessible names. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CODE = 'code, pre, kbd, samp, script, style, .monaco-editor, [translate="no"], [aria-hidden="true"]'
    const out: string[] = []
    const root = document.body
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement
      const text = n.textContent?.trim()
      if (!el || !text || el.closest(CODE)) continue
      const box = el.getBoundingClientRect()
      if (box.width === 0 && box.height === 0 && !el.closest('svg')) continue // not rendered
      out.push(text)
    }
    for (const el of root.querySelectorAll('[aria-label], [title], [placeholder]'))
      for (const a of ['aria-label', 'title', 'placeholder']) {
        const v = el.getAttribute(a)
        if (v && !el.closest('.monaco-editor')) out.push(v)
      }
    return out
  })
}

const offenders: string[] = []
async function check(page: Page, view: string): Promise<void> {
  for (const text of await visibleTexts(page)) {
    const stray = strayLatin(text, NAMES)
    if (stray.length) offenders.push(`${view}: ${stray.join(', ')} — in “${text.slice(0, 160)}”`)
  }
}

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('zh-CN has no English outside code, names and protocol terms', () => {
  it('in the playground, every lesson step, every practice tab and every timeline scenario', async () => {
    const w = await openPage(browser, '', { locale: 'zh-CN' })
    const { page } = w
    await page.getByTestId('result-table').first().waitFor({ timeout: 30_000 })
    await check(page, 'playground')

    // lessons: every step of every lesson, its question skipped so the answer part shows too
    await page.goto(new URL('?view=lessons', w.baseURL).toString())
    await page.getByTestId('lesson-list').waitFor({ timeout: 20_000 })
    const lessonIds = await page
      .locator('[data-testid^="lesson-item-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')?.replace('lesson-item-', '') ?? ''))
    for (const id of lessonIds) {
      await page.getByTestId(`lesson-item-${id}`).click()
      await expect.poll(() => page.getByTestId('lesson').getAttribute('data-lesson')).toBe(id)
      for (;;) {
        // one routing and one timeline question answered wrong first: the feedback is read too
        // (01/map: m1 is routed, "dropped" is wrong; 11/independent: o1 reaches both consumers)
        const first = (await page.getByTestId('step-prev').isDisabled()) === true
        if (first && (id === '01-routing-model' || id === '11-independent-competing')) {
          await page.getByTestId('step-slide').waitFor({ timeout: 20_000 })
          if (id === '01-routing-model') await page.getByTestId('mark-nowhere-dropped').click()
          else await page.locator('[data-testid^="mark-consumer-"]').first().click()
          await page.getByTestId('predict-check').click()
          const wrong = page.locator('[data-testid="predict-feedback"] [data-verdict="wrong"]')
          await wrong.waitFor()
          expect(await wrong.textContent()).toMatch(/^还不对。/)
          await check(page, `lessons ${id} (a wrong answer)`)
        }
        await skipQuestions(page)
        const step = await page.getByTestId('lesson').getAttribute('data-step')
        await check(page, `lessons ${id}/${step}`)
        const next = page.getByTestId('step-next')
        if ((await next.count()) === 0) break
        await next.click()
        await expect.poll(() => page.getByTestId('lesson').getAttribute('data-step')).not.toBe(step)
      }
    }

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
