/** The lesson content bundled by Vite from lessons/, validated once when the lessons view loads. */
import manifest from '../../lessons/manifest.json'
import type { ContentError, Lesson } from './content-types'
import { buildLessons } from './content-validate'

const ROOT = '../../lessons/'
const json = import.meta.glob<unknown>('../../lessons/*/*.json', { eager: true, import: 'default' })
const text = import.meta.glob<string>('../../lessons/*/*.md', {
  eager: true,
  query: '?raw',
  import: 'default',
})
const scripts = import.meta.glob<string>('../../lessons/*/*.amqp', {
  eager: true,
  query: '?raw',
  import: 'default',
})

let cached: { lessons: Lesson[]; errors: ContentError[] } | null = null

export function loadLessons(): { lessons: Lesson[]; errors: ContentError[] } {
  cached ??= buildLessons(manifest, (path) => json[ROOT + path] ?? text[ROOT + path] ?? scripts[ROOT + path])
  return cached
}
