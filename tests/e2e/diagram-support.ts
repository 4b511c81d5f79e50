/** Opening the playground on a prepared scenario (`#scenario=` + base64url JSON) for the diagram tests. */
import type { Browser } from 'playwright-core'
import type { Scenario } from '../../src/engine'
import { openPage, type WatchedPage } from './support/browser'

function scenarioHash(scenario: Scenario): string {
  return `#scenario=${Buffer.from(JSON.stringify(scenario), 'utf8').toString('base64url')}`
}

export interface DiagramPage extends WatchedPage {
  dialogs: string[]
}

/** Opens the scenario and waits until the diagram has drawn its last publish. */
export async function openScenario(
  browser: Browser,
  scenario: Scenario,
  options: { colorScheme?: 'light' | 'dark'; locale?: string } = {},
): Promise<DiagramPage> {
  const w = await openPage(browser, `/${scenarioHash(scenario)}`, options)
  const dialogs: string[] = []
  w.page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  await w.page.locator('[data-testid="diagram"] svg g.node').first().waitFor({ timeout: 60_000 })
  return { ...w, dialogs }
}

/** Text of each interactive diagram node, keyed by its accessible name. */
export async function nodeTexts(w: WatchedPage): Promise<{ label: string; text: string }[]> {
  return w.page.$$eval('[data-testid="diagram"] g.node[role="button"]', (nodes) =>
    nodes.map((n) => ({
      label: n.getAttribute('aria-label') ?? '',
      // tspans carry one word each; compare without whitespace
      text: (n.textContent ?? '').replace(/\s+/g, ''),
    })),
  )
}
