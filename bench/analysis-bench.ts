/**
 * Whole-message-space analysis on a 10,000-binding definitions.json (issue 20's goal: lint and diff
 * ≤ 2 s each in Node), beside its peer in the same run: routing one message per binding key (what
 * "try every key you can think of" costs, and proves nothing). CPU time, median of `rounds`.
 */
import {
  analysisBroker,
  analysisSource,
  diffSources,
  lintSource,
  type Operation,
  routeWitness,
  toAmqpTable,
} from '../src/engine'
import { medianCpu } from './measure'

function definitions(bindings: number, seed: number): string {
  let x = seed
  const rnd = (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31
    return x % n
  }
  const queues = Array.from({ length: Math.max(10, bindings / 10) }, (_, i) => ({
    name: `q${i}`,
    vhost: '/',
    durable: true,
    auto_delete: false,
    arguments: {},
  }))
  const words = ['order', 'payment', 'stock', 'user', 'audit', 'cn', 'us', 'eu', 'created', 'paid', 'shipped']
  const list = Array.from({ length: bindings }, (_, i) => {
    const w = () => (rnd(10) < 4 ? (rnd(2) ? '*' : '#') : `${words[rnd(words.length)]}${rnd(30)}`)
    const key = [w(), w(), w()].join('.')
    return {
      source: i % 5 === 0 ? 'direct' : 'events',
      vhost: '/',
      destination: `q${rnd(queues.length)}`,
      destination_type: 'queue',
      routing_key: i % 5 === 0 ? key.replace(/[*#]/g, 'x') : key,
      arguments: {},
    }
  })
  return JSON.stringify({
    rabbit_version: '3.10.8',
    vhosts: [{ name: '/' }],
    exchanges: [
      {
        name: 'events',
        vhost: '/',
        type: 'topic',
        durable: true,
        auto_delete: false,
        internal: false,
        arguments: {},
      },
      {
        name: 'direct',
        vhost: '/',
        type: 'direct',
        durable: true,
        auto_delete: false,
        internal: false,
        arguments: {},
      },
    ],
    queues,
    bindings: list,
  })
}

export interface AnalysisBenchRow {
  bindings: number
  lintMs: number
  diffMs: number
  peerMs: number
  findings: number
  changes: number
}

export function benchAnalysis(sizes: readonly number[], rounds: number): AnalysisBenchRow[] {
  return sizes.map((n) => {
    const before = analysisSource(definitions(n, 7))
    const after = analysisSource(definitions(n, 7))
    // The edit: 1% of the bindings re-keyed.
    const edits = after.ops
      .filter((o): o is Extract<Operation, { op: 'bind' }> => o.op === 'bind')
      .slice(0, n / 100)
    for (const e of edits) e.binding = { ...e.binding, routing_key: `${e.binding.routing_key}.changed` }
    let findings = 0
    let changes = 0
    const lintMs = medianCpu(rounds, () => {
      findings = lintSource(before).findings.length
    })
    const diffMs = medianCpu(rounds, () => {
      changes = diffSources(before, after).changes.length
    })
    const { broker } = analysisBroker(before.ops, before.profile)
    const vhost = broker.vhosts.get('/')
    const keys = before.ops.flatMap((o) =>
      o.op === 'bind' ? [[o.binding.source, o.binding.routing_key] as const] : [],
    )
    const peerMs = medianCpu(rounds, () => {
      if (!vhost) return
      for (const [x, k] of keys) routeWitness(vhost, broker.profile, x, k, toAmqpTable({}))
    })
    return { bindings: n, lintMs, diffMs, peerMs, findings, changes }
  })
}

export function renderAnalysis(rows: readonly AnalysisBenchRow[]): string {
  const lines = [
    'Analysis (every message) — goal: lint and diff of 10,000 bindings <= 2,000 ms each',
    '| bindings | lint ms | diff ms | peer: one route per binding key, ms | lint / peer | diff / peer | findings | changes |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const r of rows)
    lines.push(
      `| ${r.bindings} | ${r.lintMs.toFixed(0)} | ${r.diffMs.toFixed(0)} | ${r.peerMs.toFixed(1)} | ${(r.lintMs / r.peerMs).toFixed(1)}× | ${(r.diffMs / r.peerMs).toFixed(1)}× | ${r.findings} | ${r.changes} |`,
    )
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(renderAnalysis(benchAnalysis([1_000, 10_000], 3)))
