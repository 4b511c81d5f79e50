import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { type BrokerTarget, type Checked, checkScenario } from './harness/check-scenario'
import { loadScenarios } from './harness/load-scenarios'
import { MgmtApi } from './harness/mgmt-api'
import { newTally, saveTally } from './harness/stats'

// Hand-written scenarios (one rule each) and kept regressions from the random suite.
const sets = [
  { label: 'scenarios', files: loadScenarios(join(import.meta.dirname, 'scenarios')) },
  { label: 'regressions', files: loadScenarios(join(import.meta.dirname, 'regressions')) },
]
const target: BrokerTarget = { amqpUrl: inject('rabbitAmqpUrl'), api: new MgmtApi(inject('rabbitMgmtUrl')) }
const tally = newTally()
const textDiffs: string[] = []

function count(c: Checked): void {
  tally.scenarios++
  tally.agreed += c.agreed
  tally.disagreed += c.disagreed.length
  tally.textsMatched = (tally.textsMatched ?? 0) + c.textsMatched
  tally.textsDiffered = (tally.textsDiffered ?? 0) + c.textDiffs.length
  for (const t of c.textDiffs)
    textDiffs.push(`${c.name} ${t.id}: broker "${t.broker}" / engine "${t.engine}"`)
}

it('has at least 40 hand-written scenarios', () => {
  expect(sets[0].files.length).toBeGreaterThanOrEqual(40)
})

for (const set of sets.filter((s) => s.files.length > 0)) {
  describe(set.label, () => {
    for (const f of set.files) {
      it.concurrent(`${f.name}: ${f.description}`, async () => {
        const c = await checkScenario(`${set.label}/${f.name}`, f.scenario, target)
        count(c)
        if (!c.equal) console.error(c.report)
        expect(c.equal, c.report).toBe(true)
      })
    }
  })
}

afterAll(() => {
  saveTally(inject('conformanceStatsDir'), 'hand-written', tally)
  if (textDiffs.length > 0)
    console.warn(`error texts that differ from the broker's:\n${textDiffs.join('\n')}`)
})
