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
/** Languages whose texts have arrived, and those whose texts are in `cached` (ready to show). */
const arrived = new Set<Lang>()
const ready = new Set<Lang>()
const pending = new Map<Lang, Promise<void>>()
/** Builds run one after another, so the last one holds every language that has arrived. */
let building: Promise<void> = Promise.resolve()
let cached: { lessons: Lesson[]; errors: ContentError[] } | null = null
const read = (path: string) => json[ROOT + path] ?? text[ROOT + path] ?? scripts[ROOT + path]

/** The lessons as last prepared (with every language ready so far). */
export function loadLessons(): { lessons: Lesson[]; errors: ContentError[] } {
  if (!cached) throw new Error('prepareLessons() has not finished')
  return cached
}

/** Whether the lessons can be shown in `lang` (its texts are loaded and validated). */
export function hasLessonLanguage(lang: Lang): boolean {
  return ready.has(lang)
}

/**
 * Loads `lang`'s texts and validates the lessons one per task (so a phone's first load has no long
 * task for it); the view's chunk awaits it for the page's language, and the page asks again when the
 * learner switches language. Resolves once `lang` is ready; a failed download can be asked again.
 */
export function prepareLessons(lang: Lang): Promise<void> {
  let p = pending.get(lang)
  if (!p) {
    p = load(lang).catch((e: unknown) => {
      pending.delete(lang)
      throw e
    })
    pending.set(lang, p)
  }
  return p
}

async function load(lang: Lang): Promise<void> {
  Object.assign(text, await lessonTexts(lang))
  arrived.add(lang)
  building = building.then(async () => {
    const langs = LANGS.filter((l) => arrived.has(l))
    cached = await buildLessonsInSteps(manifest, read, () => new Promise((r) => setTimeout(r, 0)), langs)
    for (const l of langs) ready.add(l)
  })
  await building
}
