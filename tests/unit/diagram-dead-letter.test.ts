// Dead-letter edges and the dead-lettered path in the diagram (issue 16).
import { describe, expect, it } from 'vitest'
import { buildDiagram } from '../../src/diagram/to-mermaid'
import { runScenario, type Scenario } from '../../src/engine'

const scenario: Scenario = {
  profile: 'rabbitmq-3.10',
  exchanges: [
    { name: 'orders', type: 'direct', durable: false },
    { name: 'dlx', type: 'fanout', durable: false },
  ],
  queues: [
    { name: 'work', durable: false, arguments: { 'x-max-length': 1, 'x-dead-letter-exchange': 'dlx' } },
    { name: 'parking', durable: false },
    {
      name: 'retry',
      durable: false,
      arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 'work' },
    },
    { name: 'lost', durable: false, arguments: { 'x-dead-letter-exchange': 'nowhere' } },
  ],
  bindings: [
    { source: 'orders', destination: 'work', destination_type: 'queue', routing_key: 'new' },
    { source: 'dlx', destination: 'parking', destination_type: 'queue', routing_key: '' },
  ],
  publishes: [
    { id: 'm1', exchange: 'orders', routing_key: 'new' },
    { id: 'm2', exchange: 'orders', routing_key: 'new' },
  ],
}

describe('dead-lettering in the diagram', () => {
  const run = runScenario(scenario)
  const second = run.publishes[1] ?? null
  const d = buildDiagram(run.topology, second)

  it('draws a dashed edge from each queue to its dead-letter exchange, with the replacing key', () => {
    expect([...d.ids.deadLetter.keys()].sort()).toEqual(['lost', 'retry', 'work'])
    const line = (q: string) => d.text.split('\n').find((l) => l.includes(`${d.ids.deadLetter.get(q)}@-.->`))
    expect(line('work')).toContain(d.ids.exchange.get('dlx'))
    // The default exchange is drawn because `retry` dead-letters into it.
    expect(line('retry')).toContain(d.ids.exchange.get(''))
    expect(line('retry')).toContain('key work')
    // A missing dead-letter exchange is drawn as missing.
    expect(line('lost')).toMatch(/dlmiss_\d+$/)
    expect(d.text).toMatch(/class [^\n]*dlmiss_\d+[^\n]* missing/)
  })

  it('lights the dead-lettered message’s path: the DLX edge, its binding and the queue it reached', () => {
    const o = d.overlay
    expect(o.edgeClasses[d.ids.deadLetter.get('work') as string]).toEqual(['dlhot'])
    const parkingBinding = run.topology.bindings.find((b) => b.destination === 'parking')?.id as string
    expect(o.edgeClasses[d.ids.binding.get(parkingBinding) as string]).toEqual(['dlhot'])
    expect(o.nodeClasses[d.ids.queue.get('parking') as string]).toContain('dlrecv')
    expect(o.badges.map((b) => b.lines[0])).toContain('m1 left: maxlen')
    // It moves after the publish's own path.
    const dlStage = o.motion.findIndex((s) =>
      s.some((m) => m.kind === 'edge' && m.id === d.ids.deadLetter.get('work')),
    )
    const pubStage = o.motion.findIndex((s) => s.some((m) => m.kind === 'edge' && m.id.startsWith('b_')))
    expect(dlStage).toBeGreaterThan(pubStage)
  })
})
