// Policies in lab plans: kept as steps (so the Real broker view predicts what the playground shows),
// waited for after they are set, rewritten for prefix mode, and limits stated where prefix mode
// cannot be exact. The broker side runs in tests/conformance/lab-kits.conf.ts.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseScript, runOperations, type Scenario } from '../../src/engine'
import { kitLimits } from '../../src/lab-core/limits'
import { planFromScenario, planFromSimSteps, predict } from '../../src/lab-core/plan'
import { policyBody, policyWaits, prefixedPatternParts } from '../../src/lab-core/policy-steps'
import { planOfScript } from '../../src/lab-view/current-plan'

const late = JSON.parse(readFileSync('tests/conformance/lab-kits/policies-late.json', 'utf8'))
const latePlan = planFromSimSteps(late.steps, { title: 'late', profile: late.profile })

describe('policy steps in lab plans', () => {
  it('the Real broker view predicts what the playground shows for a script with policies', () => {
    const text = [
      'queue declare jobs',
      'publish j1 to "" key jobs',
      'publish j2 to "" key jobs',
      'policy set cap pattern "^jobs$" definition {max-length: 1} apply-to queues',
      'publish j3 to "" key jobs',
    ].join('\n')
    const { plan, prediction } = planOfScript(text)
    const parsed = parseScript(text)
    const playground = runOperations(parsed.ops, parsed.profile, { vhosts: parsed.vhosts })
    expect(plan?.steps.map((s) => s.op)).toContain('policy.set')
    expect(prediction?.result).toEqual(playground.result)
    expect(prediction?.result.queues.jobs).toEqual(['j3'])
  })

  it('a policy changes the fingerprint; a plan without one keeps its fingerprint', () => {
    const base: Scenario = {
      profile: 'rabbitmq-3.10',
      queues: [{ name: 'q', durable: false }],
      publishes: [{ id: 'm1', exchange: '', routing_key: 'q' }],
    }
    const withPolicy: Scenario = {
      ...base,
      policies: [{ name: 'p', pattern: '^q$', definition: { 'max-length': 0 } }],
    }
    const other: Scenario = {
      ...base,
      policies: [{ name: 'p', pattern: '^q$', definition: { 'max-length': 1 } }],
    }
    const a = planFromScenario(base, 'a').fingerprint
    const b = planFromScenario(withPolicy, 'b').fingerprint
    expect(b).not.toBe(a)
    expect(planFromScenario(other, 'c').fingerprint).not.toBe(b)
    // The canonical form of policy-free steps is what it always was (kits already handed out).
    expect(a).toBe(planFromScenario(structuredClone(base), 'again').fingerprint)
    expect(predict(planFromScenario(withPolicy, 'b')).result.queues.q).toEqual([])
  })

  it('a timeline keeps its policy steps in order', () => {
    const ops = latePlan.steps.map((s) => s.op)
    expect(ops.filter((o) => o === 'policy.set')).toHaveLength(3)
    expect(ops.filter((o) => o === 'policy.clear')).toHaveLength(3)
    expect(latePlan.steps.find((s) => s.op === 'policy.clear')?.id).toBe('policy:cap-hi')
  })

  it('the body the API takes: defaults written out, typed values as plain JSON', () => {
    const plan = planFromScenario(
      {
        policies: [{ name: 'p', pattern: 'x', definition: { 'max-length': { '!': 'long', value: 5 } } }],
      } as Scenario,
      't',
    )
    const step = plan.steps[0] as Extract<(typeof plan.steps)[number], { op: 'policy.set' }>
    expect(policyBody(step)).toEqual({
      pattern: 'x',
      'apply-to': 'all',
      priority: 0,
      definition: { 'max-length': 5 },
    })
  })
})

describe('waiting for a policy to take effect', () => {
  it('lists exactly the entities whose policy each step changes, with the policy they then show', () => {
    const waits = [...policyWaits(latePlan).values()]
    expect(waits).toEqual([
      [['queue', 'jobs', 'cap']],
      [['exchange', 'orders', 'ae']],
      [
        ['queue', 'jobs', 'cap-hi'],
        ['queue', 'jobs-dlq', 'cap-hi'],
      ],
      [
        ['queue', 'jobs', 'cap'],
        ['queue', 'jobs-dlq', ''],
      ],
      [['exchange', 'orders', '']],
      [],
    ])
  })

  it('a refused policy changes nothing, so nothing is waited for', () => {
    const plan = planFromScenario(
      {
        queues: [{ name: 'q' }],
        publishes: [],
      },
      't',
    )
    const refused = planFromSimSteps(
      [
        ...plan.steps,
        { op: 'policy.set', policy: { name: 'bad', pattern: '(', definition: { 'max-length': 1 } } },
      ],
      { title: 't' },
    )
    expect([...policyWaits(refused).values()]).toEqual([[]])
  })
})

describe('prefix mode', () => {
  it('a pattern the engine reads is rewritten; one PCRE refuses is sent as written', () => {
    expect(prefixedPatternParts('^jobs$')).toEqual(['^', '[\\x00-\\xff]*?(?:(?<=^', ')jobs\\Z)'])
    expect(prefixedPatternParts('(')).toBeNull()
    // A lookahead: valid PCRE the engine does not simulate, only fenced in behind the prefix.
    expect(prefixedPatternParts('^(?!amq\\.)')).toEqual(['^', '(?:^(?!amq\\.))'])
  })

  it('its limits are stated, marked as prefix mode only, and left out for a scratch vhost', () => {
    const scenario = JSON.parse(readFileSync('tests/conformance/scenarios/policy-dead-letter.json', 'utf8'))
    const plan = planFromScenario(scenario, 'dl')
    const any = kitLimits(plan, 'node')
    expect(any).toContainEqual({ code: 'prefix-dead-letter', step: 'policy:dl', prefixOnly: true })
    expect(kitLimits(plan, 'node', [], 'vhost')).toEqual([])
    expect(kitLimits(plan, 'node', [], 'prefix')).toEqual(any)
  })

  it('an alternate exchange for built-in exchanges, and a pattern the engine cannot read, are limits', () => {
    const plan = planFromScenario(
      {
        policies: [
          {
            name: 'everything',
            pattern: '.*',
            'apply-to': 'exchanges',
            definition: { 'alternate-exchange': 'ae' },
          },
          { name: 'mine', pattern: '^mine$', definition: { 'alternate-exchange': 'ae' } },
          { name: 'look', pattern: '^(?=q)', definition: { 'max-length': 1 } },
        ],
        queues: [{ name: 'q', arguments: { 'x-dead-letter-exchange': '' } }],
      },
      't',
    )
    expect(kitLimits(plan, 'http', [], 'prefix').map((l) => [l.code, l.step])).toEqual([
      ['prefix-policy-builtin', 'policy:everything'],
      ['prefix-policy-pattern', 'policy:look'],
      ['prefix-dead-letter', 'queue:q'],
    ])
  })
})
