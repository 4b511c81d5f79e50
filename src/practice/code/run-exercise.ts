/** Runs an exercise's planned calls in the sandbox and grades them against the engine. */
import type { CodeExercise } from '../content/types'
import { randomSeed } from '../generator/rng'
import type { RunOutcome } from '../sandbox/protocol'
import { runInSandbox, type WorkerLike } from '../sandbox/sandbox-runner'
import { type CaseReport, gradeCall } from './grade-code'
import { type PlannedCall, planRun } from './hidden-cases'

export type ExerciseRun =
  | {
      kind: 'graded'
      reports: CaseReport[]
      passed: number
      total: number
      /** Only the first failing case is shown, after the run: one at a time. */
      firstFailure: CaseReport | null
    }
  | { kind: 'timeout'; ms: number }
  | { kind: 'load-error'; error: string }

export function gradeOutcome(ex: CodeExercise, plan: PlannedCall[], outcome: RunOutcome): ExerciseRun {
  if (outcome.kind !== 'done') return outcome
  const reports = plan.map((c, i) => {
    const result = outcome.results[i] ?? { ok: false as const, error: 'no result', ms: 0 }
    return gradeCall(ex, c, result)
  })
  const passed = reports.filter((r) => r.pass).length
  return {
    kind: 'graded',
    reports,
    passed,
    total: reports.length,
    firstFailure: reports.find((r) => !r.pass) ?? null,
  }
}

/** One run: a fresh seed (unless given) generates this run's hidden cases. */
export async function runExercise(
  ex: CodeExercise,
  js: string,
  options: { seed?: number; limitMs?: number; makeWorker?: () => WorkerLike } = {},
): Promise<ExerciseRun> {
  const plan = planRun(ex, options.seed ?? randomSeed())
  const outcome = await runInSandbox({ code: js, entry: ex.entry, calls: plan.map((c) => c.args) }, options)
  return gradeOutcome(ex, plan, outcome)
}
