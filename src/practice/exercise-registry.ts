/** Every exercise id the practice view knows, resolved to its content (used by links and progress). */
import { CODE_EXERCISES, HOMEWORK, PREDICT, QUESTIONS } from './content/load'
import type { CodeExercise, HomeworkTask, PredictExercise, Question } from './content/types'
import { type GeneratedQuestion, parseQuestionId } from './generator/generate'

export type ResolvedExercise =
  | { kind: 'predict'; item: PredictExercise }
  | { kind: 'generated'; item: GeneratedQuestion }
  | { kind: 'question'; item: Question }
  | { kind: 'code'; item: CodeExercise }
  | { kind: 'homework'; item: HomeworkTask }

export function resolveExercise(id: string): ResolvedExercise | null {
  const predict = PREDICT.find((p) => p.id === id)
  if (predict) return { kind: 'predict', item: predict }
  const question = QUESTIONS.find((q) => q.id === id)
  if (question) return { kind: 'question', item: question }
  const code = CODE_EXERCISES.find((c) => c.id === id)
  if (code) return { kind: 'code', item: code }
  const hw = HOMEWORK.find((h) => h.id === id)
  if (hw) return { kind: 'homework', item: hw }
  const gen = parseQuestionId(id)
  return gen ? { kind: 'generated', item: gen } : null
}

/** Ids of the fixed exercises, in the order the progress table lists them. */
export const FIXED_IDS: string[] = [
  ...PREDICT.map((p) => p.id),
  ...QUESTIONS.map((q) => q.id),
  ...CODE_EXERCISES.map((c) => c.id),
  ...HOMEWORK.map((h) => h.id),
]
