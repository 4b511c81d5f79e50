/**
 * Turns the raw files of lessons/practice/ into validated content. Pure: the app feeds it Vite's
 * bundled files, the content tests feed it the disk. A bad item is left out and reported with its
 * file and path; the rest still loads.
 */

import { type ReadText, schemaError } from '../../content/errors'
import { type Check, isObject, SchemaError } from '../../content/schema'
import { LANGS } from '../../i18n/language'
import { codeExercise, homework, knowledgePoint, predict, question } from './checks'
import type {
  CodeExercise,
  ContentError,
  HomeworkTask,
  KnowledgePoint,
  L10n,
  PredictExercise,
  Question,
} from './types'

/** Reads a file by its path under lessons/practice/: JSON parsed, text as a string, undefined if absent. */
export type ReadFile = (path: string) => unknown | undefined

export interface PracticeContent {
  questions: Question[]
  predict: PredictExercise[]
  homework: HomeworkTask[]
  points: KnowledgePoint[]
  code: CodeExercise[]
}

/** The items of `file`'s top-level array `key`, each checked on its own. */
function items<T extends { id: string }>(
  read: ReadFile,
  file: string,
  key: string,
  check: Check<T>,
  errors: ContentError[],
  text?: ReadText,
): T[] {
  const raw = read(file)
  if (raw === undefined) {
    errors.push({ file, message: 'missing' })
    return []
  }
  if (!isObject(raw) || !Array.isArray(raw[key]) || Object.keys(raw).length !== 1) {
    const extra = isObject(raw) ? Object.keys(raw).find((k) => k !== key) : undefined
    const e = new SchemaError(extra ?? '', `expected { "${key}": [ … ] }`)
    errors.push(schemaError(file, e, text, extra ? `${extra}: unknown field (${e.detail})` : e.detail))
    return []
  }
  const out: T[] = []
  ;(raw[key] as unknown[]).forEach((v, i) => {
    const at = `${key}[${i}]`
    try {
      out.push(check(v, at))
    } catch (e) {
      if (!(e instanceof SchemaError)) throw e
      const id = isObject(v) && typeof v.id === 'string' ? ` (${v.id})` : ''
      errors.push(schemaError(file, e, text, `${e.path.replace(at, `${at}${id}`)}: ${e.detail}`))
    }
  })
  return out
}

function codeFiles(read: ReadFile, errors: ContentError[]) {
  return (raw: ReturnType<typeof codeExercise>): CodeExercise | null => {
    const text = (name: string): string | null => {
      const file = `code/${raw.id}.${name}.txt`
      const t = read(file)
      if (typeof t === 'string' && t.trim() !== '') return t
      errors.push({ file, message: `missing (named by code exercise "${raw.id}")` })
      return null
    }
    const starter: Partial<L10n> = {}
    for (const lang of LANGS) starter[lang] = text(`starter.${lang}`) ?? undefined
    const solution = text('solution')
    if (!starter.en || !starter['zh-CN'] || !solution) return null
    return { ...raw, starter: starter as L10n, solution }
  }
}

/** With `text` (a JSON file's text by its path), each schema problem also has its line and column. */
export function buildPracticeContent(
  read: ReadFile,
  text?: ReadText,
): { content: PracticeContent; errors: ContentError[] } {
  const errors: ContentError[] = []
  const content: PracticeContent = {
    questions: items(read, 'questions.json', 'questions', question, errors, text),
    predict: items(read, 'predict.json', 'predict', predict, errors, text),
    homework: items(read, 'homework.json', 'homework', homework, errors, text),
    points: items(read, 'knowledge-points.json', 'points', knowledgePoint, errors, text),
    code: items(read, 'code/exercises.json', 'exercises', codeExercise, errors, text)
      .map(codeFiles(read, errors))
      .filter((x): x is CodeExercise => x !== null),
  }
  const pointIds = new Set(content.points.map((p) => p.id))
  content.homework.forEach((h, i) => {
    for (const [j, id] of h.points.entries())
      if (!pointIds.has(id))
        errors.push({
          file: 'homework.json',
          message: `homework[${i}] (${h.id}).points[${j}]: "${id}" is not in knowledge-points.json`,
        })
  })
  // Links and progress find an exercise by its id alone, so ids are unique across all files.
  const seen = new Map<string, string>()
  for (const [file, list] of [
    ['questions.json', content.questions],
    ['predict.json', content.predict],
    ['homework.json', content.homework],
    ['code/exercises.json', content.code],
  ] as const)
    for (const item of list) {
      const first = seen.get(item.id)
      if (first) errors.push({ file, message: `id "${item.id}" is already used in ${first}` })
      else seen.set(item.id, file)
    }
  return { content, errors }
}
