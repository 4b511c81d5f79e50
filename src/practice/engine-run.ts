/**
 * The practice feature's single door to the routing engine. The engine is a set of pure functions,
 * so questions are answered synchronously on the main thread (they are tiny scenarios); nothing here
 * re-implements routing.
 */
import { type PublishExplanation, type RunResult, runScenario, type Scenario } from '../engine'

export { runScenario }

/** The one publish a practice scenario contains, explained by the engine. */
export function explainOnly(scenario: Scenario): { run: RunResult; publish: PublishExplanation } {
  const run = runScenario(scenario)
  const publish = run.publishes[0]
  if (!publish) {
    const err = run.result.errors[0]
    throw new Error(err ? `${err.stage} ${err.id}: ${err.code} ${err.text}` : 'The scenario has no publish')
  }
  return { run, publish }
}
