// The folders of src form layers and imports only go down; no import cycle (docs/architecture.md,
// "Layers"). The table and the checks live in scripts/import-graph.ts, which `npm run lint` runs too;
// this test shows the tree passes and that every rule can fail.
import { relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  cycleProblems,
  cycles,
  type Edge,
  folderOf,
  IMPORTS_NOTHING,
  importGraph,
  importProblems,
  importsOf,
  KNOWN_CYCLES,
  KNOWN_TYPE_CYCLES,
  LAYER,
  layerProblems,
  layerViolation,
  resolveSpec,
} from '../../scripts/import-graph'

const graph = importGraph()
const edge = (from: string, spec: string, kind: Edge['kind'] = 'value'): Edge => {
  const file = resolve(from)
  return { from: file, to: resolveSpec(spec, file) ?? spec, spec, kind }
}

describe('layers and cycles', () => {
  it('every folder of src has a layer', () => {
    const folders = new Set(graph.files.map(folderOf).filter((f) => f !== null))
    expect(folders.size).toBeGreaterThan(15)
    for (const f of folders) expect(LAYER[f as string], `src/${f} has no layer`).toBeDefined()
  })

  // One test per file of src, as before the checks moved to scripts/import-graph.ts.
  const srcFiles = graph.files.filter((f) => folderOf(f) !== null)
  it.each(srcFiles.map((f) => [relative(resolve('src'), f), f]))('%s imports only downward', (_n, file) => {
    expect(layerProblems(graph.edges.filter((e) => e.from === file))).toEqual([])
  })

  it('the tree keeps every rule, and has no cycle but the listed ones', () => {
    expect(graph.edges.length).toBeGreaterThan(1000)
    expect(importProblems(graph)).toEqual([])
  })

  it('every exception says why', () => {
    for (const k of [...KNOWN_CYCLES, ...KNOWN_TYPE_CYCLES]) expect(k.reason.length).toBeGreaterThan(20)
  })

  it('a layer breach fails', () => {
    expect(layerViolation('store', 'app')).toMatch(/upward/)
    expect(layerViolation('practice', 'lessons')).toMatch(/one layer/)
    expect(layerViolation('storage', 'engine')).toMatch(/one layer/)
    expect(layerViolation('playground', 'store')).toBeNull()
    expect(layerViolation('i18n', 'storage')).toBeNull()
    expect(layerProblems([edge('src/store/app-store.ts', '../app/views')])).toEqual([
      "src/store/app-store.ts: '../app/views': src/store imports upward from src/app",
    ])
    // Resolved paths: src/lessons is a feature, the content folder lessons/ is data.
    expect(layerProblems([edge('src/practice/answer.ts', '../../lessons/practice/questions')])).toEqual([])
    expect(layerProblems([edge('src/practice/answer.ts', '../lessons/lesson-view')])).toHaveLength(1)
    // A Worker started from another folder is a layer edge too.
    expect(
      layerProblems([edge('src/engine/broker/types.ts', '../../worker/engine.worker.ts', 'worker')]),
    ).toHaveLength(1)
  })

  it('the service worker imports nothing, not even a package', () => {
    expect(IMPORTS_NOTHING.has('sw')).toBe(true)
    expect(layerProblems([edge('src/sw/service-worker.ts', 'react')])).toHaveLength(1)
  })

  it('finds every kind of import, and tells types from run time', () => {
    const text = [
      "import a from './a'",
      "import type { B } from './b'",
      "import { type C } from './c'",
      "import { type D, d } from './d'",
      "export { e } from './e'",
      "export type { F } from './f'",
      "import './g.css'",
      "const h = () => import('./h')",
      "type I = import('./i').I",
      "new Worker(new URL('./j.worker.ts', import.meta.url))",
      "// import k from './k'",
      'const l = "import m from \'./m\'"',
    ].join('\n')
    expect(importsOf('x.ts', text)).toEqual([
      { spec: './a', kind: 'value' },
      { spec: './b', kind: 'type' },
      { spec: './c', kind: 'type' },
      { spec: './d', kind: 'value' },
      { spec: './e', kind: 'value' },
      { spec: './f', kind: 'type' },
      { spec: './g.css', kind: 'value' },
      { spec: './h', kind: 'dynamic' },
      { spec: './i', kind: 'type' },
      { spec: './j.worker.ts', kind: 'worker' },
    ])
  })

  it('a cycle fails, a listed one that is gone fails too', () => {
    const e = (from: string, to: string): Edge => ({
      from: resolve(from),
      to: resolve(to),
      spec: to,
      kind: 'value',
    })
    const found = cycles([
      e('a.ts', 'b.ts'),
      e('b.ts', 'c.ts'),
      e('c.ts', 'a.ts'),
      e('c.ts', 'd.ts'),
      e('d.ts', 'd.ts'),
    ])
    expect(found).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']])
    expect(cycles([e('a.ts', 'b.ts'), e('b.ts', 'c.ts')])).toEqual([])
    expect(cycleProblems(found, [{ files: ['c.ts', 'b.ts', 'a.ts'] }], 'cycle')).toEqual([
      'cycle: d.ts → (back)',
    ])
    expect(cycleProblems([], [{ files: ['x.ts', 'y.ts'] }], 'cycle')[0]).toMatch(/is gone/)
  })

  it('a run-time cycle is told from one through types', () => {
    const problems = importProblems({
      files: [],
      edges: [
        edge('src/lab-core/diff.ts', './explain'),
        edge('src/lab-core/explain.ts', './diff'),
        edge('src/lab-core/plan.ts', './observation', 'type'),
        edge('src/lab-core/observation.ts', './plan'),
      ],
    })
    // (The known cycles are missing from this small graph, so each is reported gone as well.)
    expect(problems.filter((p) => !p.includes('is gone'))).toEqual([
      'import cycle at run time: src/lab-core/diff.ts → src/lab-core/explain.ts → (back)',
      'import cycle through types or import(): src/lab-core/observation.ts → src/lab-core/plan.ts → (back)',
    ])
    expect(problems.filter((p) => p.includes('is gone'))).toHaveLength(KNOWN_CYCLES.length)
  })
})
