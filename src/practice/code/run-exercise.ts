/**
 * Runs an exercise's planned calls in the sandbox, then grades them against the engine in a second
 * Worker (a 200,000-row answer must not freeze the page), each step under the same time limit.
 */
import type { CodeExercise } from '../content/types'
import { randomSeed } from '../generator/rng'
import type { WorkerLike } from '../sandbox/frame-host'
import { decodeResult, type LoadError, type RunOutcome } from '../sandbox/protocol'
import { DEFAULT_LIMIT_MS, runInSandbox, runOnce } from '../sandbox/sandbox-runner'
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
  /** The answer came back but checking it against the engine took longer than the limit. */
  | { kind: 'grade-timeout'; ms: number }
  | LoadError

/** What the grader Worker receives: the exercise, this run's planned calls and the sandbox's reply. */
export interface GradeJob {
  ex: CodeExercise
  plan: PlannedCall[]
  outcome: RunOutcome
}

export function gradeOutcome(ex: CodeExercise, plan: PlannedCall[], outcome: RunOutcome): ExerciseRun {
  if (outcome.kind !== 'done') return outcome
  const reports = plan.map((c, i) => {
    const wire = outcome.results[i]
    const result = wire ? decodeResult(wire) : { ok: false as const, error: 'no result', ms: 0 }
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

function defaultGrader(): WorkerLike {
  return new Worker(new URL('./grade.worker.ts', import.meta.url), {
    type: 'module',
    name: 'practice-grader',
  })
}

/** One run: a fresh seed (unless given) generates this run's hidden cases. */
export async function runExercise(
  ex: CodeExercise,
  js: string,
  options: {
    seed?: number
    limitMs?: number
    makeWorker?: () => WorkerLike
    makeGrader?: () => WorkerLike
  } = {},
): Promise<ExerciseRun> {
  const plan = planRun(ex, options.seed ?? randomSeed())
  const outcome = await runInSandbox({ code: js, entry: ex.entry, calls: plan.map((c) => c.args) }, options)
  if (outcome.kind !== 'done') return outcome
  const limitMs = options.limitMs ?? DEFAULT_LIMIT_MS
  const job: GradeJob = { ex, plan, outcome }
  return runOnce<ExerciseRun>(
    (options.makeGrader ?? defaultGrader)(),
    job,
    limitMs,
    (data) => data as ExerciseRun,
    () => ({ kind: 'grade-timeout', ms: limitMs }),
    (error) => ({ kind: 'load-error', error, why: { code: 'no-start' } }),
  )
}
