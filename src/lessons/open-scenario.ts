/**
 * Opening a lesson step's topology in the playground through the playground's own door
 * (openInPlayground: switches view, asks before replacing unsaved work, runs the publishes). The
 * documented link `?view=playground#scenario=<base64url(JSON)>` is the href, for new tabs and as a
 * fallback when the module cannot load.
 */
import type { Scenario } from '../engine'
import { base64UrlEncode } from '../store/scenario-link'

export function playgroundLink(scenario: Scenario): string {
  return `?view=playground#scenario=${base64UrlEncode(JSON.stringify(scenario))}`
}

/** Returns false when the playground module could not be loaded (the caller then follows the link). */
export async function openInPlaygroundIfAvailable(scenario: Scenario): Promise<boolean> {
  try {
    const { openInPlayground } = await import('../store/open-in-playground')
    await openInPlayground(scenario, { run: true })
    return true
  } catch (e) {
    // a failed chunk load must not strand the learner: fall back to the link
    console.warn('openInPlayground unavailable, following the link instead', e)
    return false
  }
}
