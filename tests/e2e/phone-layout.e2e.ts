/**
 * A phone (375×812, pixel ratio 2, touch): no view scrolls sideways in either language, in every
 * state a learner reaches — the playground after a publish (why panel, result table, message log, a
 * binding's step-through), every practice tab and flow, the timeline playing, the Real broker view
 * and the instructor view; every lesson step is measured by the lessons tour (lessons-tour.e2e.ts).
 * Wide tables and DP tables may scroll inside their own box (overflow-x auto), never the page.
 * A failure lists each state with the widest elements that stick out. The playground's answer
 * comes right after the publish button.
 */
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planOfScript } from '../../src/lab-view/current-plan'
import { VIEW_IDS } from '../../src/store/url-route'
import { engineObservation } from '../unit/support/lab-observation'
import { launchBrowser, openPage, screenshot, type WatchedPage } from './support/browser'
import { playSteppersToEnd } from './support/lessons'
import { PHONE, PHONE_DEVICE, sidewaysOverflow } from './support/phone'
import { setText } from './support/playground'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const LANGS = [
  ['en', 'en-US'],
  ['zh', 'zh-CN'],
] as const

const phone = (path: string, locale: string): Promise<WatchedPage> =>
  openPage(browser, path, { locale, viewport: PHONE, device: PHONE_DEVICE })

/** Collects the states that stick out; one failure lists them all (also when a step fails later). */
function checker(page: Page) {
  const problems: string[] = []
  return {
    problems,
    async check(state: string): Promise<void> {
      const found = await sidewaysOverflow(page)
      if (found) problems.push(`${state}: ${found}`)
    },
    /** Runs the walk; an action that fails (a too-wide page misplaces taps) reports what was found so far. */
    async walk(body: () => Promise<void>): Promise<void> {
      try {
        await body()
      } catch (e) {
        if (problems.length) (e as Error).message += `\nbefore that:\n${problems.join('\n')}`
        throw e
      }
      expect(problems, problems.join('\n')).toEqual([])
    },
  }
}

/**
 * Opens a binding's step-through until its stepper shows: a run that lands just after the click
 * redraws the row closed.
 */
async function openStepThrough(button: Locator, stepper: Locator): Promise<void> {
  await expect
    .poll(async () => {
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click()
      return stepper.count()
    })
    .toBe(1)
}

const LONG = `order-events-${'x'.repeat(90)}`
const STEP_SCRIPT =
  `exchange declare t topic\nexchange declare h headers\nqueue declare a\nqueue declare ${LONG}\n` +
  `bind a to t key "order.*.#"\nbind ${LONG} to t key "#.paid"\nbind ${LONG} to h args {x-match: any, format: pdf, lang: en}\n` +
  `publish m1 to t key order.eu.${'paid.'.repeat(8)}paid\npublish m2 to h key x headers {lang: en}\n`

