import type { RunResult, Scenario } from '../../../src/engine'
import * as engine from '../../../src/engine'

type RunScenario = (scenario: Scenario) => RunResult

/**
 * The engine's `runScenario`, looked up at run time so this suite type-checks and fails with a
 * clear message while the engine is still being written.
 */
export function engineRunScenario(): RunScenario {
  const fn = (engine as unknown as { runScenario?: RunScenario }).runScenario
  if (typeof fn !== 'function') throw new Error('src/engine/index.ts does not export runScenario yet')
  return fn
}
