// Scenario links (#scenario=…): size before decoding, nesting refused with the path, keys as data.
import { describe, expect, it } from 'vitest'
import {
  base64UrlDecode,
  base64UrlEncode,
  MAX_SCENARIO_BYTES,
  ScenarioLinkError,
  scenarioJsonToScript,
} from '../../src/store/scenario-link'

function caught(fn: () => unknown): ScenarioLinkError | null {
  try {
    fn()
  } catch (e) {
    if (e instanceof ScenarioLinkError) return e
    throw e
  }
  return null
}

describe('scenario links', () => {
  it('a 10⁴-deep argument is a located bad-scenario error, not a stack overflow', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`
    const e = caught(() =>
      scenarioJsonToScript(`{"queues": [{"name": "q", "arguments": {"x-args": ${deep}}}]}`),
    )
    expect(e?.kind).toBe('bad-scenario')
    expect(e?.message).toMatch(/^queues\[0\]\.arguments\.x-args(\.0)+: nested deeper than 64 levels/)
  })

  it('64 levels still open, and print back as a script that parses', () => {
    const ok = `${'['.repeat(63)}1${']'.repeat(63)}`
    const script = scenarioJsonToScript(`{"queues": [{"name": "q", "arguments": {"a": ${ok}}}]}`)
    expect(script).toBe(`queue declare q args {a: ${ok}}\n`)
  })

  it('an oversized payload is refused before decoding', () => {
    const huge = 'A'.repeat(Math.ceil(MAX_SCENARIO_BYTES / 3) * 4 + 100)
    expect(caught(() => base64UrlDecode(huge))?.kind).toBe('too-large')
    expect(base64UrlDecode(base64UrlEncode('{"queues": []}'))).toBe('{"queues": []}')
  })

  it('a __proto__ argument survives the link', () => {
    const script = scenarioJsonToScript(
      '{"queues": [{"name": "q"}], "bindings": [{"source": "amq.headers", "destination": "q", "destination_type": "queue", "routing_key": "", "arguments": {"__proto__": "secret"}}]}',
    )
    expect(script).toContain('args {__proto__: "secret"}')
  })
})
