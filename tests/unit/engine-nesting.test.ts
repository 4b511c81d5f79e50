// Absurdly deep values (10⁴ levels) are refused with a located error by every reader, never a
// RangeError out of the stack; MAX_NESTING levels are still accepted everywhere.
import { describe, expect, it } from 'vitest'
import { routeText } from '../../scripts/route-text'
import {
  AmqpValueError,
  DefinitionsError,
  importDefinitions,
  parseScenarioText,
  parseScript,
  runScenario,
  ScenarioFormatError,
  toAmqpTable,
} from '../../src/engine'
import { jsonErrorOffset } from '../../src/engine/values/json-locate'
import { MAX_NESTING, tooDeepPath } from '../../src/engine/values/plain-data'

const DEEP = 10_000
/** `{"a": {"a": … 1 …}}` with `levels` tables (JSON keys quoted). */
const jsonTables = (levels: number) => `${'{"a": '.repeat(levels - 1)}{"a": 1}${'}'.repeat(levels - 1)}`
const scriptTables = (levels: number) => `${'{a: '.repeat(levels - 1)}{a: 1}${'}'.repeat(levels - 1)}`
const jsonArrays = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`

function caught(fn: () => unknown): unknown {
  try {
    fn()
  } catch (e) {
    return e
  }
  return 'no error'
}

describe('the script parser', () => {
  it('a 10⁴-deep table is one located diagnostic, the other lines still parse', () => {
    const text = `queue declare a\nbind a to amq.topic args ${scriptTables(DEEP)}\nqueue declare b`
    const r = parseScript(text)
    expect(r.diagnostics).toHaveLength(1)
    const d = r.diagnostics[0]
    expect(d?.code).toBe('too-deep')
    expect(d?.message).toMatch(/nested deeper than 64 levels/)
    // Located on the line, at the first bracket past the limit.
    expect(d?.loc.line).toBe(2)
    expect(d?.loc.column).toBe('bind a to amq.topic args '.length + 1 + 4 * MAX_NESTING)
    expect(r.declared.queues).toEqual(['a', 'b'])
  })

  it('deep arrays and chains of type prefixes are refused the same way', () => {
    expect(parseScript(`publish to x headers {a: ${jsonArrays(DEEP)}}`).diagnostics[0]?.code).toBe('too-deep')
    expect(parseScript(`publish to x headers {a: ${'long '.repeat(DEEP)}1}`).diagnostics[0]?.code).toBe(
      'too-deep',
    )
  })

  it('exactly MAX_NESTING levels parse and route', () => {
    const r = parseScript(`queue declare q args ${scriptTables(MAX_NESTING)}`)
    expect(r.diagnostics).toEqual([])
    expect(parseScript(`queue declare q args ${scriptTables(MAX_NESTING + 1)}`).diagnostics[0]?.code).toBe(
      'too-deep',
    )
  })
})

describe('scenario, values and definitions readers', () => {
  it('parseScenarioText names the path', () => {
    const e = caught(() => parseScenarioText(scenarioText(jsonTables(DEEP))))
    expect(e).toBeInstanceOf(ScenarioFormatError)
    expect((e as ScenarioFormatError).path).toMatch(/^publishes\[0\]\.headers\.h(\.a)+$/)
    expect((e as Error).message).toMatch(/nested deeper than 64 levels/)
    expect(parseScenarioText(scenarioText(jsonTables(MAX_NESTING - 1))).publishes).toHaveLength(1)
  })

  it('toAmqpTable throws AmqpValueError with a path', () => {
    const e = caught(() => toAmqpTable(JSON.parse(`{"h": ${jsonArrays(DEEP)}}`)))
    expect(e).toBeInstanceOf(AmqpValueError)
    expect((e as AmqpValueError).path).toMatch(/^h(\.0)+$/)
    const typed = caught(() =>
      toAmqpTable(JSON.parse(`{"h": ${'{"!": "object", "value": '.repeat(DEEP)}1${'}'.repeat(DEEP)}}`)),
    )
    expect(typed).toBeInstanceOf(AmqpValueError)
  })

  it('runScenario (no validation first) records a client refusal instead of throwing', () => {
    const s = JSON.parse(scenarioText(jsonTables(DEEP)))
    const r = runScenario(s)
    expect(r.result.errors).toEqual([
      expect.objectContaining({
        id: 'm',
        stage: 'publish',
        code: 0,
        text: expect.stringMatching(/nested deeper/),
      }),
    ])
  })

  it('importDefinitions names the path, for arguments and for kept sections', () => {
    const args = caught(() =>
      importDefinitions(JSON.parse(`{"queues": [{"name": "q", "arguments": {"x": ${jsonTables(DEEP)}}}]}`)),
    )
    expect(args).toBeInstanceOf(DefinitionsError)
    expect((args as DefinitionsError).path).toMatch(/^queues\[0\]\.arguments\.x(\.a)+$/)
    const kept = caught(() => importDefinitions(JSON.parse(`{"parameters": ${jsonArrays(DEEP)}}`)))
    expect(kept).toBeInstanceOf(DefinitionsError)
    expect((kept as DefinitionsError).path).toMatch(/^parameters(\.0)+$/)
  })

  it('tooDeepPath counts the way toAmqpTable does', () => {
    expect(tooDeepPath(JSON.parse(jsonTables(MAX_NESTING)))).toBeNull()
    expect(tooDeepPath(JSON.parse(jsonTables(MAX_NESTING + 1)))).toBe('a.'.repeat(MAX_NESTING).slice(0, -1))
    expect(() => toAmqpTable(JSON.parse(jsonTables(MAX_NESTING)))).not.toThrow()
    expect(() => toAmqpTable(JSON.parse(jsonTables(MAX_NESTING + 1)))).toThrow(AmqpValueError)
  })

  it('the JSON locator survives 10⁵ open brackets', () => {
    const text = `${'['.repeat(100_000)}x`
    expect(jsonErrorOffset(text)).toBe(100_000)
  })
})

describe('the route CLI', () => {
  it('deep input exits 2 with a located message, no stack', () => {
    const out = routeText(scenarioText(jsonTables(DEEP)), 'deep.json')
    expect(out.code).toBe(2)
    expect(out.stdout).toBe('')
    expect(out.stderr).toMatch(/^deep\.json: publishes\[0\]\.headers\.h(\.a)+: nested deeper than 64 levels/)
    expect(out.stderr).not.toMatch(/\n\s+at /)
    const unparsable = routeText(`${'['.repeat(100_000)}x`, 'bad.json')
    expect(unparsable.code).toBe(2)
    expect(unparsable.stderr).toMatch(/^bad\.json: line 1, column 100001: invalid JSON/)
  })
})

function scenarioText(value: string) {
  return `{"queues": [{"name": "q"}], "publishes": [{"id": "m", "exchange": "", "routing_key": "q", "headers": {"h": ${value}}}]}`
}
