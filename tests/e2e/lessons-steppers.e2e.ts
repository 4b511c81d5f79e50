/**
 * The steppers in real Chromium: the DP stepper reproduces the engine's tables cell for cell (and the
 * study note's 3×3 table of #.b / a.b), keyboard and buttons move the cursor, the dedup and unroutable
 * steppers reach the engine's results. Mid-way screenshots are kept for a human to look at.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { topicDpTrace, traceTrieMatch } from '../../src/engine'
import { PSEUDOCODE } from '../../src/explain/dp/dp-explain'
import { DP_PRESETS } from '../../src/explain/dp/dp-presets'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { skipQuestions } from './support/lessons'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The filled table as the page shows it: 'T' | 'F' | '' per cell, row by row. */
async function shownTable(page: Page, testId = 'dp-table'): Promise<string[][]> {
  return page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) =>
        [...r.querySelectorAll('td')].map((td) => {
          const v = td.getAttribute('data-value')
          return v === 'true' ? 'T' : v === 'false' ? 'F' : ''
        }),
      ),
    )
}
const tf = (table: boolean[][]) => table.map((row) => row.map((v) => (v ? 'T' : 'F')))
const position = (page: Page, id: string) => page.getByTestId(`${id}-position`).textContent()

describe('DP table stepper', () => {
  it('fills #.b / a.b one cell at a time and ends on the note’s 3×3 table', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=04-topic-dp&step=4')
    const { page } = w
    await skipQuestions(page)
    await page.getByTestId('dp-body').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('dp-pattern').inputValue()).toBe('#.b')
    expect(await shownTable(page)).toEqual([
      ['', '', ''],
      ['', '', ''],
      ['', '', ''],
    ])
    // keyboard: focus the stepper, → five times
    await page.getByTestId('dp-body').focus()
    for (let n = 0; n < 5; n++) await page.keyboard.press('ArrowRight')
    expect(await position(page, 'dp')).toMatch(/Step 5 of 9/)
    expect(await shownTable(page)).toEqual([
      ['T', 'F', 'F'],
      ['T', 'T', ''],
      ['', '', ''],
    ])
    // the fifth cell is dp[1][1]: # takes one more word, read from the left cell; pseudocode line 5 lit
    expect(await page.getByTestId('dp-explain').textContent()).toMatch(/# takes one more word \(“a”\)/)
    expect(await page.locator('.dp-table .is-current').first().getAttribute('data-cell')).toBe('dp[1][1]')
    expect(await page.locator('[data-testid="dp-pseudocode"] li[data-lit] code').allTextContents()).toEqual([
      PSEUDOCODE[4].code,
    ])
    // rolling view: prev is row 0 complete, cur is row 1 so far
    expect(await shownTable(page, 'dp-rolling')).toEqual([
      ['T', 'F', 'F'],
      ['T', 'T', ''],
    ])
    await screenshot(page, 'lessons-dp-midway')
    await page.keyboard.press('ArrowLeft')
    expect(await position(page, 'dp')).toMatch(/Step 4 of 9/)
    await page.getByTestId('dp-end').click()
    expect(await shownTable(page)).toEqual([
      ['T', 'F', 'F'],
      ['T', 'T', 'T'],
      ['F', 'F', 'T'],
    ])
    expect(await page.getByTestId('dp-result').textContent()).toMatch(/dp\[2\]\[2\] = true/)
    expect(await page.locator('[data-testid="dp-pseudocode"] li[data-lit] code').allTextContents()).toEqual([
      'match = dp[P][K]',
    ])
    await screenshot(page, 'lessons-dp-end')
    expect(w.consoleErrors).toEqual([])
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('reproduces the engine’s table cell for cell for every preset, and for typed input', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=04-topic-dp&step=1')
    const { page } = w
    await skipQuestions(page)
    await page.getByTestId('dp-body').waitFor({ timeout: 20_000 })
    for (const p of DP_PRESETS) {
      await page.getByTestId('dp-pattern').fill(p.pattern)
      await page.getByTestId('dp-key').fill(p.key)
      await page.getByTestId('dp-end').click()
      const trace = topicDpTrace(p.pattern, p.key)
      expect(await shownTable(page), `${p.pattern} / ${p.key}`).toEqual(tf(trace.table))
      expect(await position(page, 'dp')).toContain(`${trace.steps.length} of ${trace.steps.length}`)
      expect(await page.getByTestId('dp-result').textContent()).toContain(trace.matched ? 'true' : 'false')
    }
    // a preset button loads the note's case: order.# / order (zero words). Every position the page
    // shows on the way must be inside the new trace: never the old cursor over the new length.
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid="dp-position"]') as Element
      const shown: string[] = []
      ;(window as unknown as { __shown: string[] }).__shown = shown
      new MutationObserver(() => shown.push(el.textContent ?? '')).observe(el, {
        subtree: true,
        childList: true,
        characterData: true,
      })
    })
    await page.getByRole('button', { name: 'order.# / order', exact: true }).click()
    expect(await page.getByTestId('dp-key').inputValue()).toBe('order')
    await expect.poll(() => position(page, 'dp')).toBe('Before the first step')
    const shown = await page.evaluate(() => (window as unknown as { __shown: string[] }).__shown)
    for (const text of shown) {
      const [, at, of] = /(\d+) of (\d+)/.exec(text) ?? [undefined, 0, 0]
      expect(Number(at), `position shown: ${text}`).toBeLessThanOrEqual(Number(of))
    }
    await w.context.close()
  })

  it('plays and pauses with space, at the chosen speed', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=04-topic-dp&step=6')
    const { page } = w
    await skipQuestions(page)
    await page.getByTestId('dp-body').waitFor({ timeout: 20_000 })
    await page.getByTestId('dp-speed').selectOption('4')
    await page.getByTestId('dp-body').focus()
    await page.keyboard.press(' ')
    expect(await page.getByTestId('dp-play').getAttribute('aria-pressed')).toBe('true')
    await expect
      .poll(async () => Number((await position(page, 'dp'))?.match(/(\d+) of/)?.[1] ?? 0), { timeout: 5000 })
      .toBeGreaterThan(2)
    await page.keyboard.press(' ')
    expect(await page.getByTestId('dp-play').getAttribute('aria-pressed')).toBe('false')
    const paused = await position(page, 'dp')
    await page.waitForTimeout(600)
    expect(await position(page, 'dp')).toBe(paused)
    await w.context.close()
  })

  it('never moves by itself, and says so, when reduced motion is asked for', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=04-topic-dp&step=4', { locale: 'zh-CN' })
    const { page } = w
    await skipQuestions(page)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.getByTestId('dp-body').waitFor({ timeout: 20_000 })
    await page.waitForTimeout(1200)
    expect(await position(page, 'dp')).toBe('第一步之前')
    expect(await page.locator('.player-keys').textContent()).toMatch(/减少动态效果/)
    await page.getByTestId('large-text').check()
    await page.getByTestId('dp-body').focus()
    for (let n = 0; n < 7; n++) await page.keyboard.press('ArrowRight')
    expect(await page.getByTestId('dp-explain').textContent()).toMatch(/普通词 `?b`?|“b”/)
    await screenshot(page, 'lessons-dp-projector-zh')
    await w.context.close()
  })
})

