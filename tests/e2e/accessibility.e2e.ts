/**
 * axe-core (WCAG 2.0/2.1 A and AA, and best practices) on every view and its important states, in
 * both languages and both themes. Each state is reached once and scanned four times: the language
 * and the theme are switched in place (the header's own controls), not by reloading. Any serious or
 * critical violation fails the test; each is printed with its rule, target, summary and the states
 * and language/theme pairs it was seen in.
 */
import axe from 'axe-core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planOfScript } from '../../src/lab-view/current-plan'
import { VIEW_IDS } from '../../src/store/url-route'
import { engineObservation } from '../unit/support/lab-observation'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { openEditor } from './support/playground'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']
type Lang = 'en' | 'zh-CN'
type Theme = 'light' | 'dark'
/** One change at a time, so four scans cost three switches (the next state starts where this ended). */
const COMBOS: [Lang, Theme][] = [
  ['en', 'light'],
  ['en', 'dark'],
  ['zh-CN', 'dark'],
  ['zh-CN', 'light'],
]

interface Found {
  rule: string
  impact: string
  target: string
  summary: string
  help: string
  where: Set<string>
}
const found = new Map<string, Found>()
/** Moderate and minor findings: reported, not failed on (rule → states). */
const lesser = new Map<string, Set<string>>()
const scanned = new Set<string>()
let scans = 0
const timing = { switching: 0, scanning: 0 }

async function setLook(page: Page, lang: Lang, theme: Theme): Promise<void> {
  const now = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    theme: document.documentElement.dataset.theme,
  }))
  if (now.lang !== lang) await page.getByTestId('language').selectOption(lang)
  // dispatched, not clicked: a presenter's slide may cover the header
  if (now.theme !== theme) await page.getByTestId('theme-toggle').dispatchEvent('click')
  await page.waitForFunction(
    ([l, t]) => document.documentElement.lang === l && document.documentElement.dataset.theme === t,
    [lang, theme] as const,
  )
}

/** Lets re-rendered parts (Mermaid redraws on a theme change) and finite transitions finish. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)))
    await frame()
    await frame()
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
    await Promise.all(finite.map((a) => a.finished.catch(() => null)))
  })
}

async function scanOnce(page: Page, where: string): Promise<void> {
  const has = await page.evaluate(() => 'axe' in window)
  if (!has) await page.addScriptTag({ content: axe.source })
  const violations = await page.evaluate(async (tags) => {
    const a = (window as unknown as { axe: typeof axe }).axe
    const r = await a.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return r.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        impact: n.impact ?? v.impact ?? '',
      })),
    }))
  }, TAGS)
  scans++
  for (const v of violations)
    for (const n of v.nodes) {
      if (n.impact !== 'serious' && n.impact !== 'critical') {
        const key = `${n.impact} ${v.rule} (${n.target})`
        lesser.set(key, (lesser.get(key) ?? new Set()).add(where.replace(/ \[.*\]$/, '')))
        continue
      }
      const key = `${v.rule} ${n.target}`
      const f = found.get(key) ?? {
        rule: v.rule,
        impact: n.impact,
        target: n.target,
        summary: n.summary,
        help: v.help,
        where: new Set<string>(),
      }
      f.where.add(where)
      found.set(key, f)
    }
}

/** Scans the page as it is now in each language and theme. */
async function scan(page: Page, state: string): Promise<void> {
  const start = await page.evaluate(() => document.documentElement.lang)
  const order = start === 'zh-CN' ? [...COMBOS].reverse() : COMBOS
  await page.waitForLoadState('networkidle') // lazy parts of the state; switching loads nothing
  for (const [lang, theme] of order) {
    const t0 = Date.now()
    await setLook(page, lang, theme)
    await settle(page)
    const t1 = Date.now()
    await scanOnce(page, `${state} [${lang}/${theme}]`)
    timing.switching += t1 - t0
    timing.scanning += Date.now() - t1
  }
  scanned.add(state)
}

