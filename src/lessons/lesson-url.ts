/** Which lesson and step are open, kept in the query (`?view=lessons&lesson=ID&step=N`, N from 1). */

export function readLessonLocation(search: string): { lesson: string | null; step: number } {
  const q = new URLSearchParams(search)
  const step = Number.parseInt(q.get('step') ?? '1', 10)
  return { lesson: q.get('lesson'), step: Number.isFinite(step) && step > 0 ? step - 1 : 0 }
}

export function writeLessonLocation(lesson: string, step: number): void {
  const url = new URL(window.location.href)
  url.searchParams.set('lesson', lesson)
  url.searchParams.set('step', String(step + 1))
  window.history.replaceState(window.history.state, '', url)
}
