// Keys are data: `__proto__`, `constructor` and friends in arguments, headers and definitions behave
// like any other key (plain objects drop `__proto__` on assignment and inherit `constructor`).
import { describe, expect, it } from 'vitest'
import {
  importDefinitions,
  parseScenarioText,
  parseScript,
  runOperations,
  runScenario,
  scenarioToDefinitions,
  toAmqpTable,
} from '../../src/engine'

/** An own property's value (reading `o.__proto__` would give the prototype). */
const own = (o: object, key: string) => Object.getOwnPropertyDescriptor(o, key)?.value

const headersScenario = (headers: string) =>
  parseScenarioText(`{
  "exchanges": [{"name": "h", "type": "headers"}],
  "queues": [{"name": "q"}],
  "bindings": [{"source": "h", "destination": "q", "destination_type": "queue", "routing_key": "",
                "arguments": {"x-match": "all", "__proto__": "secret"}}],
  "publishes": [{"id": "m", "exchange": "h", "routing_key": "", "headers": ${headers}}]
}`)

describe('__proto__ as a header / argument key', () => {
  it('toAmqpTable keeps it as an own key', () => {
    const t = toAmqpTable(JSON.parse('{"__proto__": "secret", "constructor": 1}'))
    expect(Object.keys(t).sort()).toEqual(['__proto__', 'constructor'])
    expect(Object.hasOwn(t, '__proto__')).toBe(true)
  })

  it('a binding {"x-match":"all","__proto__":"secret"} does not match a message without that header', () => {
    expect(runScenario(headersScenario('{}')).result.queues).toEqual({ q: [] })
    expect(runScenario(headersScenario('{"other": 1}')).result.queues).toEqual({ q: [] })
  })

  it('it matches a message that carries the same header, and not a different value', () => {
    expect(runScenario(headersScenario('{"__proto__": "secret"}')).result.queues).toEqual({ q: ['m'] })
    expect(runScenario(headersScenario('{"__proto__": "public"}')).result.queues).toEqual({ q: [] })
  })

  it('the script gives the same answers, and the explanation lists the key', () => {
    const run = (headers: string) =>
      runOperations(
        parseScript(
          `exchange declare h headers\nqueue declare q\nbind q to h args {"x-match": "all", "__proto__": "secret"}\npublish m to h headers ${headers}`,
        ).ops,
      )
    expect(run('{}').result.queues).toEqual({ q: [] })
    const hit = run('{"__proto__": "secret"}')
    expect(hit.result.queues).toEqual({ q: ['m'] })
    const rows = hit.publishes[0]?.hops[0]?.evaluations[0]?.reason
    expect(JSON.stringify(rows)).toContain('__proto__')
  })

  it('a header named constructor is absent unless the message has it', () => {
    const s = headersScenario('{}')
    const binding = s.bindings?.[0]
    if (binding) binding.arguments = JSON.parse('{"x-match": "any", "constructor": null}')
    expect(runScenario(s).result.queues).toEqual({ q: [] })
  })

  it('`constructor` or `toString` is not a statement option', () => {
    for (const word of ['constructor', 'toString', '__proto__']) {
      const r = parseScript(`queue declare q ${word}`)
      expect(
        r.diagnostics.map((d) => d.code),
        word,
      ).toEqual(['unexpected'])
    }
  })
})

describe('definitions with __proto__', () => {
  const doc = JSON.parse(`{
    "rabbit_version": "4.1.0",
    "__proto__": [{"kept": true}],
    "constructor": {"a": 1},
    "queues": [{"name": "q", "vhost": "/", "durable": true, "auto_delete": false, "arguments": {},
                "__proto__": "extra field"}]
  }`)

  it('a section named __proto__ is kept and reported, not lost', () => {
    const { kept, ignoredSections } = importDefinitions(doc)
    expect(ignoredSections).toEqual(['__proto__', 'constructor'])
    expect(Object.hasOwn(kept.sections, '__proto__')).toBe(true)
    expect(own(kept.sections, '__proto__')).toEqual([{ kept: true }])
  })

  it('import → export puts every section and extra field back', () => {
    const { scenario, kept } = importDefinitions(doc)
    const out = JSON.parse(JSON.stringify(scenarioToDefinitions(scenario, kept)))
    expect(Object.keys(out)).toEqual([
      'rabbit_version',
      '__proto__',
      'constructor',
      'queues',
      'vhosts',
      'exchanges',
      'bindings',
    ])
    expect(own(out, '__proto__')).toEqual([{ kept: true }])
    expect(out.constructor).toEqual({ a: 1 })
    expect(own(out.queues[0], '__proto__')).toBe('extra field')
  })
})
