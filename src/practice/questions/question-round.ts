/**
 * One attempt at a choice or ordering question, as data (kept in progress so a reload resumes it):
 * a first wrong answer gets the hint, the second one ends the attempt with the answer shown.
 */
import type { QuestionRound } from '../progress/progress-types'

/** Wrong answers after which the answer is shown. */
export const WRONG_BEFORE_ANSWER = 2

export function freshRound(seed: number): QuestionRound {
  return { seed, tried: [], wrong: 0 }
}

/** The round after a graded answer; `chosen` is the option tried (choice questions). */
export function answerRound(round: QuestionRound, ok: boolean, chosen: string | null): QuestionRound {
  if (round.end) return round
  if (ok) return { ...round, end: 'right' }
  const tried = chosen && !round.tried.includes(chosen) ? [...round.tried, chosen] : round.tried
  const wrong = round.wrong + 1
  return wrong >= WRONG_BEFORE_ANSWER ? { ...round, tried, wrong, end: 'shown' } : { ...round, tried, wrong }
}

/** The learner asked for the answer. */
export function showRound(round: QuestionRound): QuestionRound {
  return round.end ? round : { ...round, end: 'shown' }
}

/** The hint is on screen after exactly one wrong answer, while the attempt is open. */
export function showsHint(round: QuestionRound): boolean {
  return !round.end && round.wrong === 1
}
