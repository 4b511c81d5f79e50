/**
 * The shipped levels: one JSON file per chapter under lessons/levels/ (NN-name.json, in map order),
 * validated by the level schema when first used. A bad chapter is left out and reported with its
 * file and path (the content tests fail on any), the rest still loads.
 */
import { type ContentError, type ReadText, schemaError } from '../content/errors'
import { SchemaError } from '../content/schema'
import { checkChapter } from './level-schema'
import type { Chapter, Level } from './level-types'

/** Files by name (`01-direct.json`) → parsed JSON; the app passes Vite's bundle, the tests the disk. */
export function buildLevels(
  files: Readonly<Record<string, unknown>>,
  text?: ReadText,
): { chapters: Chapter[]; errors: ContentError[] } {
  const chapters: Chapter[] = []
  const errors: ContentError[] = []
  const ids = new Set<string>()
  for (const file of Object.keys(files).sort()) {
    try {
      const c = checkChapter(files[file], '')
      for (const [i, l] of c.levels.entries()) {
        if (ids.has(l.id)) throw new SchemaError(`levels[${i}].id`, `level "${l.id}" is defined twice`)
        ids.add(l.id)
      }
      chapters.push(c)
    } catch (e) {
      if (!(e instanceof SchemaError)) throw e
      errors.push(schemaError(file, e, text))
    }
  }
  return { chapters, errors }
}

const bundled = import.meta.glob<unknown>('../../lessons/levels/*.json', { eager: true, import: 'default' })
const byName: Record<string, unknown> = {}
for (const [path, json] of Object.entries(bundled)) byName[path.slice(path.lastIndexOf('/') + 1)] = json

const loaded = buildLevels(byName)
export const CHAPTERS: readonly Chapter[] = loaded.chapters
export const LEVEL_ERRORS: readonly ContentError[] = loaded.errors
export const LEVELS: readonly Level[] = CHAPTERS.flatMap((c) => c.levels)
