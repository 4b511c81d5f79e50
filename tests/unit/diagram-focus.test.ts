import { describe, expect, it } from 'vitest'
import { buildDiagram, buildTopology } from '../../src/diagram/to-mermaid'
import { runScenario } from '../../src/engine'
import { largeScenario } from './diagram-fixtures'

const run = runScenario(largeScenario(1000))
const publish = run.publishes[0] ?? null

describe('focus mode on 1,000 bindings', () => {
  it('draws only what the message touched, plus a summary node', () => {
    const t0 = performance.now()
    const m = buildDiagram(run.topology, publish)
    const ms = performance.now() - t0
    console.log(`focused diagram of 1,000 bindings: ${m.text.length} chars in ${ms.toFixed(1)} ms`)
    expect(m.focused).toBe(true)
    expect(m.text.length).toBeLessThan(2000)
    const kinds = Object.values(m.nodes).map((e) => e.kind)
    expect(kinds.filter((k) => k === 'queue')).toHaveLength(1)
    expect(Object.values(m.nodes)).toContainEqual({ kind: 'queue', name: 'q7', vhost: '/' })
    expect(Object.values(m.edges)).toEqual([run.topology.bindings[7]?.id])
    expect(m.hiddenBindings).toBe(999)
    expect(m.hiddenQueues).toBe(999)
    expect(m.nodes.more_0).toEqual({ kind: 'hidden', bindings: 999, queues: 999 })
    expect(m.text).toContain('more_0[["999 other bindings#44; 999 queues not shown"]]')
  })

  it('with the run beside it, draws what every message touched: the same text whichever is shown', () => {
    const scenario = largeScenario(200)
    scenario.publishes = [3, 50, 120].map((n, i) => ({
      id: `m${i + 1}`,
      exchange: 'big',
      routing_key: `svc${n}.ping`,
    }))
    const { topology, publishes } = runScenario(scenario)
    const texts = publishes.map((p) => buildTopology(topology, p, { companions: publishes }))
    for (const m of texts) {
      expect(m.focused).toBe(true)
      expect(m.spansRun).toBe(true)
      expect(m.text).toBe(texts[0]?.text)
      expect(Object.values(m.nodes).filter((e) => e.kind === 'queue')).toHaveLength(3)
    }
    // Alone, each message draws only its own queue: three different drawings.
    const alone = publishes.map((p) => buildTopology(topology, p).text)
    expect(new Set(alone).size).toBe(3)
    // A run touching more than the focused view can hold falls back to the message shown.
    const wide = largeScenario(200)
    wide.publishes = Array.from({ length: 45 }, (_, i) => ({
      id: `w${i}`,
      exchange: 'big',
      routing_key: `svc${i}.ping`,
    }))
    const many = runScenario(wide)
    const m = buildTopology(many.topology, many.publishes[0] ?? null, { companions: many.publishes })
    expect(m.spansRun).toBe(false)
    expect(Object.values(m.nodes).filter((e) => e.kind === 'queue')).toHaveLength(1)
  })

  it('draws everything when asked', () => {
    const m = buildDiagram(run.topology, publish, { focus: 'all' })
    expect(m.focused).toBe(false)
    expect(Object.keys(m.edges)).toHaveLength(1000)
    expect(m.text).not.toContain('more_0')
  })

  it('stays unfocused below the threshold, and focuses on request', () => {
    const small = runScenario(largeScenario(20))
    expect(buildDiagram(small.topology, small.publishes[0] ?? null).focused).toBe(false)
    const forced = buildDiagram(small.topology, small.publishes[0] ?? null, { focus: 'touched' })
    expect(forced.focused).toBe(true)
    expect(Object.keys(forced.edges)).toHaveLength(1)
    expect(buildDiagram(small.topology, null, { focusThreshold: 10 }).focused).toBe(true)
    // many exchanges without bindings count too
    const exchanges = runScenario({
      exchanges: Array.from({ length: 200 }, (_, i) => ({ name: `x${i}`, type: 'direct' })),
    })
    const m = buildDiagram(exchanges.topology, null)
    expect(m.focused).toBe(true)
    expect(Object.values(m.nodes).filter((e) => e.kind === 'exchange')).toHaveLength(60)
    expect(m.hiddenExchanges).toBe(140)
    expect(m.text).toContain('more_1[["140 more exchanges not shown"]]')
  })

  it('without a message, summarises queue bindings and keeps the exchange graph', () => {
    const m = buildDiagram(run.topology, null)
    expect(m.focused).toBe(true)
    expect(
      Object.values(m.nodes)
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['exchange', 'hidden'])
    expect(m.hiddenBindings).toBe(1000)
    expect(m.text.length).toBeLessThan(1000)
  })

  it('keeps an unroutable message readable: the exchange and its returned branch', () => {
    const r = runScenario({
      ...largeScenario(1000),
      publishes: [{ id: 'x', exchange: 'big', routing_key: 'none', mandatory: true }],
    })
    const m = buildDiagram(r.topology, r.publishes[0] ?? null)
    expect(Object.keys(m.edges)).toHaveLength(0)
    expect(m.text).toMatch(/^ {2}ex_0 -\.-> out_0$/m)
    expect(m.hiddenBindings).toBe(1000)
  })

  it('draws at most 40 of the queues a fanout reached, and counts the rest', () => {
    const queues = Array.from({ length: 100 }, (_, i) => ({ name: `f${i}` }))
    const r = runScenario({
      exchanges: [{ name: 'fan', type: 'fanout' }],
      queues,
      bindings: queues.map((q) => ({
        source: 'fan',
        destination: q.name,
        destination_type: 'queue' as const,
        routing_key: '',
      })),
      publishes: [{ id: 'm', exchange: 'fan', routing_key: '' }],
    })
    const m = buildDiagram(r.topology, r.publishes[0] ?? null)
    expect(m.focused).toBe(true)
    expect(Object.values(m.nodes).filter((e) => e.kind === 'queue')).toHaveLength(40)
    expect(Object.keys(m.edges)).toHaveLength(40)
    expect(m.hiddenQueues).toBe(60)
  })
})
