/**
 * Prepared cases opened from a link (lesson pages, docs, instructors):
 *   ?scenario=URL          a scenario JSON served beside the app (same origin only)
 *   #scenario=<base64url>  the scenario JSON itself, base64url-encoded UTF-8 (padding optional)
 *   &compare=scenarios/NAME.json  beside either: "Compare with…" that public scenario (docs/playground.md)
 * The scenario becomes script text (so it can be edited); its publishes run like any other line,
 * and its `expect` list becomes `expect` lines.
 */
import {
  AnalysisInputError,
  importDefinitions,
  operationsFromScenario,
  printScript,
  type Scenario,
  scenarioRequirements,
} from '../engine'
import { hrefFor } from './url-route'

export const MAX_SCENARIO_BYTES = 2_000_000

export class ScenarioLinkError extends Error {
  constructor(
    readonly kind:
      | 'bad-base64'
      | 'bad-json'
      | 'bad-scenario'
      | 'cross-origin'
      | 'fetch-failed'
      | 'too-large'
      | 'not-public',
    detail: string,
  ) {
    super(detail)
    this.name = 'ScenarioLinkError'
  }
}

export function base64UrlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The documented link that opens a scenario (JSON text) in the playground: `#scenario=<base64url>`. */
export function scenarioHref(scenarioJson: string): string {
  return hrefFor('playground', {}, `scenario=${base64UrlEncode(scenarioJson)}`)
}

export function base64UrlDecode(data: string): string {
  // Size first: 4 characters carry 3 bytes, so a longer payload cannot be a scenario we would open.
  if (data.length > Math.ceil(MAX_SCENARIO_BYTES / 3) * 4 + 2)
    throw new ScenarioLinkError('too-large', `${data.length} characters of base64url`)
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(data)) throw new ScenarioLinkError('bad-base64', 'not base64url')
  const b64 = data.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')
  let bin: string
  try {
    bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
  } catch {
    throw new ScenarioLinkError('bad-base64', 'not base64url')
  }
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new ScenarioLinkError('bad-base64', 'not UTF-8')
  }
}

/**
 * Scenario JSON text → script text. Throws ScenarioLinkError with the offending path; the size is
 * checked before parsing and importDefinitions refuses values nested deeper than the engine's limit.
 */
export function scenarioJsonToScript(json: string): string {
  if (json.length > MAX_SCENARIO_BYTES) throw new ScenarioLinkError('too-large', `${json.length} characters`)
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch (e) {
    throw new ScenarioLinkError('bad-json', e instanceof Error ? e.message : String(e))
  }
  let scenario: Scenario
  try {
    scenario = importDefinitions(data).scenario
    // importDefinitions keeps `expect` aside as a section it does not know; the script has lines for it.
    const expect = (data as { expect?: unknown } | null)?.expect
    return scenarioToScript(
      expect === undefined ? scenario : { ...scenario, expect: expect as Scenario['expect'] },
    )
  } catch (e) {
    if (e instanceof ScenarioLinkError) throw e
    throw new ScenarioLinkError('bad-scenario', e instanceof Error ? e.message : String(e))
  }
}

/** The scenario as script text: its operations, then its `expect` list as `expect` lines. */
export function scenarioToScript(scenario: Scenario): string {
  let requirements: ReturnType<typeof scenarioRequirements>
  try {
    requirements = scenarioRequirements(scenario)
  } catch (e) {
    if (e instanceof AnalysisInputError) throw new ScenarioLinkError('bad-scenario', e.message)
    throw e
  }
  return printScript(operationsFromScenario(scenario), {
    profile: scenario.profile,
    vhosts: scenario.vhosts?.map((v) => v.name),
    requirements,
  })
}

/** The `#scenario=` payload of a hash, if any. */
export function scenarioFromHash(hash: string): string | null {
  const m = /^#scenario=(.*)$/s.exec(hash)
  return m ? (m[1] ?? '') : null
}

/** Resolve `?scenario=` against the page; only same-origin URLs are fetched (nothing leaves the origin). */
export function resolveScenarioUrl(value: string, pageUrl: string): URL {
  let url: URL
  try {
    url = new URL(value, pageUrl)
  } catch {
    throw new ScenarioLinkError('fetch-failed', `not a URL: ${value}`)
  }
  if (url.origin !== new URL(pageUrl).origin)
    throw new ScenarioLinkError(
      'cross-origin',
      `only files served beside the playground can be opened (${url.origin})`,
    )
  return url
}

export async function fetchScenarioScript(value: string, pageUrl: string): Promise<string> {
  const url = resolveScenarioUrl(value, pageUrl)
  let res: Response
  try {
    res = await fetch(url, { credentials: 'same-origin' })
  } catch (e) {
    throw new ScenarioLinkError('fetch-failed', e instanceof Error ? e.message : String(e))
  }
  if (!res.ok)
    throw new ScenarioLinkError('fetch-failed', `${res.status} ${res.statusText} for ${url.pathname}`)
  return scenarioJsonToScript(await res.text())
}

/**
 * `compare=` names a scenario of the app's own `scenarios/` folder, nothing else: a relative
 * `scenarios/NAME.json` (NAME letters, digits, `_`, `-`, and dots between them). The link is
 * untrusted input, so anything else — another folder, `..`, a full URL, an encoded slash — is refused.
 */
const PUBLIC_SCENARIO = /^scenarios\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.json$/

export function publicScenarioUrl(value: string, pageUrl: string): URL {
  if (!PUBLIC_SCENARIO.test(value))
    throw new ScenarioLinkError(
      'not-public',
      `not a scenario of the playground (scenarios/NAME.json): ${value}`,
    )
  return resolveScenarioUrl(value, pageUrl)
}

/** The script text of a public scenario (`compare=`), checked as `?scenario=` checks its file. */
export async function fetchPublicScenarioScript(value: string, pageUrl: string): Promise<string> {
  return fetchScenarioScript(publicScenarioUrl(value, pageUrl).toString(), pageUrl)
}
