// The observation file is a contract (docs/lab-kits.md): a good one reads back whole; a malformed or
// foreign file is refused with its location, and nothing else happens.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseScenarioText } from '../../src/engine'
import { ObservationError, parseObservation } from '../../src/labkit/observation'
import { planFromScenario } from '../../src/labkit/plan'
import { engineObservation } from './support/lab-observation'

const plan = planFromScenario(
  parseScenarioText(readFileSync('public/scenarios/homework-06.json', 'utf8')),
  'hw06',
)
const good = engineObservation(plan, plan)
const text = JSON.stringify(good, null, 2)

function problem(t: string, fingerprint?: string) {
  try {
    parseObservation(t, fingerprint)
  } catch (e) {
    expect(e).toBeInstanceOf(ObservationError)
    return (e as ObservationError).problem
  }
  throw new Error('accepted')
}

describe('observation files', () => {
  it('read back whole, for the plan they were made for', () => {
    expect(parseObservation(text, plan.fingerprint)).toEqual(good)
  })

  it('locate a JSON syntax error by line and column', () => {
    const broken = text.replace('"returns": [', '"returns": [,')
    const line = broken.split('\n').findIndex((l) => l.includes('"returns": [,')) + 1
    expect(problem(broken)).toEqual({ code: 'json', line, column: expect.any(Number) })
  })

  it('name what a foreign file looks like', () => {
    expect(problem(readFileSync('public/scenarios/homework-06.json', 'utf8'))).toEqual({
      code: 'foreign',
      kind: 'scenario',
    })
    expect(problem('{"rabbit_version": "3.10.8", "queues": []}')).toEqual({
      code: 'foreign',
      kind: 'definitions',
    })
    expect(problem('{"queues": {}, "returns": [], "errors": []}')).toEqual({
      code: 'foreign',
      kind: 'route-result',
    })
    expect(problem('[1, 2]')).toEqual({ code: 'field', path: '(file)', expected: 'an object' })
  })

  it('point at the first bad field', () => {
    const bad = (patch: (o: Record<string, unknown>) => void) => {
      const o = structuredClone(good) as unknown as Record<string, unknown>
      patch(o)
      return problem(JSON.stringify(o))
    }
    expect(bad((o) => ((o.queues as Record<string, unknown>)['lab.q1'] = ['a', 2]))).toEqual({
      code: 'field',
      path: 'queues["lab.q1"][1]',
      expected: 'a string',
    })
    expect(
      bad((o) => {
        ;(o.errors as unknown[]).push({ id: 'x', stage: 'oops', code: 1, text: '' })
      }),
    ).toEqual({
      code: 'field',
      path: 'errors[0].stage',
      expected: 'declare, bind, unbind, delete, publish',
    })
    expect(bad((o) => (o.version = 2))).toEqual({ code: 'version', version: '2' })
    expect(bad((o) => delete o.broker)).toEqual({ code: 'field', path: 'broker', expected: 'an object' })
  })

  it('refuse an observation of another scenario', () => {
    expect(problem(text, '0000000000000000')).toEqual({
      code: 'other-scenario',
      expected: '0000000000000000',
      found: plan.fingerprint,
    })
  })
})
