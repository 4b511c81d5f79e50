/**
 * Queue types in the built app: classic, quorum and stream queues drawn with three shapes and a type
 * word, with a legend (both languages); the queue form declares a quorum queue; the profile switch
 * rewrites the script's profile line.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Scenario } from '../../src/engine'
import { nodeTexts, openScenario } from './diagram-support'
import { launchBrowser, screenshot } from './support/browser'
import { editorText, waitForRun } from './support/playground'
import { strayOnPage } from './support/zh-text'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const TYPES: Scenario = {
  profile: 'rabbitmq-4.0',
  exchanges: [{ name: 'in', type: 'fanout' }],
  queues: [
    { name: 'plain-q' },
    { name: 'jobs', arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 3 } },
    { name: 'log', arguments: { 'x-queue-type': 'stream' } },
  ],
  bindings: ['plain-q', 'jobs', 'log'].map((d) => ({
    source: 'in',
    destination: d,
    destination_type: 'queue' as const,
    routing_key: '',
  })),
  publishes: [{ id: 'm1', exchange: 'in', routing_key: 'k' }],
}

/** The drawn shape of a queue node: how many paths it has and its outline's box. */
async function shapeOf(page: import('playwright-core').Page, name: string) {
  return page.evaluate((n) => {
    const g = document.querySelector(`[data-testid="diagram"] g.node[data-name="${CSS.escape(n)}"]`)
    const shape = g?.querySelector('.label-container, path, rect')
    const box = (shape as SVGGraphicsElement | null)?.getBBox()
    return { paths: g?.querySelectorAll('path').length ?? 0, w: box?.width ?? 0, h: box?.height ?? 0 }
  }, name)
}

describe.each([
  ['en-US', { quorum: 'quorum', stream: 'stream', legend: 'Queue types' }],
  ['zh-CN', { quorum: '仲裁队列', stream: '流', legend: '队列类型' }],
] as const)('queue types drawn (%s)', (locale, words) => {
  it('tells classic, quorum and stream apart by shape and type word, and the legend says which is which', async () => {
    const w = await openScenario(browser, TYPES, { locale })
    const { page } = w
    const nodes = await nodeTexts(w)
    const queueLabel = locale === 'zh-CN' ? '队列' : 'Queue'
    expect(nodes.find((n) => n.label.startsWith(`${queueLabel} plain-q`))?.text).toBe('plain-q')
    expect(nodes.find((n) => n.label.startsWith(`${queueLabel} jobs`))?.label).toContain(words.quorum)
    expect(nodes.find((n) => n.label.startsWith(`${queueLabel} log`))?.label).toContain(words.stream)
    const plain = await shapeOf(page, 'plain-q')
    const jobs = await shapeOf(page, 'jobs')
    const log = await shapeOf(page, 'log')
    // three different outlines (the lined cylinder, the lying one, the plain one)
    expect(jobs).not.toEqual(log)
    expect(jobs).not.toEqual(plain)
    expect(log).not.toEqual(plain)
    const legend = page.getByTestId('queue-type-legend').first()
    expect(await legend.getAttribute('aria-label')).toBe(words.legend)
    expect(
      await legend.locator('li').evaluateAll((li) => li.map((x) => x.getAttribute('data-type'))),
    ).toEqual(['classic', 'quorum', 'stream'])
    if (locale === 'zh-CN') expect(await strayOnPage(page, 'playground')).toEqual([])
    await screenshot(page.getByTestId('diagram').first(), `queue-types-${locale}`)
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})

describe('queue type in the playground forms and the profile switch', () => {
  it('declares a quorum queue from the form and switches the profile in the script', async () => {
    const w = await openScenario(browser, TYPES)
    const { page } = w
    await waitForRun(page)
    expect(await page.getByTestId('profile-switch').inputValue()).toBe('rabbitmq-4.0')
    await page.getByTestId('profile-switch').selectOption('rabbitmq-3.10')
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLSelectElement>('[data-testid="profile-switch"]')?.value ===
        'rabbitmq-3.10',
    )
    expect((await editorText(page)).split('\n')[0]).toBe('profile rabbitmq-3.10')
    await page.getByTestId('form-tab-queue').click()
    await page.getByTestId('queue-name').fill('orders')
    await page.getByTestId('queue-type').selectOption('quorum')
    await page.getByTestId('queue-deliveryLimit').fill('5')
    expect(await page.getByTestId('queue-type-hint').isVisible()).toBe(true)
    await page.getByTestId('queue-add').click()
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="diagram"] g.node[data-name="orders"]'),
    )
    expect(await editorText(page)).toContain(
      'queue declare orders args {x-queue-type: "quorum", x-delivery-limit: 5}',
    )
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})
