/**
 * The diagram in the built app: hostile names drawn as text and run nothing, keyboard access to the
 * nodes, a 1,000-binding topology (timed), and screenshots of each publish outcome in both themes.
 */
import { readFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shorten } from '../../src/diagram/escape'
import type { Scenario } from '../../src/engine'
import { HOSTILE_NAMES, largeScenario, richScenario } from '../unit/diagram-fixtures'
import { nodeTexts, openScenario } from './diagram-support'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { publishWith, waitForRun } from './support/playground'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const HOSTILE_EXCHANGE = 'hostile <b>"x"</b> #35; end'
const hostile: Scenario = {
  exchanges: [{ name: HOSTILE_EXCHANGE, type: 'direct' }],
  // the script language has one line per operation, so names with a newline are left out here
  queues: HOSTILE_NAMES.filter((n) => !n.includes('\n')).map((name) => ({ name })),
  bindings: HOSTILE_NAMES.filter((n) => !n.includes('\n')).map((name) => ({
    source: HOSTILE_EXCHANGE,
    destination: name,
    destination_type: 'queue' as const,
    routing_key: name,
  })),
  publishes: [
    { id: 'm1', exchange: HOSTILE_EXCHANGE, routing_key: '<img src=x onerror=alert(1)>', mandatory: true },
  ],
}

const onlyPublish = (id: string): Scenario => ({
  ...richScenario,
  publishes: (richScenario.publishes ?? []).filter((p) => p.id === id),
})