describe.each(LANGS)('a phone, %s', (lang, locale) => {
  it('the playground after a publish: answer near the button, why panel, results, log, step-through', async () => {
    const w = await phone('', locale)
    const { page } = w
    const c = checker(page)
    await c
      .walk(async () => {
        await page.getByTestId('result-table').first().waitFor({ timeout: 30_000 })
        await c.check('playground, first load')
        await page.getByTestId('publish-button').click()
        await page.locator('[data-testid^="log-entry-"]').first().waitFor({ timeout: 20_000 })
        await page.locator('.run-views').first().scrollIntoViewIfNeeded() // the diagram loads when near
        await page.locator('[data-testid="diagram"] svg').first().waitFor({ timeout: 30_000 })
        await c.check('playground after a publish')

        // the answer (one-line summary and result table) starts within a screen of the publish button
        const button = await page.getByTestId('publish-button').boundingBox()
        const summary = await page.locator('.publish-summary').first().boundingBox()
        const results = await page.getByTestId('result-table').first().boundingBox()
        const diagram = await page.locator('[data-testid="diagram"]').first().boundingBox()
        if (!button || !summary || !results || !diagram) throw new Error('playground parts missing')
        expect(summary.y).toBeGreaterThan(button.y)
        expect(summary.y - (button.y + button.height)).toBeLessThan(PHONE.height / 3)
        expect(results.y).toBeLessThan(diagram.y)
        await screenshot(page, `phone-playground-published-${lang}`)

        // a topology with a long name and a long key; each binding row's step-through opened in turn
        await setText(page, STEP_SCRIPT)
        // the why panel and the diagram both show the last message before its rows are opened
        const shown = () =>
          page.evaluate(() =>
            ['why-panel', 'diagram'].map(
              (id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-publish') ?? null,
            ),
          )
        await expect.poll(shown).toEqual(['m2', 'm2'])
        await c.check('playground, long names, headers message')
        const why = page.getByTestId('why-panel')
        await openStepThrough(
          why.locator('li[data-binding] [data-testid="step-through"]').first(),
          why.getByTestId('headers-end'),
        )
        await why.getByTestId('headers-end').click()
        await c.check('playground, headers step-through')
        await page.locator('[data-testid="message-strip"] [data-index="0"]').click()
        await expect.poll(shown).toEqual(['m1', 'm1'])
        const row = why.locator('li[data-binding]', { has: page.locator('code', { hasText: 'order.*.#' }) })
        await openStepThrough(row.getByTestId('step-through'), row.getByTestId('dp-end'))
        await row.getByTestId('dp-end').click()
        await c.check('playground, DP step-through')
        await screenshot(page, `phone-playground-step-dp-${lang}`)
        await row.getByTestId('step-trie').click()
        await playSteppersToEnd(page)
        await c.check('playground, trie step-through')
      })
      .finally(() => w.context.close())
  })

  it('every practice tab: predict, generated, choices, code after a run, homework, a deck and its review', async () => {
    const w = await phone('?view=practice', locale)
    const { page } = w
    const c = checker(page)
    await c
      .walk(async () => {
        const drawn = page.locator('[data-testid="practice-diagram"] svg').first()
        // on a phone the diagram is drawn when it scrolls into view (components/when-near.tsx)
        const diagram = {
          waitFor: async (o: { timeout: number }) => {
            await page.locator('.practice-diagram').first().scrollIntoViewIfNeeded()
            await drawn.waitFor(o)
          },
        }
        await diagram.waitFor({ timeout: 30_000 })
        // predict: every exercise, checked unanswered (the wrong verdict with its separating facts)
        const picks = await page
          .locator('[data-testid^="pick-"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))
        for (const pick of picks) {
          await page.getByTestId(pick).click()
          await page.getByTestId('predict-check').click()
          await page.getByTestId('predict-result').waitFor()
          await c.check(`practice predict ${pick}`)
        }
        for (const tab of ['generated', 'deck', 'questions', 'homework', 'progress']) {
          await page.getByTestId(`tab-${tab}`).click()
          await page.waitForLoadState('networkidle')
          await c.check(`practice ${tab}`)
        }
        // generated: a question answered (empty answer, graded)
        await page.getByTestId('tab-generated').click()
        await diagram.waitFor({ timeout: 30_000 })
        await page.getByTestId('predict-check').click()
        await page.getByTestId('predict-result').waitFor()
        await c.check('practice generated, graded')
        // choice and ordering questions, submitted
        await page.getByTestId('tab-questions').click()
        const cards = page.locator('[data-testid^="question-q-"]')
        await cards.first().waitFor()
        for (let i = 0; i < (await cards.count()); i++) {
          const card = cards.nth(i)
          const option = card.locator('input').first()
          if ((await option.count()) > 0 && (await option.getAttribute('type')) !== 'text')
            await option.check()
          await card.getByTestId('question-submit').click()
        }
        await c.check('practice questions, submitted')
        // code: every exercise after a run of its starter
        await page.getByTestId('tab-code').click()
        await page.locator('[data-testid="code-editor"] .monaco-editor').waitFor({ timeout: 30_000 })
        const codePicks = await page
          .locator('[data-testid^="pick-"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))
        for (const pick of codePicks) {
          await page.getByTestId(pick).click()
          await page.locator('[data-testid="code-editor"] .monaco-editor').waitFor({ timeout: 30_000 })
          await page.getByTestId('code-run').click()
          await page.getByTestId('code-result').waitFor({ timeout: 30_000 })
          if (pick === codePicks[0]) await screenshot(page, `phone-practice-code-${lang}`)
          await c.check(`practice code ${pick}, after a run`)
        }
        // a deck of questions, finished unanswered, and its review
        await page.getByTestId('tab-deck').click()
        await page.getByTestId('deck-start').click()
        await page.getByTestId('deck-view').waitFor()
        await diagram.waitFor({ timeout: 30_000 })
        await c.check('practice deck, a question')
        await page.getByTestId('deck-finish').click()
        await page.getByTestId('deck-finish-yes').click()
        await page.getByTestId('deck-score').waitFor()
        await c.check('practice deck review')
      })
      .finally(() => w.context.close())
  }, 240_000)

  it('the timeline playing and every scenario at its end', async () => {
    const w = await phone('?view=timeline&scenario=competing-consumers', locale)
    const { page } = w
    const c = checker(page)
    await c
      .walk(async () => {
        await page.getByTestId('timeline-position').waitFor({ timeout: 20_000 })
        await c.check('timeline, before the first step')
        await page.getByTestId('timeline-play').click()
        await expect
          .poll(() => page.getByTestId('timeline-position').textContent(), { timeout: 10_000 })
          .toMatch(/[3-9]|1\d/)
        await c.check('timeline, playing')
        await page.getByTestId('timeline-play').click()
        await screenshot(page, `phone-timeline-${lang}`)
        const select = page.getByTestId('timeline-scenario')
        const scenarios = await select
          .locator('option')
          .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
        for (const s of scenarios.filter((v) => v !== 'custom')) {
          await select.selectOption(s)
          await page.getByTestId('timeline-end').click()
          await c.check(`timeline ${s}, at its end`)
        }
        await select.selectOption('custom')
        await c.check('timeline, own script')
      })
      .finally(() => w.context.close())
  })

  it('the Real broker view: kits, a diff, a malformed observation and a live-mode error', async () => {
    const w = await phone('?view=lab', locale)
    const { page } = w
    const c = checker(page)
    await c
      .walk(async () => {
        await page.getByTestId('lab').waitFor({ timeout: 20_000 })
        await c.check('lab')
        const text = await page.evaluate(
          () =>
            (
              window as unknown as { __playground: { getState: () => { text: string } } }
            ).__playground.getState().text,
        )
        const { plan } = planOfScript(text)
        const typo = planOfScript(text.replace('"order.created"', '"order.create"')).plan
        if (!plan || !typo) throw new Error('the default script has no plan')
        await page.getByTestId('observation-text').fill('{"format": ')
        await page.getByTestId('observation-compare').click()
        await page.getByTestId('observation-error').waitFor()
        await c.check('lab, malformed observation')
        await page.getByTestId('observation-text').fill(JSON.stringify(engineObservation(typo, plan)))
        await page.getByTestId('observation-compare').click()
        await page.getByTestId('first-difference').waitFor()
        await c.check('lab, a diff')
        await page.getByTestId('live-url').fill('http://127.0.0.1:9')
        await page.getByTestId('live-connect').click()
        await page.getByTestId('live-error').waitFor({ timeout: 40_000 })
        await c.check('lab, live error')
        await screenshot(page, `phone-lab-${lang}`)
      })
      .finally(() => w.context.close())
  })

  it('the instructor view of an exercise, a question, a code exercise and a deck', async () => {
    const w = await phone('?view=practice&exercise=predict-orders&present=1', locale)
    const { page } = w
    const c = checker(page)
    await c
      .walk(async () => {
        await page.getByTestId('exercise-view').waitFor({ timeout: 20_000 })
        await c.check('instructor predict, the task')
        await page.keyboard.press('ArrowRight')
        await page.locator('.practice-diagram').first().scrollIntoViewIfNeeded()
        await page.locator('[data-testid="practice-diagram"] svg').waitFor({ timeout: 30_000 })
        await c.check('instructor predict, the diagram')
        await page.getByTestId('present-reveal').click()
        await c.check('instructor predict, revealed')
        for (const ex of ['q-explain-2', 'q-scenario-1', 'code-dp-table']) {
          await page.goto(new URL(`?view=practice&exercise=${ex}&present=1`, w.baseURL).toString())
          await page.getByTestId('exercise-view').waitFor({ timeout: 20_000 })
          await page.getByTestId('present-reveal').click()
          await c.check(`instructor ${ex}, revealed`)
        }
        await page.goto(new URL('?view=practice&tab=deck', w.baseURL).toString())
        await page.getByTestId('deck-start').click()
        const present = page.getByTestId('deck-present-link')
        await present.waitFor()
        await page.goto((await present.getAttribute('href')) ?? '')
        await page.getByTestId('deck-reveal').click()
        await c.check('instructor deck, revealed')
      })
      .finally(() => w.context.close())
  })

  it('every view from the navigation, which fits the phone and works by keyboard', async () => {
    const w = await phone('', locale)
    const { page } = w
    const c = checker(page)
    await c
      .walk(async () => {
        const nav = page.locator('nav.main-nav button')
        await nav.first().waitFor({ timeout: 20_000 })
        expect(await nav.count()).toBe(VIEW_IDS.length)
        for (let i = 0; i < VIEW_IDS.length; i++) {
          await nav.nth(i).focus()
          await page.keyboard.press('Enter')
          await expect.poll(() => nav.nth(i).getAttribute('aria-current')).toBe('page')
          await page.waitForLoadState('networkidle')
          await c.check(`view ${VIEW_IDS[i]}`)
        }
        // the header is not taller than a quarter of the screen
        const header = await page.locator('.app-header').boundingBox()
        expect(header?.height ?? 0).toBeLessThan(PHONE.height / 4)
      })
      .finally(() => w.context.close())
  })
})