const url = (page: Page, path: string) => new URL(path, page.url()).toString()
const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('accessibility: no serious or critical axe-core violation', () => {
  it('in the playground after a publish, with the why panel and a step-through open', async () => {
    const w = await openPage(browser)
    const { page } = w
    await page.getByTestId('result-table').first().waitFor({ timeout: 30_000 })
    await page.locator('[data-testid="diagram"] svg').waitFor({ timeout: 30_000 })
    // the first Tab reaches the skip link; it moves focus to the main region and writes no hash
    await page.keyboard.press('Tab')
    expect(await focusedTestId(page)).toBe('skip-link')
    expect(await page.getByTestId('skip-link').textContent()).toBe('Skip to content')
    await screenshot(page, 'a11y-skip-link-en')
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    expect(new URL(page.url()).hash).toBe('')
    await scan(page, 'playground (before Monaco)')
    await openEditor(page)
    await page.getByTestId('editor-tab-hint').waitFor()
    // the text list of the drawn bindings: one item per drawn binding edge
    await page.locator('[data-testid="binding-list"] summary').click()
    const drawn = await page.locator('[data-testid="diagram"] path[data-id^="b_"]').count()
    expect(drawn).toBeGreaterThan(0)
    expect(await page.locator('[data-testid="binding-list"] li').count()).toBe(drawn)
    await page.getByTestId('publish-key').fill('order.created')
    await page.getByTestId('publish-button').click()
    await page.getByTestId('why-panel').waitFor()
    await page.locator('[data-testid="why-panel"] [data-testid="step-through"]').first().click()
    await page.getByTestId('step-through-panel').waitFor()
    await scan(page, 'playground (published, why panel, step-through)')
    await w.context.close()
  })

  it('in lessons: a question before and after its answer, each stepper, and presenting', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=04-topic-dp&step=4')
    const { page } = w
    await page.getByTestId('predict-reveal').waitFor({ timeout: 20_000 })
    await page.locator('[data-testid="lesson-diagram"] svg').first().waitFor({ timeout: 20_000 })
    await scan(page, 'lesson question')
    await page.getByTestId('predict-reveal').click()
    await page.getByTestId('predict-answer').waitFor()
    await page.getByTestId('dp-body').waitFor()
    for (let n = 0; n < 4; n++) await page.getByTestId('dp-forward').click()
    await scan(page, 'lesson answer with the DP stepper')
    await page.getByTestId('present-lesson').click()
    await page.getByTestId('presenter').waitFor()
    await scan(page, 'lesson presented')
    await page.keyboard.press('Escape')
    for (const [lesson, step, stepper] of [
      ['08-dedup', 1, 'dedup'],
      ['13-trie', 1, 'trie'],
      ['10-unroutable-confirms', 1, 'unroutable'],
    ] as const) {
      await page.goto(url(page, `?view=lessons&lesson=${lesson}&step=${step}`))
      await page.getByTestId('step-slide').waitFor({ timeout: 20_000 })
      const reveal = page.getByTestId('predict-reveal')
      while ((await reveal.count()) > 0) await reveal.first().click()
      await page.getByTestId(`${stepper}-body`).waitFor({ timeout: 20_000 })
      for (let n = 0; n < 2; n++) await page.getByTestId(`${stepper}-forward`).click()
      await scan(page, `lesson ${stepper} stepper`)
    }
    await w.context.close()
  })

  it('in every practice tab, and an exercise in instructor view', async () => {
    const w = await openPage(browser, '?view=practice')
    const { page } = w
    const diagram = page.locator('[data-testid="practice-diagram"] svg')
    // predict, answered wrong
    await diagram.waitFor({ timeout: 30_000 })
    await page.getByTestId('mark-audit').check()
    await page.getByTestId('mark-billing').check()
    await page.getByTestId('predict-check').click()
    await page.getByTestId('separating-facts').waitFor()
    await scan(page, 'practice predict (wrong)')
    // a generated question
    await page.getByTestId('tab-generated').click()
    await page.getByTestId('gen-id').waitFor()
    await diagram.waitFor({ timeout: 30_000 })
    await scan(page, 'practice generated')
    // a choice question with its hint
    await page.getByTestId('tab-questions').click()
    const card = page.getByTestId('question-q-explain-3')
    await card.waitFor()
    const wrong = await card
      .locator('input[type="radio"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))
    // two tries at most: the first wrong one shows the hint (a right one shows the verdict instead)
    await card.locator(`input[value="${wrong[0]}"]`).check()
    await card.getByTestId('question-submit').click()
    await card.getByTestId('question-verdict').or(card.getByTestId('question-hint')).first().waitFor()
    await scan(page, 'practice questions (answered, hint)')
    // a code exercise after a failing run
    await page.getByTestId('tab-code').click()
    await page.locator('[data-testid="code-editor"] .monaco-editor').waitFor({ timeout: 30_000 })
    await page.getByTestId('code-run').click()
    await expect
      .poll(() => page.getByTestId('code-result').getAttribute('data-kind'), { timeout: 20_000 })
      .toBe('fail')
    await scan(page, 'practice code (failing run)')
    // the hint under the editor is true: Tab stays in the editor until Ctrl+M (Monaco 0.57) toggles it
    const inEditor = () => page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null)
    await page.getByTestId('editor-tab-hint').waitFor()
    await page.locator('[data-testid="code-editor"] .view-lines').click()
    await page.keyboard.press('Tab')
    expect(await inEditor()).toBe(true)
    await page.keyboard.press('Control+M')
    await page.keyboard.press('Tab')
    expect(await inEditor()).toBe(false)
    // homework with a self-rating
    await page.getByTestId('tab-homework').click()
    await page.getByTestId('homework-hw-10').waitFor()
    await page.getByTestId('rating-looked-up').first().check()
    await scan(page, 'practice homework (rated)')
    // progress
    await page.getByTestId('tab-progress').click()
    await page.getByTestId('progress-summary').waitFor()
    await scan(page, 'practice progress')
    // a quiz deck, then its review
    await page.getByTestId('tab-deck').click()
    await page.getByTestId('deck-count').selectOption('5')
    await page.getByTestId('deck-start').click()
    await page.getByTestId('deck-view').waitFor()
    await diagram.waitFor({ timeout: 30_000 })
    await scan(page, 'practice deck question')
    await page.getByTestId('deck-finish').click()
    await page.getByTestId('deck-finish-yes').click()
    await page.getByTestId('deck-score').waitFor()
    await scan(page, 'practice deck review')
    // instructor view of an exercise: the task, then the diagram with the answer revealed
    await page.goto(url(page, '?view=practice&exercise=predict-orders&present=1'))
    await page.getByTestId('exercise-view').waitFor()
    await page.keyboard.press('ArrowRight')
    await diagram.waitFor({ timeout: 30_000 })
    await page.getByTestId('present-reveal').click()
    await page.getByTestId('predict-answer').waitFor()
    await scan(page, 'practice instructor view (revealed)')
    await page.goto(url(page, '?view=practice&exercise=q-explain-2&present=1'))
    await page.getByTestId('question-q-explain-2').waitFor()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await page.getByTestId('question-answer').waitFor()
    await scan(page, 'practice instructor view of a question (revealed)')
    await w.context.close()
  })

  it('in the timeline while playing and in the Real broker view with a diff', async () => {
    const w = await openPage(browser, '?view=timeline&scenario=competing-consumers')
    const { page } = w
    await page.getByTestId('timeline-position').waitFor({ timeout: 20_000 })
    await page.getByTestId('timeline-speed').selectOption({ index: 0 })
    await page.getByTestId('timeline-play').click()
    await expect
      .poll(() => page.getByTestId('timeline-position').textContent(), { timeout: 15_000 })
      .toMatch(/^Step [2-9] of/)
    await scan(page, 'timeline (playing)')

    await page.goto(url(page, '?view=lab'))
    await page.getByTestId('lab').waitFor({ timeout: 20_000 })
    const text = await page.evaluate(
      () =>
        (window as unknown as { __playground: { getState: () => { text: string } } }).__playground.getState()
          .text,
    )
    const { plan } = planOfScript(text)
    const typo = planOfScript(text.replace('"order.created"', '"order.create"')).plan
    if (!plan || !typo) throw new Error('the default script has no plan')
    await page.getByTestId('observation-text').fill(JSON.stringify(engineObservation(typo, plan)))
    await page.getByTestId('observation-compare').click()
    await page.getByTestId('first-difference').waitFor()
    await scan(page, 'lab (diff)')
    await w.context.close()
  })

  it('in levels: the map, and a level after Check with a failing goal line', async () => {
    const w = await openPage(browser, '?view=levels')
    const { page } = w
    await page.getByTestId('levels-map').waitFor({ timeout: 20_000 })
    await scan(page, 'levels (map)')
    await page.goto(url(page, '?view=levels&level=direct-first-binding'))
    await page.getByTestId('level-check').waitFor({ timeout: 20_000 })
    await page.getByTestId('level-check').click()
    await page.locator('[data-testid="level-goal"][data-met="false"]').first().waitFor()
    await scan(page, 'levels (checked)')
    await w.context.close()
  })

  it('reports what it found (every view scanned)', () => {
    const views = new Set([...scanned].map((s) => s.split(' ')[0]))
    for (const v of VIEW_IDS) {
      const name = v === 'lessons' ? 'lesson' : v
      expect(views.has(name), `view ${v} scanned`).toBe(true)
    }
    const lines = [...found.values()].map(
      (f) =>
        `${f.impact} ${f.rule}: ${f.target}\n    ${f.help}; ${f.summary}\n    in ${[...f.where].slice(0, 6).join('; ')}${f.where.size > 6 ? ` and ${f.where.size - 6} more` : ''}`,
    )
    console.info(
      `axe-core: ${scans} scans of ${scanned.size} states, ${found.size} serious/critical nodes (${Math.round(timing.scanning / 1000)} s scanning, ${Math.round(timing.switching / 1000)} s switching language and theme)`,
    )
    for (const [rule, where] of lesser) console.info(`  (not failed on) ${rule}: ${[...where].join('; ')}`)
    expect(found.size, `serious or critical violations:\n${lines.join('\n')}`).toBe(0)
  })
})
