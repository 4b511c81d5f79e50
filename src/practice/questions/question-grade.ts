/** Grading of choice and ordering questions; a pattern question asks the engine which option is right. */

import { engineMatches } from '../code/expected'
import type { ChoiceQuestion, OrderQuestion } from '../content/types'

/** The right option ids of a choice question (engine-computed when it has a topic pattern). */
export function correctOptions(q: ChoiceQuestion): string[] {
  if (q.topicPattern !== undefined) {
    const pattern = q.topicPattern
    return q.options.filter((o) => engineMatches(pattern, o.id)).map((o) => o.id)
  }
  return q.correct ? [q.correct] : []
}

export function gradeChoice(q: ChoiceQuestion, chosen: string): boolean {
  return correctOptions(q).includes(chosen)
}

export function gradeOrder(
  q: OrderQuestion,
  order: readonly string[],
): { correct: boolean; inPlace: number } {
  const want = q.items.map((i) => i.id)
  const inPlace = want.filter((id, i) => order[i] === id).length
  return { correct: inPlace === want.length && order.length === want.length, inPlace }
}
