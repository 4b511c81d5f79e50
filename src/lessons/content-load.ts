/** The lesson content bundled by Vite from lessons/, validated once when the lessons view loads. */
import manifest from '../../lessons/manifest.json'
import type { ContentError, Lesson } from './content-types'
import { buildLessons, buildLessonsInSteps } from './content-validate'

const ROOT = '../../lessons/'
// Only the lesson folders (NN-name): lessons/practice, levels and timeline belong to other views, and
// a wider pattern put all of them into this view's first load.
const json = import.meta.glob<unknown>('../../lessons/[0-9][0-9]-*/*.json', { eager: true, import: 'default' })
const text = import.meta.glob<string>('../../lessons/[0-9][0-9]-*/*.md', {
  eager: true,
  query: '?raw',
  import: 'default',
})
const scripts = import.meta.glob<string>('../../lessons/[0-9][0-9]-*/*.amqp', {
  eager: true,
  query: '?raw',
  import: 'default',
})

let cached: { lessons: Lesson[]; errors: ContentError[] } | null = null
const read = (path: string) => json[ROOT + path] ?? text[ROOT + path] ?? scripts[ROOT + path]

export function loadLessons(): { lessons: Lesson[]; errors: ContentError[] } {
  cached ??= buildLessons(manifest, read)
  return cached
}

/**
 * Validates the lessons one per task before the view first renders (lessons-page awaits it), so a
 * phone's first load has no long task for it; loadLessons then returns the result at once.
 */
export async function prepareLessons(): Promise<void> {
  if (cached) return
  const built = await buildLessonsInSteps(manifest, read, () => new Promise((r) => setTimeout(r, 0)))
  cached ??= built
}