describe('dedup stepper', () => {
  it('evaluates Q1’s two bindings and Q2’s one, then forms the set [Q1]', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=08-dedup&step=1')
    const { page } = w
    await skipQuestions(page)
    const body = page.getByTestId('dedup-body')
    await body.waitFor({ timeout: 20_000 })
    const rows = page.getByTestId('dedup-row')
    expect(await rows.count()).toBe(3)
    await body.focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    expect(await rows.evaluateAll((r) => r.map((e) => e.getAttribute('data-state')))).toEqual([
      'match',
      'match',
      'pending',
    ])
    expect(await page.getByTestId('dedup-explain').textContent()).toMatch(/already in the set/)
    await screenshot(page, 'lessons-dedup-midway')
    await page.getByTestId('dedup-end').click()
    expect(await rows.evaluateAll((r) => r.map((e) => e.getAttribute('data-state')))).toEqual([
      'match',
      'match',
      'no-match',
    ])
    expect(await page.locator('[data-testid="dedup-set"] [data-queue]').allTextContents()).toEqual(['Q1'])
    // each evaluated binding says what was compared (the engine's reason)
    expect(await page.getByTestId('dedup-reason').allTextContents()).toEqual([
      'pattern a.# vs key a.x: match',
      'pattern a.* vs key a.x: match',
      'pattern b.# vs key a.x: no match',
    ])
    expect(
      await page
        .locator('[data-testid="dedup-final"] li')
        .evaluateAll((l) => l.map((e) => e.getAttribute('data-reached'))),
    ).toEqual(['2'])
    await w.context.close()
  })

  it('merges four matching bindings into one copy for u.q and one for u.q2', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=08-dedup&step=2', { locale: 'zh-CN' })
    const { page } = w
    await skipQuestions(page)
    await page.getByTestId('dedup-body').waitFor({ timeout: 20_000 })
    await page.getByTestId('dedup-end').click()
    const final = page.locator('[data-testid="dedup-final"] li')
    expect(
      await final.evaluateAll((l) =>
        l.map((e) => [e.getAttribute('data-queue'), e.getAttribute('data-reached')]),
      ),
    ).toEqual([
      ['u.q', '3'],
      ['u.q2', '1'],
    ])
    await screenshot(page, 'lessons-dedup-end-zh')
    await w.context.close()
  })
})

