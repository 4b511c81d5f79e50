import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, inject, it } from 'vitest'
import type { Scenario } from '../../src/engine'
import { checkScenario } from './harness/check-scenario'
import { compareTexts } from './harness/compare'
import { MgmtApi } from './harness/mgmt-api'

// The suite must be able to fail: the same broker run compared with the engine under the
// rabbitmq-4 profile has to disagree exactly where 3.10 and 4.x differ.
const target = { amqpUrl: inject('rabbitAmqpUrl'), api: new MgmtApi(inject('rabbitMgmtUrl')) }
/** A hand-written scenario with durable queues, which RabbitMQ 4.3 requires and 3.10 accepts. */
function load(f: string): Scenario {
  const s = JSON.parse(readFileSync(join(import.meta.dirname, 'scenarios', f), 'utf8')) as Scenario
  return { ...s, queues: (s.queues ?? []).map((q) => ({ ...q, durable: true })) }
}

it('detects a headers int/float disagreement (3.10 broker vs rabbitmq-4 engine)', async () => {
  const c = await checkScenario(
    'self-check/int-vs-float',
    load('headers-int-vs-float-3-10.json'),
    target,
    'rabbitmq-4',
  )
  expect(c.equal).toBe(false)
  // m1/m2 (double/float 1 vs binding 1) and m3 (2 vs double 2) match on 3.10 only.
  expect(c.disagreed, c.report).toEqual(['m1', 'm2', 'm3'])
  expect(c.report).toContain('queue "q_int"')
})

it('detects a different error code (503 on 3.10, 406 on 4.x for an unknown exchange type)', async () => {
  const c = await checkScenario(
    'self-check/unknown-type',
    load('error-unknown-exchange-type.json'),
    target,
    'rabbitmq-4',
  )
  expect(c.equal).toBe(false)
  expect(c.report).toContain('error only on broker: exchange:x/declare/503')
})

it('compares error texts with the vhost named /, excusing only 3.10 unknown/invalid type wording', () => {
  const err = (text: string, code = 404) => ({
    queues: {},
    returns: [],
    errors: [{ id: 'm1', stage: 'publish' as const, code, text }],
  })
  const broker = err("NOT_FOUND - no exchange 'x' in vhost 'v-1'")
  expect(compareTexts(broker, err("NOT_FOUND - no exchange 'x' in vhost '/'"), 'v-1').mismatches).toEqual([])
  expect(
    compareTexts(broker, err("NOT_FOUND - no exchange 'y' in vhost '/'"), 'v-1').mismatches,
  ).toHaveLength(1)
  const invalid = err("COMMAND_INVALID - invalid exchange type 'Direct'", 503)
  expect(
    compareTexts(invalid, err("COMMAND_INVALID - unknown exchange type 'Direct'", 503), 'v').matched,
  ).toBe(1)
  expect(
    compareTexts(invalid, err("COMMAND_INVALID - unknown exchange type 'direct'", 503), 'v').matched,
  ).toBe(0)
})
