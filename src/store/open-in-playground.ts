/**
 * The door other features (lessons, practice) use to open a case in the playground:
 *   await openInPlayground(scenarioOrScriptText, { run: true })
 * It switches to the playground view, asks before discarding unsaved work, loads the case and runs
 * it; its publishes go to the message log (unless `run: false`). Resolves false when the user kept
 * their work. With `compare`, the loaded case is compared with that text ("Compare with…": the
 * diff is listed and drawn on the diagram), as the `compare=` link does.
 */
import type { Scenario } from '../engine'
import { ensurePipeline, playgroundStore } from './app-store'
import { scenarioToScript } from './scenario-link'
import { navigate } from './url-route'

export async function openInPlayground(
  scenario: Scenario | string,
  opts: { run?: boolean; source?: string; compare?: { name: string; text: string } } = {},
): Promise<boolean> {
  const text = typeof scenario === 'string' ? scenario : scenarioToScript(scenario)
  navigate('playground')
  ensurePipeline()
  const s = playgroundStore.getState()
  const opened = await s.replaceWork(text, {
    source: opts.source ?? 'link',
    kept: null,
    logPublishes: opts.run !== false,
  })
  if (opened && opts.compare) s.setCompare({ kind: 'file', ...opts.compare })
  return opened
}
