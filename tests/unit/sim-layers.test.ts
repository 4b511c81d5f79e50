// The time simulation (src/engine/sim) is built in layers, and imports only go down or sideways
// within a layer, never round (docs/architecture.md, "Time simulation"):
//   0 contracts ← 1 queries ← 2 queue core ← 3 acks ← 4 consumers / topology / publish
//   ← 5 lifecycle / clock ← 6 step / timeline
// Imports are read and resolved by scripts/import-graph.ts (the TypeScript compiler's parser and
// module resolution); type-only imports count too. A new file has to be given a layer here.
import { readFileSync } from 'node:fs'
import { basename, dirname, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  cycles,
  type Edge,
  importGraph,
  importsOf,
  resolveSpec,
  sourceFiles,
} from '../../scripts/import-graph'
import { stripSource } from './support/source-imports'

const SIM = resolve('src/engine/sim')

/** Each file's layer; a file may import files of its own layer or a lower one (and no cycle). */
const LAYER: Readonly<Record<string, number>> = {
  // 0 contracts: the data, the one refusal type, the engine's port, the step context, script shape
  'sim-types.ts': 0,
  'sim-error.ts': 0,
  'routing-port.ts': 0,
  'step-context.ts': 0,
  'script-validate.ts': 0,
  // 1 queries: reading the state (and recording a copy's fate); no step, no events, no engine
  'sim-state.ts': 1,
  'queries.ts': 1,
  'stream-offset.ts': 1,
  'message-history.ts': 1,
  // 2 queue core: queue rules on holding, delivery to consumers, arrival and dead-lettering
  'queue-holding.ts': 2,
  'dispatch.ts': 2,
  'arrival.ts': 2,
  // 3 acks
  'acks.ts': 3,
  // 4 client operations on queues: consumers, topology, publish
  'consumers.ts': 4,
  'topology-ops.ts': 4,
  'publish.ts': 4,
  // 5 things coming and going: channels and connections, the clock
  'lifecycle.ts': 5,
  'clock.ts': 5,
  // 6 a step, the timeline player, and the default engine port it wires in
  'step.ts': 6,
  'timeline.ts': 6,
  'broker-port.ts': 6,
}

/** Layer 1 answers from a state; it may not take a step's context (which would let it act). */
const PURE = new Set(Object.keys(LAYER).filter((f) => LAYER[f] === 1))

/** The only file that builds a SimRefusal (everything else throws `refuse.…`). */
const REFUSALS = 'sim-error.ts'

type SimEdge = Pick<Edge, 'from' | 'to' | 'kind'>

/** Problems of the sim folder's imports: unplaced files, upward imports, impure queries, cycles. */
function layerProblems(files: readonly string[], edges: readonly SimEdge[]): string[] {
  const out: string[] = []
  for (const f of files)
    if (LAYER[f] === undefined) out.push(`${f} has no layer (tests/unit/sim-layers.test.ts)`)
  for (const e of edges) {
    const a = LAYER[e.from]
    const b = LAYER[e.to]
    if (a === undefined || b === undefined) continue
    if (b > a) out.push(`${e.from} (layer ${a}) imports upward from ${e.to} (layer ${b})`)
    if (PURE.has(e.from) && e.to === 'step-context.ts')
      out.push(`${e.from} is a query and takes no StepContext`)
  }
  const all = edges.map((e) => ({ ...e, spec: e.to }))
  for (const c of cycles(all)) out.push(`import cycle: ${c.join(' → ')} → (back)`)
  return out
}

/** Lines of non-sim source files of src that reach into the sim folder other than through index.ts. */
function doorProblems(edges: readonly Edge[]): string[] {
  const src = resolve('src')
  const door = resolve('src/engine/index.ts')
  return edges
    .filter(
      (e) => e.to.startsWith(`${SIM}/`) && !e.from.startsWith(`${SIM}/`) && e.from.startsWith(`${src}/`),
    )
    .filter((e) => e.from !== door)
    .map((e) => `${relative('.', e.from)} imports ${e.spec}: outside the engine, use src/engine/index.ts`)
}

