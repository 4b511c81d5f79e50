import { describe, expect, it } from 'vitest'
import { readScript } from '../../src/timeline/custom-script'

describe('custom timeline script input', () => {
  it('names a JSON syntax error', () => {
    const r = readScript('{"steps": [')
    expect('error' in r && r.error).toMatch(/^JSON: /)
  })

  it('names the path of a malformed step', () => {
    const r = readScript(
      '{"steps": [{"op": "publish", "publish": {"id": "m1", "exchange": "", "routing_key": 7}}]}',
    )
    expect('error' in r && r.error).toBe('script.steps[0].publish.routing_key: expected a string')
  })

  it('accepts a well-formed script', () => {
    const r = readScript(
      '{"profile": "rabbitmq-3.10", "steps": [{"op": "queue.declare", "queue": {"name": "q"}}]}',
    )
    expect('script' in r && r.script.steps.length).toBe(1)
  })
})