describe('unroutable stepper', () => {
  it('walks the decision path of each message of the chain step', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=10-unroutable-confirms&step=1')
    const { page } = w
    await skipQuestions(page)
    await page.getByTestId('unroutable-body').waitFor({ timeout: 20_000 })
    const kinds = () =>
      page.getByTestId('unroutable-step').evaluateAll((l) => l.map((e) => e.getAttribute('data-kind')))
    // starts on the step's own question, m3; then m2: mandatory and unmatched
    expect(await page.getByTestId('pick-m3').getAttribute('aria-pressed')).toBe('true')
    await page.getByTestId('pick-m2').click()
    await page.getByTestId('unroutable-body').focus()
    for (let n = 0; n < 3; n++) await page.keyboard.press('ArrowRight')
    expect(await kinds()).toEqual(['exchange', 'bindings', 'queues'])
    await screenshot(page, 'lessons-unroutable-midway')
    await page.getByTestId('unroutable-end').click()
    expect(await kinds()).toEqual(['exchange', 'bindings', 'queues', 'mandatory', 'outcome'])
    expect(await page.getByTestId('unroutable-step').last().textContent()).toMatch(/312 NO_ROUTE/)

    await page.getByTestId('pick-m3').click()
    await page.getByTestId('unroutable-end').click()
    expect(await page.getByTestId('unroutable-step').last().textContent()).toMatch(/Dropped silently/)

    await page.getByTestId('pick-m4').click()
    await page.getByTestId('unroutable-end').click()
    expect(await kinds()).toEqual(['exchange', 'bindings', 'alternate', 'bindings', 'queues', 'outcome'])
    expect(await page.getByTestId('unroutable-step').nth(2).textContent()).toMatch(
      /alternate exchange “shop.ae”/,
    )

    await page.getByTestId('pick-m5').click()
    await page.getByTestId('unroutable-end').click()
    expect(await kinds()).toEqual(['exchange', 'outcome'])
    expect(await page.getByTestId('unroutable-step').first().textContent()).toMatch(/404.*closes the channel/)
    await screenshot(page, 'lessons-unroutable-404')
    expect(w.consoleErrors).toEqual([])
    await w.context.close()
  })
})

describe('trie walkthrough', () => {
  it('advances the live states word by word and ends on the engine’s queues', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=13-trie&step=1')
    const { page } = w
    await skipQuestions(page)
    const body = page.getByTestId('trie-body')
    await body.waitFor({ timeout: 20_000 })
    const live = () =>
      page
        .locator('[data-testid="trie-tree"] li[data-live="true"]')
        .evaluateAll((l) => l.map((e) => e.getAttribute('data-pattern')))
    // before any word: the root and the # it reaches for free (binding #.paid)
    expect(await live()).toEqual(['', '#'])
    await body.focus()
    await page.keyboard.press('ArrowRight')
    expect(await page.getByTestId('trie-explain').textContent()).toMatch(/Word 1 “order”/)
    expect((await live()).sort()).toEqual(['#', 'order', 'order.#'].sort())
    await page.keyboard.press('ArrowRight')
    await screenshot(page, 'lessons-trie-midway')
    await page.getByTestId('trie-end').click()
    const chosen = await page.getByTestId('trie-explain').textContent()
    for (const q of ['eu.paid', 'eu.any', 'all.orders', 'any.paid']) expect(chosen).toContain(q)
    for (const q of ['eu.created', 'us.created']) expect(chosen).not.toContain(`→ ${q}`)
    await w.context.close()
  })

  it('shows # entered with zero words for order.#.paid against order.paid', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=13-trie&step=2', { locale: 'zh-CN' })
    const { page } = w
    await skipQuestions(page)
    const body = page.getByTestId('trie-body')
    await body.waitFor({ timeout: 20_000 })
    await body.focus()
    await page.keyboard.press('ArrowRight')
    // after "order": order.# is live through the zero-word closure
    expect(await page.getByTestId('trie-explain').textContent()).toMatch(/零词闭包进入的节点：.*order\.#/)
    await screenshot(page, 'lessons-trie-closure-zh')
    await page.getByTestId('trie-end').click()
    const end = await page.getByTestId('trie-explain').textContent()
    for (const q of ['tail.paid', 'head.order', 'both']) expect(end).toContain(q)
    await w.context.close()
  })
})