/** Refusals built anywhere but sim-error.ts, and throws in layers 1–5 that are not a refusal. */
function refusalProblems(file: string, source: string): string[] {
  const code = stripSource(source, true)
  const out: string[] = []
  if (file !== REFUSALS && /\bnew\s+SimRefusal\b/.test(code))
    out.push(`${file} builds a SimRefusal; use refuse.…`)
  const layer = LAYER[file] ?? 0
  if (layer >= 1 && layer <= 5)
    for (const m of code.matchAll(/\bthrow\s+([\w.]+)/g))
      if (!(m[1] as string).startsWith('refuse.'))
        out.push(`${file} throws ${m[1]}, not a refusal (refuse.…)`)
  return out
}

function simEdges(): { files: string[]; edges: SimEdge[] } {
  const paths = sourceFiles(SIM)
  const files = paths.map((p) => relative(SIM, p))
  const edges: SimEdge[] = []
  for (const p of paths)
    for (const { spec, kind } of importsOf(p, readFileSync(p, 'utf8'))) {
      const to = resolveSpec(spec, p)
      if (to && dirname(to) === SIM) edges.push({ from: basename(p), to: basename(to), kind })
    }
  return { files, edges }
}

describe('sim layers', () => {
  const { files, edges } = simEdges()

  it('reads the sim folder (and finds its imports)', () => {
    expect(files).toContain('step.ts')
    expect(
      files.every((f) => !f.includes('/')),
      'the sim folder has no subfolders yet',
    ).toBe(true)
    expect(edges.some((e) => e.from === 'step.ts' && e.to === 'acks.ts')).toBe(true)
    expect(
      edges.some((e) => e.from === 'arrival.ts' && e.to === 'step-context.ts' && e.kind === 'type'),
    ).toBe(true)
  })

  it('every file has a layer, imports go down, queries are pure, no cycle', () => {
    expect(layerProblems(files, edges)).toEqual([])
  })

  it('the layer table names only files that exist', () => {
    expect(Object.keys(LAYER).filter((f) => !files.includes(f))).toEqual([])
  })

  it('outside the engine, src reaches the sim only through src/engine/index.ts', () => {
    expect(doorProblems(importGraph(['src']).edges)).toEqual([])
  })

  it.each(files)('%s: refusals are SimRefusals made by refuse', (file) => {
    expect(refusalProblems(file, readFileSync(resolve(SIM, file), 'utf8'))).toEqual([])
  })

  it('the checks can fail', () => {
    const e = (from: string, to: string, kind: Edge['kind'] = 'value'): SimEdge => ({ from, to, kind })
    const ok = [e('step.ts', 'lifecycle.ts'), e('lifecycle.ts', 'acks.ts'), e('acks.ts', 'dispatch.ts')]
    expect(layerProblems(['step.ts', 'lifecycle.ts', 'acks.ts', 'dispatch.ts'], ok)).toEqual([])
    // upward, even for types only
    expect(layerProblems([], [e('dispatch.ts', 'consumers.ts', 'type')])).toEqual([
      'dispatch.ts (layer 2) imports upward from consumers.ts (layer 4)',
    ])
    // a cycle inside one layer
    expect(layerProblems([], [e('dispatch.ts', 'arrival.ts'), e('arrival.ts', 'dispatch.ts')])).toEqual([
      'import cycle: arrival.ts → dispatch.ts → (back)',
    ])
    expect(layerProblems(['quorum.ts'], [])).toEqual([
      'quorum.ts has no layer (tests/unit/sim-layers.test.ts)',
    ])
    expect(layerProblems([], [e('queries.ts', 'step-context.ts', 'type')])).toEqual([
      'queries.ts is a query and takes no StepContext',
    ])
    expect(refusalProblems('publish.ts', 'throw new SimRefusal(404, "x")')).toHaveLength(2)
    expect(refusalProblems('acks.ts', "throw new Error('no')")).toEqual([
      'acks.ts throws new, not a refusal (refuse.…)',
    ])
    expect(refusalProblems('acks.ts', 'throw refuse.unknownTag(3) // not: throw new SimRefusal')).toEqual([])
    const outside = {
      from: resolve('src/timeline/x.ts'),
      to: resolve(SIM, 'step.ts'),
      spec: '../engine/sim/step',
      kind: 'value' as const,
    }
    expect(doorProblems([outside])).toHaveLength(1)
  })
})
