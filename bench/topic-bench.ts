import qlobber from 'qlobber'
import { createTopicIndex } from '../src/engine'
import { measureBuild, medianCpu } from './measure'
import { naiveMatcher, naiveRoute } from './naive-scan'
import { rng, topicWorkload } from './workload'

interface Side {
  routesPerSec: number
  buildMs: number
  removeMs: number
  heapBytes: number
}

export interface TopicRow {
  /** Share of bindings with a wildcard in the workload (0.3: the existing one; 0.4: the second). */
  wildcardShare: number
  bindings: number
  keys: number
  queues: number
  buildRepeats: number
  engine: Side
  qlobber: Side
  naive: { routesPerSec: number; sampledKeys: number; matcher: string }
  ratios: { routes: number; build: number; remove: number; heap: number; vsNaive: number }
  avgDestsPerKey: number
  crossCheck: { keysCompared: number; naiveKeysCompared: number; mismatches: number }
}

export interface TopicBenchOptions {
  keys: number
  rounds: number
  /** Minimum build/remove repeats; small N get more (see buildWork). */
  builds: number
  /** Bindings added per side across build repeats, so tiny builds are repeated enough to be timed. */
  buildWork: number
  /** Budget of (binding × key) DP evaluations per naive round. */
  naiveWork: number
}

type Binding = { pattern: string; dest: string }

/** One router under test, behind the same three calls. */
interface Router {
  add(b: Binding): void
  remove(b: Binding): void
  route(key: string): Iterable<string> & { length?: number; size?: number }
}

const QLOBBER_OPTIONS = { separator: '.', wildcard_one: '*', wildcard_some: '#', match_empty_levels: true }

const makers: { [side: string]: () => Router } = {
  engine: () => {
    const ix = createTopicIndex()
    return {
      add: (b) => ix.add(b.pattern, b.dest),
      remove: (b) => ix.remove(b.pattern, b.dest),
      route: (k) => ix.match(k),
    }
  },
  qlobber: () => {
    const q = new qlobber.QlobberDedup<string>(QLOBBER_OPTIONS)
    return {
      add: (b) => q.add(b.pattern, b.dest),
      remove: (b) => q.remove(b.pattern, b.dest),
      route: (k) => q.match(k),
    }
  },
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const countOf = (r: { length?: number; size?: number }) => r.length ?? r.size ?? 0
const sameSet = (a: Iterable<string>, b: Set<string>): boolean => {
  let n = 0
  for (const x of a) {
    if (!b.has(x)) return false
    n++
  }
  return n === b.size
}

let sink = 0
/** Hands the routed results' count to the global object, so the optimiser cannot drop the routing. */
const consume = () => {
  ;(globalThis as { benchSink?: number }).benchSink = sink
}

export function benchTopic(n: number, opts: TopicBenchOptions, wildcardShare = 0.3): TopicRow {
  const w = topicWorkload(n, opts.keys, 4242, wildcardShare)
  const r = rng(99)
  const removeOrder = w.bindings
    .map((b) => ({ b, o: r() }))
    .sort((x, y) => x.o - y.o)
    .map((x) => x.b)
  const sides = ['engine', 'qlobber'] as const
  const times = {
    engine: { build: [] as number[], remove: [] as number[], bytes: [] as number[], route: [] as number[] },
    qlobber: { build: [] as number[], remove: [] as number[], bytes: [] as number[], route: [] as number[] },
  }
  let mismatches = 0

  // Build then remove everything (shuffled), repeated and interleaved so both sides share the noise.
  // No forced GC between timed builds: a full GC that frees the previous index also throws away
  // optimised code that referred to it (V8 "weak objects" deopts), which would time the JIT instead.
  const repeats = Math.max(opts.builds, Math.ceil(opts.buildWork / n))
  for (let i = 0; i < repeats; i++) {
    for (const side of sides) {
      let router: Router | undefined
      times[side].build.push(
        medianCpu(1, () => {
          router = makers[side]()
          for (const b of w.bindings) router.add(b)
        }),
      )
      const built = router as Router
      times[side].remove.push(
        medianCpu(1, () => {
          for (const b of removeOrder) built.remove(b)
        }),
      )
      if (countOf(built.route(w.keys[0])) !== 0) mismatches++
    }
  }
  // Retained memory: one more build per side, with full GCs around it.
  for (const side of sides) {
    const built = measureBuild(() => {
      const router = makers[side]()
      for (const b of w.bindings) router.add(b)
      return router
    })
    times[side].bytes.push(built.bytes)
  }

  const engine = makers.engine()
  const qlob = makers.qlobber()
  for (const b of w.bindings) {
    engine.add(b)
    qlob.add(b)
  }
  // Cross-check every key engine vs qlobber, and a sample against the naive scan.
  let dests = 0
  for (const k of w.keys) {
    const e = engine.route(k) as string[]
    dests += e.length
    if (new Set(e).size !== e.length || !sameSet(e, qlob.route(k) as Set<string>)) mismatches++
  }
  const sample = w.keys.slice(0, Math.max(10, Math.min(opts.keys, Math.floor(opts.naiveWork / n))))
  for (const k of sample) if (!sameSet(engine.route(k), naiveRoute(w.bindings, k))) mismatches++

  for (let round = 0; round < opts.rounds; round++) {
    for (const [side, router] of [
      ['engine', engine],
      ['qlobber', qlob],
    ] as const) {
      times[side].route.push(
        medianCpu(1, () => {
          for (const k of w.keys) sink += countOf(router.route(k))
        }),
      )
    }
  }
  const naiveMs = medianCpu(Math.min(opts.rounds, 3), () => {
    for (const k of sample) sink += naiveRoute(w.bindings, k).size
  })

  const perSec = (count: number, ms: number) => (count * 1000) / Math.max(ms, 0.001)
  const summary = (side: 'engine' | 'qlobber'): Side => ({
    routesPerSec: perSec(opts.keys, median(times[side].route)),
    buildMs: median(times[side].build),
    removeMs: median(times[side].remove),
    heapBytes: median(times[side].bytes),
  })
  const e = summary('engine')
  const q = summary('qlobber')
  const naiveRps = perSec(sample.length, naiveMs)
  consume()
  return {
    wildcardShare,
    bindings: n,
    keys: opts.keys,
    queues: w.queues,
    buildRepeats: repeats,
    engine: e,
    qlobber: q,
    naive: { routesPerSec: naiveRps, sampledKeys: sample.length, matcher: naiveMatcher.name },
    ratios: {
      routes: e.routesPerSec / q.routesPerSec,
      build: q.buildMs / e.buildMs,
      remove: q.removeMs / e.removeMs,
      heap: q.heapBytes / e.heapBytes,
      vsNaive: e.routesPerSec / naiveRps,
    },
    avgDestsPerKey: dests / opts.keys,
    crossCheck: { keysCompared: opts.keys, naiveKeysCompared: sample.length, mismatches },
  }
}
