/**
 * The one check of how the source tree imports itself (docs/architecture.md, "Layers"): the layer
 * table of src's folders and the import cycles, both over resolved paths (TypeScript's own module
 * resolution, so `../lessons` from src is told apart from the content folder lessons/). Biome keeps
 * only the package bans (no React in the engine, …); every rule about our own folders lives here.
 *
 * `npm run lint` runs this file (`tsx scripts/import-graph.ts`); tests/unit/layers.test.ts proves
 * each rule can fail.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

/**
 * Layers, bottom up; a folder imports only from a lower layer, never from its own layer (so features
 * reach one another only through the store: openInPlayground, url-route).
 */
export const LAYER: Readonly<Record<string, number>> = {
  engine: 0, // every routing fact, pure TypeScript
  storage: 0, // the one door to localStorage, under everything: it imports nothing of the app
  sw: 0, // the service worker: one classic script of its own (see IMPORTS_NOTHING)
  content: 0, // the content schema and its located errors: imports nothing of the app
  'lab-core': 1, // the real-broker bridge's logic: plans, kits, observations, the diff; pure, on the engine
  worker: 2,
  i18n: 2,
  components: 2,
  store: 3,
  diagram: 4,
  editor: 4,
  explain: 4,
  'lab-widgets': 4, // kit downloads, the observation input, the diff view: props in
  playground: 5,
  lessons: 5,
  practice: 5,
  timeline: 5,
  'lab-view': 5, // the Real broker view
  // levels build on two features: practice's progress store and the playground's diagram drawing
  levels: 5.5,
  app: 6,
  '(root)': 7, // main.tsx
}

/** Folders that import nothing at all, not even a package (scripts/sw-plugin.ts builds one script). */
export const IMPORTS_NOTHING: ReadonlySet<string> = new Set(['sw'])

/**
 * Run-time cycles still in the tree, each with why it is allowed for now. A cycle is named by its
 * files (relative to the repository, sorted); a listed cycle that no longer exists is an error too,
 * so the list only shrinks.
 */
export const KNOWN_CYCLES: readonly { files: readonly string[]; reason: string }[] = []

/** Type-only cycles (through `import type`) that stay, each with a reason. */
export const KNOWN_TYPE_CYCLES: readonly { files: readonly string[]; reason: string }[] = []

export type EdgeKind = 'value' | 'type' | 'dynamic' | 'worker'
export interface Edge {
  from: string
  to: string
  spec: string
  kind: EdgeKind
}

const ROOT = resolve('.')
const SRC = resolve('src')
const SOURCE_DIRS = ['src', 'tests', 'scripts', 'bench', 'lessons']
const COMPILER: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules') return []
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(tsx?|mts)$/.test(name) ? [path] : []
  })
}

/** Every import of one source file, with whether it runs (value, dynamic, worker) or only types. */
export function importsOf(fileName: string, text: string): { spec: string; kind: EdgeKind }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const out: { spec: string; kind: EdgeKind }[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const c = node.importClause
      const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings : undefined
      const typeOnly =
        c !== undefined &&
        (c.isTypeOnly ||
          (c.name === undefined && named !== undefined && named.elements.every((e) => e.isTypeOnly)))
      out.push({ spec: node.moduleSpecifier.text, kind: typeOnly ? 'type' : 'value' })
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause : undefined
      const typeOnly = node.isTypeOnly || named?.elements.every((e) => e.isTypeOnly) === true
      out.push({ spec: node.moduleSpecifier.text, kind: typeOnly ? 'type' : 'value' })
    } else if (ts.isCallExpression(node)) {
      const [arg] = node.arguments
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && arg && ts.isStringLiteralLike(arg)) {
        out.push({ spec: arg.text, kind: 'dynamic' })
      }
    } else if (ts.isImportTypeNode(node)) {
      const lit = ts.isLiteralTypeNode(node.argument) ? node.argument.literal : undefined
      if (lit && ts.isStringLiteral(lit)) out.push({ spec: lit.text, kind: 'type' })
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'URL' &&
      node.arguments?.length === 2 &&
      ts.isStringLiteralLike(node.arguments[0] as ts.Expression) &&
      /import\.meta\.url/.test((node.arguments[1] as ts.Expression).getText(source))
    ) {
      // new Worker(new URL('./x.worker.ts', import.meta.url)): another program, a layer edge only
      out.push({ spec: (node.arguments[0] as ts.StringLiteralLike).text, kind: 'worker' })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return out
}

/** The file a specifier names, or null for a package (or anything outside the repository). */
export function resolveSpec(spec: string, fromFile: string): string | null {
  const bare = spec.replace(/\?.*$/, '') // Vite's ?raw, ?worker
  if (!bare.startsWith('.') && !bare.startsWith('/')) return null
  const r = ts.resolveModuleName(bare, fromFile, COMPILER, ts.sys).resolvedModule
  const file = r?.resolvedFileName ?? resolve(fromFile, '..', bare)
  return file.includes(`${sep}node_modules${sep}`) ? null : file
}