describe('the alternate-exchange step', () => {
  it('starts its stepper on m2, the message the alternate exchange rescues', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=09-e2e-alternate&step=2')
    const { page } = w
    await skipQuestions(page)
    await page.getByTestId('unroutable-body').waitFor({ timeout: 20_000 })
    expect(
      await page.getByTestId('stepper-unroutable').getByTestId('pick-m2').getAttribute('aria-pressed'),
    ).toBe('true')
    await page.getByTestId('unroutable-end').click()
    const kinds = await page
      .getByTestId('unroutable-step')
      .evaluateAll((l) => l.map((e) => e.getAttribute('data-kind')))
    expect(kinds).toContain('alternate')
    await w.context.close()
  })
})

describe('trie walkthrough with the learner’s own input', () => {
  it('takes a typed key and added binding, and shows the nodes a deletion prunes', async () => {
    const w = await openPage(browser, '?view=lessons&lesson=13-trie&step=3')
    const { page } = w
    await skipQuestions(page)
    await page.getByTestId('trie-body').waitFor({ timeout: 20_000 })
    // the step's own bindings after the unbind: order.eu.* and order.#
    expect(await page.getByTestId('trie-binding').count()).toBe(2)
    await page.getByTestId('trie-add-pattern').fill('#.refund')
    await page.getByTestId('trie-add-queue').fill('refunds')
    await page.getByTestId('trie-add').click()
    await page.getByTestId('trie-key-input').fill('order.eu.refund')
    await page.getByTestId('trie-end').click()
    const end = (await page.getByTestId('trie-explain').textContent()) ?? ''
    const engine = traceTrieMatch(
      [
        { pattern: 'order.eu.*', dest: 'eu.any' },
        { pattern: 'order.#', dest: 'all.orders' },
        { pattern: '#.refund', dest: 'refunds' },
      ],
      'order.eu.refund',
    )
    expect(end).toContain(`[${engine.destinations.join(', ')}]`)
    // deleting order.eu.* frees its * node and then eu, which no other binding passes through
    await page.getByTestId('trie-remove-0').click()
    const removal = (await page.getByTestId('trie-removal').textContent()) ?? ''
    expect(removal).toMatch(/2 node\(s\) pruned \(order\.eu\.\*, order\.eu\)/)
    await screenshot(page, 'lessons-trie-own-bindings')
    await w.context.close()
  })
})

describe('projected in class', () => {
  it.each([
    ['dp', '04-topic-dp', 6],
    ['dedup', '09-e2e-alternate', 1],
    ['unroutable', '10-unroutable-confirms', 1],
    ['trie', '13-trie', 1],
  ] as const)(
    'the %s stepper fits a 1024×768 projector in dark theme with large text',
    async (id, lesson, step) => {
      const w = await openPage(browser, `?view=lessons&lesson=${lesson}&step=${step}`, {
        colorScheme: 'dark',
        viewport: { width: 1024, height: 768 },
      })
      const { page } = w
      await skipQuestions(page)
      await page.getByTestId(`${id}-body`).waitFor({ timeout: 20_000 })
      await page.getByTestId('large-text').check()
      await page.getByTestId(`${id}-body`).focus()
      for (let n = 0; n < 9; n++) await page.keyboard.press('ArrowRight')
      await screenshot(page, `lessons-projector-1024-${id}`)
      // nothing sticks out sideways: no horizontal scrolling on a projector
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .slice(0, 5)
          .map((e) => `${e.tagName}.${e.className}: ${e.textContent?.slice(0, 40)}`),
      )
      expect(wide).toEqual([])
      // the stepper's text is large
      const size = await page
        .getByTestId(`${id}-body`)
        .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))
      expect(size).toBeGreaterThanOrEqual(20)
      await w.context.close()
    },
  )
})
