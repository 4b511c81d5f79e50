import { type AmqpTable, type AmqpValue, createHeadersIndex, valueKey, valuesEqual } from '../src/engine'
import { createPreviousHeadersIndex } from './headers-index-previous'
import { medianCpu } from './measure'
import { rng } from './workload'

type Binding = { xMatch: string; args: AmqpTable; dest: string }

export interface HeadersRow {
  bindings: number
  messages: number
  engineMatchesPerSec: number
  /** The index as it was before issue 23 (bench/headers-index-previous.ts). */
  previousMatchesPerSec: number
  linearMatchesPerSec: number
  linearCachedMatchesPerSec: number
  ratio: number
  ratioVsCached: number
  ratioVsPrevious: number
  avgDestsPerMessage: number
  mismatches: number
}

const KEYS = ['format', 'type', 'region', 'tier', 'lang', 'source', 'x-priority', 'x-tenant', 'kind', 'env']
const MODES = ['all', 'all', 'all', 'all', 'all', 'any', 'any', 'any', 'all-with-x', 'any-with-x']

function valueFor(r: () => number, key: string): AmqpValue {
  const i = Math.floor(r() * 6)
  // Mixed types on purpose: integers of different widths compare equal, strings never equal ints.
  if (key === 'tier' || key === 'x-priority') return { type: r() < 0.5 ? 'int' : 'long', value: i }
  return { type: 'longstr', value: `${key}-${i}` }
}

function headersWorkload(b: number, messages: number, seed = 7) {
  const r = rng(seed)
  const bindings: Binding[] = []
  for (let i = 0; i < b; i++) {
    const args: AmqpTable = {}
    const n = 1 + Math.floor(r() * 3)
    for (let j = 0; j < n; j++) {
      const k = KEYS[Math.floor(r() * KEYS.length)]
      args[k] = r() < 0.05 ? { type: 'void', value: null } : valueFor(r, k)
    }
    bindings.push({
      xMatch: MODES[Math.floor(r() * MODES.length)],
      args,
      dest: `q${Math.floor(r() * r() * (b / 3 + 1))}`,
    })
  }
  const msgs: AmqpTable[] = []
  for (let i = 0; i < messages; i++) {
    const h: AmqpTable = {}
    const n = 3 + Math.floor(r() * 4)
    for (let j = 0; j < n; j++) {
      const k = KEYS[Math.floor(r() * KEYS.length)]
      h[k] = valueFor(r, k)
    }
    msgs.push(h)
  }
  return { bindings, msgs }
}

function considered(b: Binding): [string, AmqpValue][] {
  const withX = b.xMatch.endsWith('-with-x')
  return Object.entries(b.args).filter(([k]) => k !== 'x-match' && (withX || !k.startsWith('x-')))
}

/** The straightforward router: test every binding, comparing values with valuesEqual. */
function linearScan(bindings: Binding[]) {
  const prepared = bindings.map((b) => ({
    any: b.xMatch.startsWith('any'),
    args: considered(b),
    dest: b.dest,
  }))
  return (h: AmqpTable): Set<string> => {
    const out = new Set<string>()
    for (const b of prepared) {
      if (out.has(b.dest)) continue
      let hits = 0
      for (const [k, v] of b.args) {
        const x = h[k]
        if (x !== undefined && (v.type === 'void' || (x.type !== 'void' && valuesEqual(v, x)))) hits++
        else if (!b.any) break
      }
      if (b.any ? hits > 0 : hits === b.args.length) out.add(b.dest)
    }
    return out
  }
}

/** A stronger baseline: binding value keys computed once, header value keys once per message. */
function linearCached(bindings: Binding[]) {
  const prepared = bindings.map((b) => ({
    any: b.xMatch.startsWith('any'),
    args: considered(b).map(([k, v]) => [k, v.type === 'void' ? null : valueKey(v)] as const),
    dest: b.dest,
  }))
  return (h: AmqpTable): Set<string> => {
    const keys = new Map<string, string>()
    for (const k in h) keys.set(k, h[k].type === 'void' ? '' : valueKey(h[k]))
    const out = new Set<string>()
    for (const b of prepared) {
      if (out.has(b.dest)) continue
      let hits = 0
      for (const [k, vk] of b.args) {
        const x = keys.get(k)
        if (x !== undefined && (vk === null || x === vk)) hits++
        else if (!b.any) break
      }
      if (b.any ? hits > 0 : hits === b.args.length) out.add(b.dest)
    }
    return out
  }
}

let sink = 0
/** Hands the routed results' count to the global object, so the optimiser cannot drop the routing. */
const consume = () => {
  ;(globalThis as { benchSink?: number }).benchSink = sink
}

export function benchHeaders(b: number, messages: number, rounds: number): HeadersRow {
  const { bindings, msgs } = headersWorkload(b, messages)
  const ix = createHeadersIndex()
  const prev = createPreviousHeadersIndex()
  for (const x of bindings) {
    ix.add({ xMatch: x.xMatch, args: x.args }, x.dest)
    prev.add({ xMatch: x.xMatch, args: x.args }, x.dest)
  }
  const linear = linearScan(bindings)
  const cached = linearCached(bindings)
  let mismatches = 0
  let dests = 0
  for (const h of msgs) {
    const e = ix.match(h)
    dests += e.length
    const l = linear(h)
    const p = prev.match(h)
    const bad = (xs: string[]) => xs.length !== l.size || xs.some((d) => !l.has(d))
    if (bad(e) || bad(p) || new Set(e).size !== e.length || cached(h).size !== l.size) mismatches++
  }
  const times = { e: [] as number[], p: [] as number[], l: [] as number[], c: [] as number[] }
  for (let r = 0; r < rounds; r++) {
    times.e.push(
      medianCpu(1, () => {
        for (const h of msgs) sink += ix.match(h).length
      }),
    )
    times.p.push(
      medianCpu(1, () => {
        for (const h of msgs) sink += prev.match(h).length
      }),
    )
    times.l.push(
      medianCpu(1, () => {
        for (const h of msgs) sink += linear(h).size
      }),
    )
    times.c.push(
      medianCpu(1, () => {
        for (const h of msgs) sink += cached(h).size
      }),
    )
  }
  const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]
  const rate = (ms: number) => (messages * 1000) / Math.max(ms, 0.001)
  const e = rate(med(times.e))
  const l = rate(med(times.l))
  const c = rate(med(times.c))
  const p = rate(med(times.p))
  consume()
  return {
    bindings: b,
    messages,
    engineMatchesPerSec: e,
    previousMatchesPerSec: p,
    linearMatchesPerSec: l,
    linearCachedMatchesPerSec: c,
    ratio: e / l,
    ratioVsCached: e / c,
    ratioVsPrevious: e / p,
    avgDestsPerMessage: dests / messages,
    mismatches,
  }
}
