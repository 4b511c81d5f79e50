/**
 * On opening the playground: a share link (`#v1/edit|view/…`), a `#scenario=` case or a
 * `?scenario=URL` case is loaded (asking first if there is unsaved work). The hash is cleared once
 * handled so a reload shows the saved work instead of asking again. `compare=scenarios/NAME.json`
 * then compares the work with that public scenario ("Compare with…", docs/playground.md).
 */
import { playgroundStore } from '../store/app-store'
import {
  base64UrlDecode,
  fetchPublicScenarioScript,
  fetchScenarioScript,
  ScenarioLinkError,
  scenarioFromHash,
  scenarioJsonToScript,
} from '../store/scenario-link'
import { decodeShareLink, isShareHash } from '../store/share-link'
import { clearHash, setParams, useRoute } from '../store/url-route'

function clearLinkFromUrl(param?: string): void {
  clearHash()
  if (param) setParams({ [param]: null })
}

export async function openLinkFromUrl(): Promise<void> {
  const s = playgroundStore.getState()
  const route = useRoute.getState()
  if (route.view !== 'playground') return
  const hash = route.hash ? `#${route.hash}` : ''
  if (isShareHash(hash)) {
    const r = decodeShareLink(hash)
    clearLinkFromUrl()
    if (!r.ok) {
      const e = r.error
      if (e.kind === 'newer') s.notify('error', 'linkNewer', { version: e.version })
      else if (e.kind === 'damaged') s.notify('error', 'linkDamaged')
      else if (e.kind === 'too-large') s.notify('error', 'linkTooLarge')
      else s.notify('error', 'linkUnknown')
      return
    }
    await s.replaceWork(r.text, { source: 'share', mode: r.mode, kept: null, logPublishes: false })
    return
  }
  const inline = scenarioFromHash(hash)
  const fromQuery = route.params.scenario ?? null
  const compare = route.params.compare ?? null
  if (compare !== null) setParams({ compare: null })
  if (inline === null && fromQuery === null) {
    if (compare !== null) await compareWithLink(compare)
    return
  }
  let opened = false
  try {
    const text =
      inline !== null
        ? scenarioJsonToScript(base64UrlDecode(inline))
        : await fetchScenarioScript(fromQuery ?? '', document.baseURI)
    clearLinkFromUrl(inline !== null ? undefined : 'scenario')
    opened = await s.replaceWork(text, { source: 'scenario', kept: null })
  } catch (e) {
    clearLinkFromUrl(inline !== null ? undefined : 'scenario')
    s.notify('error', 'scenarioError', { detail: e instanceof ScenarioLinkError ? e.message : String(e) })
  }
  // A comparison belongs to the linked case: not made when the case failed or the learner kept their work.
  if (opened && compare !== null) await compareWithLink(compare)
}

/** `compare=`: the work against a public scenario (`scenarios/NAME.json`), or a notice saying why not. */
async function compareWithLink(name: string): Promise<void> {
  const s = playgroundStore.getState()
  try {
    const text = await fetchPublicScenarioScript(name, document.baseURI)
    s.setCompare({ kind: 'file', name, text })
  } catch (e) {
    s.notify('error', 'compareError', { detail: e instanceof ScenarioLinkError ? e.message : String(e) })
  }
}
