/**
 * Opening a lesson step's topology in the playground. Uses the playground's openInPlayground when that
 * module exists (found at build time, so this file never breaks the build), else the documented link
 * `?view=playground#scenario=<base64url(JSON)>`.
 */
import type { Scenario } from '../engine'
import { base64UrlEncode } from '../store/scenario-link'

type OpenModule = { openInPlayground?: (scenario: Scenario) => unknown }
const modules = import.meta.glob<OpenModule>('../store/open-in-playground.ts')

export function playgroundLink(scenario: Scenario): string {
  return `?view=playground#scenario=${base64UrlEncode(JSON.stringify(scenario))}`
}

/** Returns true when the playground module took over; false means: follow the link. */
export async function openInPlaygroundIfAvailable(scenario: Scenario): Promise<boolean> {
  const load = Object.values(modules)[0]
  if (!load) return false
  const mod = await load()
  if (typeof mod.openInPlayground !== 'function') return false
  await mod.openInPlayground(scenario)
  return true
}
