// The observation file is a contract (docs/lab-kits.md): a good one reads back whole; a malformed or
// foreign file is refused with its location, and nothing else happens.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseScenarioText } from '../../src/engine'
import { ObservationError, parseObservation } from '../../src/lab-core/observation'
import { planFromScenario } from '../../src/lab-core/plan'
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

  it('stay readable as the format grows: a file from before nacks and policy steps still loads', () => {
    // What a kit printed before `nacks` and the `policy` stage existed: only the fields of then.
    const older = {
      format: 'amqp-lab-observation',
      version: 1,
      kit: 'python',
      scenario: plan.fingerprint,
      broker: { product: 'RabbitMQ', version: '3.10.8' },
      observed_at: '2026-01-01T00:00:00Z',
      isolation: { mode: 'prefix', name: 'lab-1234abcd-x1y2z3.' },
      queues: { q: ['m1'] },
      returns: [],
      errors: [{ id: 'exchange:x', stage: 'declare', code: 406, text: 'PRECONDITION_FAILED - …' }],
    }
    const obs = parseObservation(JSON.stringify(older), plan.fingerprint)
    expect(obs.nacks).toBeUndefined()
    expect(obs.steps).toBeUndefined()
    expect(obs.bindings).toBeUndefined()
    expect(obs.errors).toEqual(older.errors)
  })

  it('read a refused policy step (stage policy, the API’s 400)', () => {
    const o = structuredClone(good)
    o.errors = [
      {
        id: 'policy:cap',
        stage: 'policy',
        code: 400,
        text: 'Validation failed\n\n-1 is not a valid maximum length\n',
      },
    ]
    o.nacks = [{ id: 'm9', queues: [] }]
    expect(parseObservation(JSON.stringify(o), plan.fingerprint)).toEqual(o)
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
      expected: 'declare, bind, unbind, delete, publish, policy',
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