describe('diagram in Chromium', () => {
  it('draws hostile names as text and runs nothing', async () => {
    const w = await openScenario(browser, hostile)
    const { page } = w
    const nodes = await nodeTexts(w)
    const queues = hostile.queues?.map((q) => q.name) ?? []
    for (const name of queues) {
      const node = nodes.find((n) => n.label === `Queue ${name}`)
      expect(node, name).toBeDefined()
      // (a WORD JOINER keeps ﬂ°° / ¶ß from being read as Mermaid's entity markers)
      expect(node?.text.replace(/\u2060/g, ''), name).toBe(shorten(name).replace(/\s+/g, ''))
    }
    // the accessible name contains what the node shows: its name and its type (WCAG 2.5.3)
    expect(nodes.find((n) => n.label === `Exchange ${HOSTILE_EXCHANGE}, direct`)?.text).toBe(
      `${HOSTILE_EXCHANGE}direct`.replace(/\s+/g, ''),
    )
    // the SVG's accessible title and description say the names as text (Mermaid accTitle / accDescr)
    const svg = page.locator('[data-testid="diagram"] svg').first()
    expect(await svg.locator('title').first().textContent()).toBe('Routing diagram of vhost /')
    const desc = (await svg.locator('desc').first().textContent()) ?? ''
    expect(desc).toContain(`Exchanges: ${HOSTILE_EXCHANGE}.`)
    for (const name of queues) expect(desc.replace(/\u2060/g, '')).toContain(shorten(name))
    // edge labels show the routing keys literally (entities decoded by the view)
    const squash = (t: string) => t.replace(/[\s\u2060]+/g, '')
    const edgeTexts = (await page.locator('[data-testid="diagram"] g.edgeLabel').allTextContents()).map(
      squash,
    )
    for (const name of queues) expect(edgeTexts, name).toContain(squash(shorten(name, 40)))
    // the message reached exactly the queue named like its key
    await expect
      .poll(() => page.locator('[data-testid="diagram"] g.node.recv').getAttribute('aria-label'))
      .toBe('Queue <img src=x onerror=alert(1)>')
    expect(
      await page.locator('img[src="x"], [data-testid="diagram"] img, [data-testid="diagram"] b').count(),
    ).toBe(0)
    // the why panel and result table show the same names as text
    const why = page.getByTestId('why-panel')
    await why.waitFor()
    expect(await why.textContent()).toContain('<img src=x onerror=alert(1)>')
    const resultQueues = await page.$$eval('[data-testid="result-table"] tr[data-queue]', (rows) =>
      rows.map((r) => r.getAttribute('data-queue')),
    )
    expect(resultQueues.sort()).toEqual([...queues].sort())
    const row = await page.$$eval(
      '[data-testid="result-table"] tr[data-queue]',
      (rows) =>
        rows.find((r) => r.getAttribute('data-queue') === '<img src=x onerror=alert(1)>')?.textContent,
    )
    expect(row).toContain('m1')
    await screenshot(page, 'diagram-hostile-light')
    expect(w.dialogs).toEqual([])
    expect(w.pageErrors).toEqual([])
    expect(w.consoleErrors).toEqual([])
    expect(w.externalRequests).toEqual([])
    await w.context.close()
  })

  it('speaks Chinese inside the diagram and the why panel when the browser does', async () => {
    const w = await openScenario(browser, onlyPublish('m1'), { locale: 'zh-CN' })
    const { page } = w
    const note = await page.locator('[data-testid="diagram"] g.ov-badge.note').textContent()
    expect(note?.replace(/\s+/g, '')).toBe('2个绑定→1份副本')
    expect(
      await page.locator('[data-testid="diagram"] g.node.recv').first().getAttribute('aria-label'),
    ).toMatch(/^队列 /)
    const why = page.getByTestId('why-panel')
    expect(await why.textContent()).toContain('队列 audit：2 个绑定到达 → 1 份副本')
    expect(await page.getByTestId('result-table').textContent()).toContain('运行结果')
    await screenshot(page, 'diagram-routed-dedup-zh')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('draws the topology once: another message only moves the overlay on the same SVG', async () => {
    const w = await openScenario(browser, {
      ...richScenario,
      publishes: (richScenario.publishes ?? []).filter((p) => ['m1', 'm2', 'm3'].includes(p.id)),
    })
    const { page } = w
    const host = page.locator('[data-testid="diagram"]')
    await expect.poll(() => host.getAttribute('data-publish')).toBe('m3')
    // A property on the drawn SVG element survives only if Mermaid does not draw again.
    await page.evaluate(() => {
      ;(document.querySelector('[data-testid="diagram"] svg') as unknown as { mark: number }).mark = 1
    })
    const same = () =>
      page.evaluate(
        () => (document.querySelector('[data-testid="diagram"] svg') as unknown as { mark?: number }).mark,
      )
    await page.getByTestId('log-entry-1').click()
    await expect.poll(() => host.getAttribute('data-publish')).toBe('m1')
    expect(await host.locator('g.node.recv').count()).toBe(2)
    expect(await host.locator('g.ov-badge.note').count()).toBe(1)
    expect(await host.locator('g.ov-badge.dead').count()).toBe(0)
    await page.getByTestId('log-entry-2').click()
    await expect.poll(() => host.getAttribute('data-publish')).toBe('m2')
    expect(await host.locator('path.aehot').count()).toBe(1)
    expect(await host.locator('g.ov-badge.note').count()).toBe(0)
    expect(await same()).toBe(1)
    expect(await page.locator('[data-testid="diagram"] svg').count()).toBe(1)
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('moves a dot along the message path stage by stage, and none when motion is reduced', async () => {
    const w = await openPage(browser)
    const { page } = w
    await waitForRun(page)
    const host = page.locator('[data-testid="diagram"]')
    await expect.poll(() => host.getAttribute('data-publish')).toBe('m1')
    await publishWith(page, { exchange: 'study.orders', key: 'order.created' })
    await expect.poll(() => host.getAttribute('data-publish')).toBe('m2')
    // The order example: the producer's arrow, then both matched bindings (audit, notify).
    const dots = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="diagram"] svg circle.ov-dot')].map((dot) => {
          const motion = dot.querySelector('animateMotion')
          const href = motion?.querySelector('mpath')?.getAttribute('href') ?? ''
          return { begin: motion?.getAttribute('begin') ?? '', path: !!document.querySelector(href) }
        }),
      )
    const moving = await dots()
    expect(moving).toHaveLength(3)
    expect(moving.every((d) => d.path)).toBe(true)
    // Stage after stage: the two bindings start together, after the producer's arrow.
    const begins = moving.map((d) => Number.parseFloat(d.begin))
    expect(begins[1]).toBeGreaterThan(begins[0] as number)
    expect(begins[2]).toBe(begins[1])

    await page.emulateMedia({ reducedMotion: 'reduce' })
    await publishWith(page, { exchange: 'study.orders', key: 'order.paid' })
    await expect.poll(() => host.getAttribute('data-publish')).toBe('m3')
    expect(await host.locator('g.node.recv').count()).toBe(1)
    expect(await dots()).toEqual([])
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('lets the keyboard move between nodes', async () => {
    const w = await openScenario(browser, onlyPublish('m1'))
    const { page } = w
    const first = page.locator('[data-testid="diagram"] g.node[tabindex="0"]')
    expect(await first.count()).toBe(1)
    await first.focus()
    const label = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))
    const start = await label()
    await page.keyboard.press('ArrowRight')
    const next = await label()
    expect(next).not.toBe(start)
    expect(next).toMatch(/^(Exchange|Queue|Message) /)
    await page.keyboard.press('ArrowLeft')
    expect(await label()).toBe(start)
    await page.keyboard.press('Enter') // selecting must not throw
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('exports SVG, PNG and the Mermaid source without leaving the page', async () => {
    const w = await openScenario(browser, onlyPublish('m1'))
    const { page } = w
    const pane = page.locator('.diagram-pane')
    const save = async (name: string) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        pane.getByRole('button', { name }).click(),
      ])
      const path = await download.path()
      return { file: download.suggestedFilename(), bytes: readFileSync(path) }
    }
    const svg = await save('SVG')
    expect(svg.file).toBe('routing-diagram.svg')
    const svgText = svg.bytes.toString('utf8')
    expect(svgText).toMatch(/^<\?xml[^>]*>\s*<svg/)
    expect(svgText).toContain('2 bindings → 1 copy')
    expect(svgText).not.toMatch(/&amp;#\d+;/) // edge labels exported as shown, decoded
    const png = await save('PNG')
    expect(png.file).toBe('routing-diagram.png')
    expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
    expect(png.bytes.length).toBeGreaterThan(5000)
    const mmd = await save('Download .mmd')
    expect(mmd.bytes.toString('utf8')).toMatch(/^flowchart LR\n/)
    await pane.getByRole('button', { name: 'Mermaid source' }).click()
    expect(await pane.locator('textarea.diagram-source').inputValue()).toBe(mmd.bytes.toString('utf8'))
    expect(w.externalRequests).toEqual([])
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('keeps 1,000 bindings usable by focusing on the message (timed)', async () => {
    const t0 = Date.now()
    const w = await openScenario(browser, largeScenario(1000))
    const { page } = w
    await page.locator('[data-testid="diagram-focused"]').waitFor({ timeout: 60_000 })
    const ms = Date.now() - t0
    const nodes = await page.locator('[data-testid="diagram"] g.node').count()
    console.log(`1,000 bindings: page open → focused diagram in ${ms} ms, ${nodes} nodes drawn`)
    expect(nodes).toBeLessThan(10)
    expect(await page.locator('[data-testid="diagram"] g.node.recv').getAttribute('aria-label')).toBe(
      'Queue q7',
    )
    await screenshot(page.locator('.diagram-pane'), `diagram-1000-focused-pane`)
    // "Show all" would freeze the tab for about a minute here: it asks first, and cancelling keeps
    // the focused view.
    await page.getByRole('button', { name: /^Show all/ }).click()
    const ask = page.getByTestId('show-all-ask')
    await ask.waitFor()
    // 1,000 queues + 1,000 bindings + the vhost's exchanges (the built-in ones included)
    const asked = /Drawing all (\d+) exchanges, queues and bindings/.exec((await ask.textContent()) ?? '')
    expect(Number(asked?.[1])).toBeGreaterThan(2000)
    await screenshot(page.locator('.diagram-pane'), `diagram-1000-ask`)
    await ask.getByRole('button', { name: 'Keep the focused view' }).click()
    await ask.waitFor({ state: 'detached' })
    expect(await page.getByTestId('diagram-focused').isVisible()).toBe(true)
    expect(await page.locator('[data-testid="diagram"] g.node').count()).toBeLessThan(10)
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  const states: [string, string, (w: Awaited<ReturnType<typeof openScenario>>) => Promise<void>][] = [
    [
      'routed-dedup',
      'm1',
      async ({ page }) => {
        await expect.poll(() => page.locator('[data-testid="diagram"] g.node.recv').count()).toBe(2)
        const note = await page.locator('[data-testid="diagram"] g.ov-badge.note').textContent()
        expect(note?.replace(/\s+/g, '')).toBe('2bindings→1copy')
        const why = page.getByTestId('why-panel')
        expect(await why.textContent()).toContain('queue audit: reached by 2 bindings → 1 copy')
        await why.getByRole('button', { name: 'Show as a table' }).click()
        expect(await why.locator('table.why-table tr[data-binding]').count()).toBe(4)
        await screenshot(why, `diagram-why-table`)
      },
    ],
    [
      'ae',
      'm2',
      async ({ page }) => {
        await expect.poll(() => page.locator('[data-testid="diagram"] path.aehot').count()).toBe(1)
      },
    ],
    [
      'returned',
      'm3',
      async ({ page }) => {
        await expect.poll(() => page.locator('[data-testid="diagram"] g.ov-badge.dead').count()).toBe(1)
        expect(await page.locator('[data-testid="diagram"] g.ov-badge.dead').textContent()).toContain('312')
      },
    ],
    [
      'error',
      'm5',
      async ({ page }) => {
        await expect.poll(() => page.locator('[data-testid="diagram"] g.ov-badge.err').count()).toBe(1)
      },
    ],
  ]
  for (const [name, id, check] of states) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`draws the ${name} publish (${colorScheme})`, async () => {
        const w = await openScenario(browser, onlyPublish(id), { colorScheme })
        await check(w)
        await screenshot(w.page.locator('[data-testid="diagram"]'), `diagram-${name}-${colorScheme}-pane`)
        await screenshot(w.page, `diagram-${name}-${colorScheme}`)
        expect(w.pageErrors).toEqual([])
        await w.context.close()
      })
    }
  }
})
