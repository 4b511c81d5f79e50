// The route CLI: JSON only on stdout, located errors and exit code 2 for bad files, stdin with "-".
import { spawnSync } from 'node:child_process'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { routeText } from '../../scripts/route-text'
import { parseScenarioText, runScenario, ScenarioFormatError } from '../../src/engine'
import { jsonErrorOffset } from '../../src/engine/values/json-locate'

function route(args: string[], input?: string) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/route.ts', ...args], {
    input,
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe('npm run route', () => {
  it('prints the measured topic table of seed 004 as one JSON object', () => {
    const r = route(['tests/fixtures/seeds/004-topic.json'])
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout)
    expect(Object.keys(out)).toEqual(['queues', 'returns', 'errors'])
    expect(out.queues['t.lazy']).toEqual([
      'lazy.orange.elephant',
      'lazy.brown.fox',
      'lazy.pink.rabbit',
      'lazy.orange.male.rabbit',
      'lazy',
    ])
  }, 60_000)

  it('reads stdin with "-" and lists empty queues', () => {
    const scenario = {
      queues: [{ name: 'a' }],
      publishes: [{ id: 'm', exchange: '', routing_key: 'zz', mandatory: true }],
    }
    const r = route(['-'], JSON.stringify(scenario))
    expect(JSON.parse(r.stdout)).toEqual({
      queues: { a: [] },
      returns: [{ id: 'm', reply_code: 312, reply_text: 'NO_ROUTE' }],
      errors: [],
    })
  }, 60_000)

  it('a publish or binding without routing_key uses the empty key', () => {
    const s = parseScenarioText(
      JSON.stringify({
        queues: [{ name: 'q' }],
        bindings: [{ source: 'amq.direct', destination: 'q', destination_type: 'queue' }],
        publishes: [
          { id: 'm1', exchange: 'amq.direct' },
          { id: 'm2', exchange: 'amq.direct', routing_key: 'k' },
        ],
      }),
    )
    expect(s.publishes?.[0]?.routing_key).toBe('')
    expect(s.bindings?.[0]?.routing_key).toBe('')
    expect(runScenario(s).result.queues).toEqual({ q: ['m1'] })
  })

  it('a bad file: located message on stderr, nothing on stdout, exit code 2', () => {
    const syntax = route(['-'], '{\n  "queues": [\n  }')
    expect(syntax.code).toBe(2)
    expect(syntax.stdout).toBe('')
    expect(syntax.stderr).toMatch(/^<stdin>: line 3, column 3: invalid JSON/)
    const shape = route(['-'], '{"publishes": [{"id": "m", "exchange": "", "routing_key": 5}]}')
    expect(shape.code).toBe(2)
    expect(shape.stderr).toMatch(/publishes\[0\]\.routing_key: expected a string/)
    const deep = route(
      ['-'],
      `{"queues": [{"name": "q", "arguments": {"a": ${'['.repeat(10_000)}${']'.repeat(10_000)}}}]}`,
    )
    expect(deep.code).toBe(2)
    expect(deep.stderr).toMatch(/^<stdin>: queues\[0\]\.arguments\.a(\.0)+: nested deeper than 64 levels/)
    expect(deep.stderr).not.toMatch(/\n\s+at /)
    const missing = route(['no/such/file.json'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/cannot read/)
  }, 60_000)
})

describe('scenario validation', () => {
  it('names the path of the first problem', () => {
    const bad = (text: string) => {
      try {
        parseScenarioText(text)
      } catch (e) {
        if (e instanceof ScenarioFormatError) return e.message
      }
      return 'accepted'
    }
    expect(bad('{"profile": "rabbit"}')).toMatch(/^profile: unknown profile/)
    expect(
      bad('{"bindings": [{"source": "x", "destination": "q", "destination_type": "q", "routing_key": ""}]}'),
    ).toMatch(/^bindings\[0\]\.destination_type/)
    expect(
      bad('{"publishes": [{"id": "m", "exchange": "", "routing_key": "", "headers": {"a": {"!": "nope"}}}]}'),
    ).toMatch(/^publishes\[0\]\.headers\.a: unknown type to encode/)
    expect(bad('{"users": [], "queues": [{"name": "q", "extra": 1}]}')).toBe('accepted')
  })

  it('the JSON locator finds an error exactly when JSON.parse fails', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          fc.json().chain((j) => fc.nat(j.length).map((n) => j.slice(0, n) + j.slice(n + 1))),
          fc.string(),
        ),
        (text) => {
          let ok = true
          try {
            JSON.parse(text)
          } catch {
            ok = false
          }
          expect(jsonErrorOffset(text) === -1, text).toBe(ok)
        },
      ),
      { seed: 7, numRuns: 2000 },
    )
  })
})

describe('route CLI exit codes for every bad input (routeText, no process)', () => {
  const field = fc.oneof(
    fc.string({ maxLength: 4 }),
    fc.constantFrom(
      '',
      'q',
      'x',
      'amq.topic',
      'queue',
      'exchange',
      'headers',
      'topic',
      'a.*',
      '#',
      '__proto__',
    ),
    fc.jsonValue({ maxDepth: 3 }),
  )
  const item = fc.dictionary(
    fc.constantFrom(
      'name',
      'type',
      'vhost',
      'durable',
      'exclusive',
      'arguments',
      'source',
      'destination',
      'destination_type',
      'routing_key',
      'id',
      'exchange',
      'headers',
      'properties',
      'mandatory',
      'passive',
      '__proto__',
    ),
    field,
    { maxKeys: 8 },
  )
  const scenario = fc.record(
    {
      profile: fc.constantFrom('rabbitmq-4', 'rabbitmq-3.10', 'teaching', 'robustmq', 'nope'),
      vhosts: fc.array(fc.oneof(fc.record({ name: fc.string({ maxLength: 3 }) }), field), { maxLength: 2 }),
      exchanges: fc.array(item, { maxLength: 3 }),
      queues: fc.array(item, { maxLength: 3 }),
      bindings: fc.array(item, { maxLength: 3 }),
      publishes: fc.oneof(fc.array(item, { maxLength: 3 }), field),
    },
    { requiredKeys: [] },
  )
  const text = fc.oneof(
    scenario.map((s) => JSON.stringify(s)),
    scenario.map((s) => JSON.stringify(s)).chain((j) => fc.nat(j.length).map((n) => j.slice(0, n))),
    fc.string(),
    fc.jsonValue().map((v) => JSON.stringify(v)),
  )

  it('exit 0 with JSON, or exit 2 with one located line; never 1, never a stack', () => {
    fc.assert(
      fc.property(text, (input) => {
        const out = routeText(input, 'f.json')
        expect(out.code === 0 || out.code === 2, `${input}\n${out.stderr}`).toBe(true)
        if (out.code === 0) expect(() => JSON.parse(out.stdout)).not.toThrow()
        else {
          expect(out.stdout).toBe('')
          expect(out.stderr).toMatch(/^f\.json: [^\n]+\n$/)
        }
      }),
      { seed: 11, numRuns: 3000 },
    )
  })
})
