/** Runs a lesson step through the engine: its scenario, or its script in time order. */
import { type RunResult, runOperations, runScenario } from '../engine'
import type { LessonStep } from './content-types'

export function runStep(step: LessonStep): RunResult | null {
  if (step.scenario) return runScenario(step.scenario)
  if (step.script) return runOperations(step.script.ops, step.script.profile)
  return null
}
