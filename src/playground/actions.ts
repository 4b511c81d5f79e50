/**
 * Playground commands, callable from buttons, menus and shortcuts alike (one place, no React).
 * They read and change the store; notices carry message keys translated by the page.
 */

import { downloadText } from '../components/download'
import {
  DefinitionsError,
  importDefinitions,
  operationsToScenario,
  parseScript,
  topologyToDefinitions,
} from '../engine'
import { playgroundStore } from '../store/app-store'
import { fetchScenarioScript, ScenarioLinkError, scenarioToScript } from '../store/scenario-link'
import { encodeShareLink, type ShareMode } from '../store/share-link'
import { hrefFor } from '../store/url-route'
import { sampleUrl } from './samples'

const store = playgroundStore

export async function loadSample(file: string): Promise<void> {
  try {
    const text = await fetchScenarioScript(sampleUrl(file), document.baseURI)
    await store.getState().replaceWork(text, { source: `sample:${file}`, kept: null })
  } catch (e) {
    store.getState().notify('error', 'scenarioError', { detail: (e as Error).message })
  }
}

/** Import definitions.json / scenario JSON (anything JSON), or a script (anything else). */
export async function importText(name: string, text: string): Promise<void> {
  const s = store.getState()
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    // Not JSON: take it as a script.
    await s.replaceWork(text, { source: `import:${name}`, kept: null })
    return
  }
  try {
    const { scenario, kept, ignoredSections } = importDefinitions(data)
    const ok = await s.replaceWork(scenarioToScript(scenario), { source: `import:${name}`, kept })
    if (!ok) return
    s.notify('info', 'imported', {
      name,
      exchanges: scenario.exchanges?.length ?? 0,
      queues: scenario.queues?.length ?? 0,
      bindings: scenario.bindings?.length ?? 0,
    })
    if (ignoredSections.length) s.notify('info', 'importedIgnored', { sections: ignoredSections.join(', ') })
  } catch (e) {
    const detail = e instanceof DefinitionsError || e instanceof ScenarioLinkError ? e.message : String(e)
    s.notify('error', 'importFailed', { name, detail })
  }
}

export function exportDefinitionsFile(): void {
  const s = store.getState()
  if (!s.run) {
    s.notify('error', 'exportFailed')
    return
  }
  const doc = topologyToDefinitions(s.run.topology, s.kept ?? undefined, parseScript(s.text).vhosts)
  downloadText('definitions.json', `${JSON.stringify(doc, null, 2)}\n`)
}

export function exportScenarioFile(): void {
  const s = store.getState()
  const parsed = parseScript(s.text)
  const { scenario, notExpressible } = operationsToScenario(parsed.ops, parsed.profile)
  if (notExpressible) s.notify('info', 'exportNotExpressible', { count: notExpressible })
  downloadText('scenario.json', `${JSON.stringify(scenario, null, 2)}\n`)
}

export function exportScriptFile(): void {
  downloadText('topology.amqp.txt', store.getState().text, 'text/plain')
}

/** The full share URL, or null (with a notice) when the script is too large. */
export function shareUrl(mode: ShareMode): string | null {
  const r = encodeShareLink(store.getState().text, mode)
  if (!r.ok) {
    store.getState().notify('error', 'shareTooLarge', { length: r.length })
    return null
  }
  return hrefFor('playground', {}, r.hash)
}
