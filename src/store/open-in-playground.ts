/**
 * The door other features (lessons, practice) use to open a case in the playground:
 *   await openInPlayground(scenarioOrScriptText, { run: true })
 * It switches to the playground view, asks before discarding unsaved work, loads the case and runs
 * it; its publishes go to the message log (unless `run: false`). Resolves false when the user kept
 * their work.
 */
import type { Scenario } from '../engine'
import { ensurePipeline, playgroundStore } from './app-store'
import { scenarioToScript } from './scenario-link'
import { navigate } from './url-route'

export async function openInPlayground(
  scenario: Scenario | string,
  opts: { run?: boolean; source?: string } = {},
): Promise<boolean> {
  const text = typeof scenario === 'string' ? scenario : scenarioToScript(scenario)
  navigate('playground')
  ensurePipeline()
  return playgroundStore
    .getState()
    .replaceWork(text, { source: opts.source ?? 'link', kept: null, logPublishes: opts.run !== false })
}
