/**
 * On opening the playground: a share link (`#v1/edit|view/…`), a `#scenario=` case or a
 * `?scenario=URL` case is loaded (asking first if there is unsaved work). The hash is cleared once
 * handled so a reload shows the saved work instead of asking again.
 */
import { playgroundStore } from '../store/app-store'
import {
  base64UrlDecode,
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
  if (inline === null && fromQuery === null) return
  try {
    const text =
      inline !== null
        ? scenarioJsonToScript(base64UrlDecode(inline))
        : await fetchScenarioScript(fromQuery ?? '', document.baseURI)
    clearLinkFromUrl(inline !== null ? undefined : 'scenario')
    await s.replaceWork(text, { source: 'scenario', kept: null })
  } catch (e) {
    clearLinkFromUrl(inline !== null ? undefined : 'scenario')
    s.notify('error', 'scenarioError', { detail: e instanceof ScenarioLinkError ? e.message : String(e) })
  }
}
