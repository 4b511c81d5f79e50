/** definitions.json ⇄ scenario ⇄ script, losslessly for vhosts, exchanges, queues and bindings. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { scenarioToDefinitions, topologyToDefinitions } from '../../src/engine/definitions/export'
import { DefinitionsError, importDefinitions } from '../../src/engine/definitions/import'
import { operationsToScenario } from '../../src/engine/definitions/to-scenario'
import { runOperations } from '../../src/engine/scenario/run'
import { operationsFromScenario } from '../../src/engine/script/from-scenario'
import { parseScript } from '../../src/engine/script/parse'
import { printScript } from '../../src/engine/script/print'

const raw = readFileSync('tests/fixtures/definitions/shop-export.json', 'utf8')
const doc = JSON.parse(raw)

describe('definitions import', () => {
  it('takes the simulated sections and reports the rest', () => {
    const { scenario, ignoredSections } = importDefinitions(doc)
    expect(scenario.exchanges).toHaveLength(4)
    expect(scenario.queues).toHaveLength(6)
    expect(scenario.bindings?.filter((b) => b.destination_type === 'exchange')).toHaveLength(2)
    expect(scenario.vhosts?.map((v) => v.name)).toEqual(['/', 'shop', 'empty-vhost'])
    expect(ignoredSections).toEqual(['users', 'permissions', 'global_parameters'])
  })
  it('round-trips exactly: import → export gives the same document', () => {
    const { scenario, kept } = importDefinitions(doc)
    expect(scenarioToDefinitions(scenario, kept)).toEqual(doc)
    expect(JSON.stringify(scenarioToDefinitions(scenario, kept))).toBe(JSON.stringify(doc))
  })
  it('round-trips through the script and the engine', () => {
    const { scenario, kept } = importDefinitions(doc)
    const text = printScript(operationsFromScenario(scenario), {
      vhosts: scenario.vhosts?.map((v) => v.name),
    })
    const parsed = parseScript(text)
    expect(parsed.diagnostics).toEqual([])
    const run = runOperations(parsed.ops, 'rabbitmq-3.10')
    expect(run.result.errors).toEqual([])
    const back = topologyToDefinitions(run.topology, kept, parsed.vhosts)
    // The engine groups entities by vhost, so compare each section as a set of entries.
    const sorted = (d: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(d).map(([k, v]) => [k, Array.isArray(v) ? v.map((e) => JSON.stringify(e)).sort() : v]),
      )
    expect(sorted(back)).toEqual(sorted(doc))
    expect(Object.keys(back)).toEqual(Object.keys(doc))
  })
  it('routes through the exchange-to-exchange and headers bindings', () => {
    const { scenario } = importDefinitions(doc)
    const ops = [
      ...operationsFromScenario(scenario),
      ...parseScript(
        [
          'vhost shop',
          'publish eu to shop.in key order.created.eu',
          'publish pdf to shop.in key doc.x headers {format: "pdf", type: "invoice"}',
          'publish lost to shop.in key nothing.here mandatory',
        ].join('\n'),
      ).ops,
    ]
    const run = runOperations(ops, 'rabbitmq-3.10')
    // result.queues names queues outside the default vhost as VHOST/NAME
    expect(run.result.queues).toEqual({
      ping: [],
      'shop/audit.all': ['eu'],
      'shop/orders.eu': ['eu'],
      'shop/invoices.pdf': ['pdf'],
      'shop/reports.any': ['pdf'],
      'shop/unrouted': ['lost'],
    })
  })
  it('names the path of malformed input', () => {
    expect(() => importDefinitions({ exchanges: [{ name: 'x' }] })).toThrow(/exchanges\[0\]\.type/)
    expect(() =>
      importDefinitions({ bindings: [{ source: 'a', destination: 'b', destination_type: 'topic' }] }),
    ).toThrow(DefinitionsError)
    expect(() => importDefinitions([1])).toThrow(/JSON object/)
    expect(() => importDefinitions({ queues: {} })).toThrow(/queues: must be an array/)
  })
})

describe('operations → scenario', () => {
  it('keeps declarations and publishes, counts what a scenario cannot say', () => {
    const { ops } = parseScript(
      'exchange declare x topic\nqueue declare q\nbind q to x key a\npublish m to x key a\nunbind q from x key a\npublish n to x key a',
    )
    const { scenario, notExpressible } = operationsToScenario(ops, 'teaching')
    expect(scenario.profile).toBe('teaching')
    expect(scenario.publishes?.map((p) => p.id)).toEqual(['m', 'n'])
    expect(notExpressible).toBe(1)
  })
})
