/** Runs an exercise's calls in the sandbox and grades them against the engine. */
import type { CodeExercise } from '../content/types'
import type { RunOutcome } from '../sandbox/protocol'
import { runInSandbox, type WorkerLike } from '../sandbox/sandbox-runner'
import { allCalls, type CaseReport, gradeCall } from './grade-code'

export type ExerciseRun =
  | { kind: 'graded'; reports: CaseReport[]; passed: number; total: number; firstFailure: CaseReport | null }
  | { kind: 'timeout'; ms: number }
  | { kind: 'load-error'; error: string }

export function gradeOutcome(ex: CodeExercise, outcome: RunOutcome): ExerciseRun {
  if (outcome.kind !== 'done') return outcome
  const calls = allCalls(ex)
  const reports = calls.map((c, i) => {
    const result = outcome.results[i] ?? { ok: false as const, error: 'no result', ms: 0 }
    return gradeCall(ex, c.args, result, c.hidden)
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

export async function runExercise(
  ex: CodeExercise,
  js: string,
  options: { limitMs?: number; makeWorker?: () => WorkerLike } = {},
): Promise<ExerciseRun> {
  const outcome = await runInSandbox(
    { code: js, entry: ex.entry, calls: allCalls(ex).map((c) => c.args) },
    options,
  )
  return gradeOutcome(ex, outcome)
}