export function importGraph(dirs: readonly string[] = SOURCE_DIRS): { files: string[]; edges: Edge[] } {
  const files = dirs.flatMap((d) => sourceFiles(resolve(d)))
  const edges: Edge[] = []
  for (const from of files) {
    for (const { spec, kind } of importsOf(from, readFileSync(from, 'utf8'))) {
      const to = resolveSpec(spec, from)
      edges.push({ from, to: to ?? spec, spec, kind })
    }
  }
  return { files, edges }
}

/** The top-level folder of src a file lies in, '(root)' for src's own files, null outside src. */
export function folderOf(path: string): string | null {
  const rel = relative(SRC, path)
  if (rel.startsWith('..') || rel === '') return null
  const parts = rel.split(sep)
  return parts.length === 1 ? '(root)' : (parts[0] as string)
}

/** Why a file in folder `from` may not import folder `to`, or null when it may. */
export function layerViolation(from: string, to: string): string | null {
  if (from === to) return null
  const a = LAYER[from]
  const b = LAYER[to]
  if (a === undefined || b === undefined) return `src/${a === undefined ? from : to} has no layer`
  if (b > a) return `src/${from} imports upward from src/${to}`
  if (b === a) return `src/${from} and src/${to} are one layer and do not import each other`
  return null
}

const rel = (p: string) => relative(ROOT, p)

/** Layer breaches and forbidden imports, one line each. */
export function layerProblems(edges: readonly Edge[]): string[] {
  const out: string[] = []
  for (const e of edges) {
    const from = folderOf(e.from)
    if (from === null) continue // tests, scripts, bench: above everything
    if (LAYER[from] === undefined) out.push(`${rel(e.from)}: src/${from} has no layer`)
    if (IMPORTS_NOTHING.has(from)) out.push(`${rel(e.from)}: src/${from} imports nothing, not '${e.spec}'`)
    const to = e.to === e.spec && !e.spec.startsWith('.') ? null : folderOf(e.to)
    if (to === null) continue // a package, or content outside src (lessons/): data, not layers
    const why = layerViolation(from, to)
    if (why) out.push(`${rel(e.from)}: '${e.spec}': ${why}`)
  }
  return out
}

/** Strongly connected components of more than one file (or a file importing itself), Tarjan's way. */
export function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>()
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, [])
    next.get(e.from)?.push(e.to)
  }
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const out: string[][] = []
  let counter = 0
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of next.keys()) {
    if (index.has(start)) continue
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const top = work[work.length - 1] as { node: string; i: number }
      const succ = next.get(top.node) ?? []
      if (top.i < succ.length) {
        const w = succ[top.i++] as string
        if (!index.has(w)) {
          index.set(w, counter)
          low.set(w, counter++)
          stack.push(w)
          onStack.add(w)
          work.push({ node: w, i: 0 })
        } else if (onStack.has(w)) {
          low.set(top.node, Math.min(low.get(top.node) as number, index.get(w) as number))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(top.node) as number))
      if (low.get(top.node) === index.get(top.node)) {
        const scc: string[] = []
        let w: string
        do {
          w = stack.pop() as string
          onStack.delete(w)
          scc.push(w)
        } while (w !== top.node)
        if (scc.length > 1 || succ.includes(top.node)) out.push(scc.map(rel).sort())
      }
    }
  }
  return out.sort((a, b) => (a[0] as string).localeCompare(b[0] as string))
}

const key = (files: readonly string[]) => [...files].sort().join(' ')

/** Cycles not in `known`, and entries of `known` that are no longer a cycle. */
export function cycleProblems(
  found: readonly string[][],
  known: readonly { files: readonly string[] }[],
  what: string,
): string[] {
  const foundKeys = new Set(found.map(key))
  const knownKeys = new Set(known.map((k) => key(k.files)))
  return [
    ...found.filter((c) => !knownKeys.has(key(c))).map((c) => `${what}: ${c.join(' → ')} → (back)`),
    ...known
      .filter((k) => !foundKeys.has(key(k.files)))
      .map((k) => `${what} listed as known is gone (remove it from the list): ${k.files.join(' ')}`),
  ]
}

/** Every problem of the tree: layers, run-time cycles, then type-only cycles. */
export function importProblems(graph = importGraph()): string[] {
  const internal = graph.edges.filter((e) => e.to !== e.spec || e.spec.startsWith('.'))
  // A worker or a dynamic import loads later, in another program or after this one ran: no cycle.
  const runtime = internal.filter((e) => e.kind === 'value')
  const all = internal.filter((e) => e.kind !== 'worker')
  const runtimeCycles = cycles(runtime)
  const runtimeKeys = new Set(runtimeCycles.map(key))
  const typeCycles = cycles(all).filter((c) => !runtimeKeys.has(key(c)))
  return [
    ...layerProblems(graph.edges),
    ...cycleProblems(runtimeCycles, KNOWN_CYCLES, 'import cycle at run time'),
    ...cycleProblems(typeCycles, KNOWN_TYPE_CYCLES, 'import cycle through types or import()'),
  ]
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('scripts/import-graph.ts')) {
  const problems = importProblems()
  for (const p of problems) console.error(p)
  if (problems.length > 0) {
    console.error(`\n${problems.length} import problem(s); the rules: docs/architecture.md, "Layers".`)
    process.exit(1)
  }
  console.log('imports: layers kept, no cycle')
}
