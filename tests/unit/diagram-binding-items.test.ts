/** The text list of drawn bindings: exactly the drawn ones, each with its source, destination and match. */
import { describe, expect, it } from 'vitest'
import { bindingItems } from '../../src/diagram/binding-items'
import { buildDiagram } from '../../src/diagram/to-mermaid'
import { runScenario } from '../../src/engine'
import { largeScenario, runRich } from './diagram-fixtures'

describe('bindingItems', () => {
  it('lists every drawn binding with its key, header arguments, or fanout', () => {
    const { run } = runRich()
    const model = buildDiagram(run.topology, null)
    const items = bindingItems(run.topology, model)
    expect(items.map((b) => b.id).sort()).toEqual(Object.values(model.edges).sort())
    const line = (b: (typeof items)[number]) =>
      `${b.source} → ${b.destinationKind} ${b.destination}: ${
        b.match.kind === 'key' ? b.match.key : b.match.kind === 'args' ? b.match.args : '*'
      }`
    expect(items.map(line).sort()).toEqual(
      [
        'orders → queue audit: order.#',
        'orders → queue audit: *.created',
        'orders → exchange docs: order.*',
        'docs → queue pdf: x-match=all, format=pdf, pages=3',
        'unrouted → queue lost: *',
      ].sort(),
    )
  })

  it('lists only what a focused drawing shows', () => {
    const run = runScenario(largeScenario(400))
    const model = buildDiagram(run.topology, run.publishes[0] ?? null)
    expect(model.focused).toBe(true)
    const items = bindingItems(run.topology, model)
    expect(items.length).toBe(model.ids.binding.size)
    expect(items.length).toBeLessThan(400)
    expect(items.map((b) => b.destination)).toContain('q7')
  })
})
