/**
 * Level progress lives in the practice progress store (and so in its export file): one entry per
 * level under `level:<id>`. A check that solves records `passed` with score 2 at par or 1 above par
 * (maxScore 2); a check that does not records `failed`; "show solution" records the answer as shown,
 * after which the level can no longer count as solved (the store's own rule).
 */
import { useProgress } from '../practice/progress/progress-store'
import type { LevelGrade } from './grade'

const progressId = (levelId: string) => `level:${levelId}`

export type LevelStatus = 'at-par' | 'solved' | 'seen' | 'tried' | 'new'

export function useLevelStatus(levelId: string): LevelStatus {
  const e = useProgress((s) => s.progress.entries[progressId(levelId)])
  if (!e) return 'new'
  if (e.status === 'passed') return (e.bestScore ?? 0) >= 2 ? 'at-par' : 'solved'
  if (e.answerShown) return 'seen'
  return 'tried'
}

export function recordCheck(levelId: string, grade: LevelGrade): void {
  useProgress
    .getState()
    .record(
      progressId(levelId),
      grade.solved
        ? { status: 'passed', score: grade.atPar ? 2 : 1, maxScore: 2 }
        : { status: 'failed', maxScore: 2 },
    )
}

export function recordSolutionShown(levelId: string): void {
  useProgress.getState().answerShown(progressId(levelId))
}

export function solutionWasShown(levelId: string): boolean {
  return useProgress.getState().progress.entries[progressId(levelId)]?.answerShown === true
}
