/**
 * Opening a lesson step's topology in the playground through the playground's own door
 * (openInPlayground: switches view, asks before replacing unsaved work, runs the publishes). The
 * documented link `#scenario=<base64url(JSON)>` is the href, for new tabs and as a fallback when the
 * module cannot load.
 */
import type { Scenario } from '../engine'
import { scenarioHref } from '../store/scenario-link'
import { encodeShareLink } from '../store/share-link'
import { hrefFor } from '../store/url-route'

export const playgroundLink = (scenario: Scenario): string => scenarioHref(JSON.stringify(scenario))

/** A script step travels as an editable share link (`#v1/edit/…`), the playground's own format. */
export function scriptLink(text: string): string {
  const share = encodeShareLink(text, 'edit')
  return hrefFor('playground', {}, share.ok ? share.hash : '')
}

/** Returns false when the playground module could not be loaded (the caller then follows the link). */
export async function openInPlaygroundIfAvailable(scenario: Scenario | string): Promise<boolean> {
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
