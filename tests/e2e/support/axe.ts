/** axe-core in the page for e2e probes: the serious and critical violations of the page as it is now. */
import axe from 'axe-core'
import type { Page } from 'playwright-core'

/** WCAG 2.0/2.1 A and AA and best practices, as tests/e2e/accessibility.e2e.ts scans. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** Each serious or critical violation as `rule (target): summary`. */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source })
  return page.evaluate(async (tags) => {
    const a = (window as unknown as { axe: typeof axe }).axe
    const r = await a.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return r.violations.flatMap((v) =>
      v.nodes
        .filter((n) => (n.impact ?? v.impact) === 'serious' || (n.impact ?? v.impact) === 'critical')
        .map(
          (n) =>
            `${v.id} (${n.target.join(' ')}): ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 200)}`,
        ),
    )
  }, AXE_TAGS)
}
