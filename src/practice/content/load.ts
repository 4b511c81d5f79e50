/** The practice content bundled by Vite from lessons/practice/, validated once when first used. */
import { buildPracticeContent, type PracticeContent } from './build'
import type { ContentError } from './types'

const ROOT = '../../../lessons/practice/'
const json = import.meta.glob<unknown>('../../../lessons/practice/**/*.json', {
  eager: true,
  import: 'default',
})
const text = import.meta.glob<string>('../../../lessons/practice/code/*.txt', {
  eager: true,
  query: '?raw',
  import: 'default',
})

const loaded = buildPracticeContent((path) => json[ROOT + path] ?? text[ROOT + path])

export const CONTENT: PracticeContent = loaded.content
export const CONTENT_ERRORS: readonly ContentError[] = loaded.errors
export const QUESTIONS = CONTENT.questions
export const PREDICT = CONTENT.predict
export const HOMEWORK = CONTENT.homework
export const KNOWLEDGE_POINTS = CONTENT.points
export const CODE_EXERCISES = CONTENT.code
