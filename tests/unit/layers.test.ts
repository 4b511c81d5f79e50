// The folders of src form layers and imports only go down (docs/architecture.md):
//   engine ← storage, labkit ← worker, i18n, components ← store ← diagram, editor, explain, observe
//   ← features (playground, lessons, practice, timeline, lab) ← app ← main.tsx
// Folders on one layer do not import each other; features reach one another only through the
// store (openInPlayground, url-route). Biome's noRestrictedImports gives the same message in the editor;
// this test resolves every specifier, so it also tells src/lessons from the content folder lessons/.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { files, specifiers } from './support/source-imports'

const SRC = resolve('src')
const LAYER: Record<string, number> = {
  engine: 0,
  sw: 0, // the service worker: a program of its own that imports nothing
  storage: 1,
  labkit: 1,
  worker: 2,
  i18n: 2,
  components: 2,
  store: 3,
  diagram: 4,
  editor: 4,
  explain: 4,
  observe: 4,
  playground: 5,
  lessons: 5,
  practice: 5,
  timeline: 5,
  lab: 5,
  app: 6,
  '(root)': 7,
}

/** The top-level folder of src a path (file or folder) lies in, '(root)' for src's own files, null outside. */
function folderOf(path: string): string | null {
  const rel = relative(SRC, path)
  if (rel.startsWith('..')) return null
  const parts = rel.split(sep)
  const isFolder = existsSync(path) && statSync(path).isDirectory() // `from '../engine'` is the folder's index
  return parts.length === 1 && !isFolder ? '(root)' : (parts[0] as string)
}

/** Why `from` may not import `to`, or null when it may. */
function layerViolation(from: string, to: string): string | null {
  if (from === to) return null
  const a = LAYER[from]
  const b = LAYER[to]
  if (a === undefined || b === undefined) return `src/${a === undefined ? from : to} has no layer`
  if (b > a) return `src/${from} imports upward from src/${to}`
  if (b === a) return `src/${from} and src/${to} are one layer and do not import each other`
  return null
}

describe('layers', () => {
  const all = files(SRC)

  it('every folder of src has a layer', () => {
    const folders = new Set(all.map(folderOf))
    for (const f of folders) expect(LAYER[f as string], `src/${f} has no layer`).toBeDefined()
  })

  it.each(all.map((f) => [relative(SRC, f), f]))('%s imports only downward', (_name, file) => {
    const from = folderOf(file) as string
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue
      const to = folderOf(resolve(dirname(file), spec))
      if (to === null) continue // content (lessons/), package.json: data, not layers
      expect(layerViolation(from, to), spec).toBeNull()
    }
  })

  it('the check can fail', () => {
    expect(layerViolation('store', 'app')).toMatch(/upward/)
    expect(layerViolation('practice', 'lessons')).toMatch(/one layer/)
    expect(layerViolation('playground', 'store')).toBeNull()
    expect(layerViolation('i18n', 'storage')).toBeNull()
    expect(layerViolation('storage', 'store')).toMatch(/upward/)
    expect(folderOf(resolve('lessons/practice/questions.ts'))).toBeNull()
    expect(folderOf(resolve('src/lessons/lesson-view.tsx'))).toBe('lessons')
  })
})
