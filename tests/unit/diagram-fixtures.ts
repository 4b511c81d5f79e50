/** Scenarios shared by the diagram and explanation tests, run through the real engine. */
import { runScenario, type Scenario } from '../../src/engine'

/** Topic exchange with dedup, an E2E hop into a headers exchange, an AE, and a missing AE. */
export const richScenario: Scenario = {
  exchanges: [
    { name: 'orders', type: 'topic', arguments: { 'alternate-exchange': 'unrouted' } },
    { name: 'unrouted', type: 'fanout' },
    { name: 'docs', type: 'headers', arguments: { 'alternate-exchange': 'gone' } },
  ],
  queues: [{ name: 'audit' }, { name: 'pdf' }, { name: 'lost' }, { name: 'idle' }],
  bindings: [
    { source: 'orders', destination: 'audit', destination_type: 'queue', routing_key: 'order.#' },
    { source: 'orders', destination: 'audit', destination_type: 'queue', routing_key: '*.created' },
    { source: 'orders', destination: 'docs', destination_type: 'exchange', routing_key: 'order.*' },
    {
      source: 'docs',
      destination: 'pdf',
      destination_type: 'queue',
      routing_key: '',
      arguments: { 'x-match': 'all', format: 'pdf', pages: 3 },
    },
    { source: 'unrouted', destination: 'lost', destination_type: 'queue', routing_key: '' },
  ],
  publishes: [
    // routed: audit twice (dedup), pdf via orders → docs
    { id: 'm1', exchange: 'orders', routing_key: 'order.created', headers: { format: 'pdf', pages: 3 } },
    // nothing matches on orders → its AE `unrouted` → lost
    { id: 'm2', exchange: 'orders', routing_key: 'zzz', mandatory: true },
    // docs routes nothing, its AE is missing → returned (mandatory)
    { id: 'm3', exchange: 'docs', routing_key: 'k', mandatory: true },
    // same but not mandatory → dropped
    { id: 'm4', exchange: 'docs', routing_key: 'k' },
    // no such exchange → 404
    { id: 'm5', exchange: 'nope', routing_key: 'k' },
    // default exchange → queue named by the key
    { id: 'm6', exchange: '', routing_key: 'idle' },
  ],
}

export function runRich() {
  const run = runScenario(richScenario)
  const byId = (id: string) => {
    const p = run.publishes.find((x) => x.id === id)
    if (!p) throw new Error(`no publish ${id}`)
    return p
  }
  return { run, byId }
}

/** One topic exchange with `n` queue bindings; the publish matches exactly one. */
export function largeScenario(n: number): Scenario {
  const queues = Array.from({ length: n }, (_, i) => ({ name: `q${i}` }))
  return {
    exchanges: [{ name: 'big', type: 'topic' }],
    queues,
    bindings: queues.map((q, i) => ({
      source: 'big',
      destination: q.name,
      destination_type: 'queue' as const,
      routing_key: `svc${i}.*`,
    })),
    publishes: [{ id: 'm1', exchange: 'big', routing_key: 'svc7.ping' }],
  }
}

/** Names that break naive Mermaid generation or HTML rendering. */
export const HOSTILE_NAMES = [
  'a "quoted" b',
  "it's",
  '<img src=x onerror=alert(1)>',
  'a#35;b',
  '#quot;',
  '&#60;b&#62;',
  'end',
  'graph',
  'class',
  'a---ob',
  '[x] (y) {z} |pipe|',
  'x'.repeat(255),
  '😀 emoji 🐇',
  '中文队列',
  'ﬂ°°35¶ß',
  'line\nbreak',
]
