/** Which lesson and step are open: the lessons view's URL parameters `lesson=ID&step=N` (N from 1). */
import { type RouteParams, setParams } from '../store/url-route'

export function readLessonLocation(params: RouteParams): { lesson: string | null; step: number } {
  const step = Number.parseInt(params.step ?? '1', 10)
  return { lesson: params.lesson ?? null, step: Number.isFinite(step) && step > 0 ? step - 1 : 0 }
}

/** Each step is a history entry, so Back returns to the previous step; the first visit only fills in. */
export function writeLessonLocation(lesson: string, step: number, opts: { push: boolean }): void {
  setParams({ lesson, step: String(step + 1) }, opts)
}
