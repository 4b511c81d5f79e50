/**
 * The lesson content bundled by Vite from lessons/, validated when the lessons view loads. The
 * lesson.json files and scripts come with the view; each language's texts are a chunk of their own,
 * loaded for the language the page shows (a phone's first load carries one language, not two).
 */
import manifest from '../../lessons/manifest.json'
import { LANGS, type Lang } from '../i18n/language'
import type { ContentError, Lesson } from './content-types'
import { buildLessonsInSteps } from './content-validate'
import { lessonTexts } from './lesson-texts-load'

const ROOT = '../../lessons/'
// Only the lesson folders (NN-name): lessons/practice, levels and timeline belong to other views, and
// a wider pattern put all of them into this view's first load.
const json = import.meta.glob<unknown>('../../lessons/[0-9][0-9]-*/*.json', {
  eager: true,
  import: 'default',
})
const scripts = import.meta.glob<string>('../../lessons/[0-9][0-9]-*/*.amqp', {
  eager: true,
  query: '?raw',
  import: 'default',
})

const text: Record<string, string> = {}
const loaded = new Set<Lang>()
let cached: { lessons: Lesson[]; errors: ContentError[] } | null = null
const read = (path: string) => json[ROOT + path] ?? text[ROOT + path] ?? scripts[ROOT + path]

/** The lessons as last prepared (with every language loaded so far). */
export function loadLessons(): { lessons: Lesson[]; errors: ContentError[] } {
  if (!cached) throw new Error('prepareLessons() has not finished')
  return cached
}

export function hasLessonLanguage(lang: Lang): boolean {
  return loaded.has(lang)
}

/**
 * Loads `lang`'s texts and validates the lessons one per task (so a phone's first load has no long
 * task for it); the view's chunk awaits it for the page's language, and the page asks again when the
 * learner switches language. Resolves at once when that language is ready.
 */
export async function prepareLessons(lang: Lang): Promise<void> {
  if (loaded.has(lang) && cached) return
  Object.assign(text, await lessonTexts(lang))
  loaded.add(lang)
  const langs = LANGS.filter((l) => loaded.has(l))
  cached = await buildLessonsInSteps(manifest, read, () => new Promise((r) => setTimeout(r, 0)), langs)
}
