import { describe, expect, inject, it } from 'vitest'
import { MgmtApi } from './harness/mgmt-api'
import { newTally, saveTally } from './harness/stats'
import { compareOnBroker } from './sim/compare'
import { randomTimeline } from './sim/generate'
import { SEQUENCES } from './sim/sequences'

const target = { amqpUrl: inject('rabbitAmqpUrl'), api: new MgmtApi(inject('rabbitMgmtUrl')) }
const tally = newTally()

describe('timeline simulation vs RabbitMQ (hand-written sequences)', () => {
  for (const s of SEQUENCES) {
    it(s.name, async () => {
      const c = await compareOnBroker(s.name, s.script, target)
      tally.scenarios++
      if (c.equal) tally.agreed++
      else tally.disagreed++
      saveTally(inject('conformanceStatsDir'), 'sim-timeline', tally)
      expect(c.diffs.join('\n')).toBe('')
    })
  }
})

/** Seeded random timelines; set SIM_SEEDS to change how many, SIM_SEED_BASE to move the window. */
const SEEDS = Number(process.env.SIM_SEEDS ?? 30)
const BASE = Number(process.env.SIM_SEED_BASE ?? 1)

describe('timeline simulation vs RabbitMQ (seeded random timelines)', () => {
  for (let seed = BASE; seed < BASE + SEEDS; seed++) {
    it(`seed ${seed}`, async () => {
      const c = await compareOnBroker(`seed ${seed}`, randomTimeline(seed, 30), target)
      tally.scenarios++
      if (c.equal) tally.agreed++
      else tally.disagreed++
      saveTally(inject('conformanceStatsDir'), 'sim-timeline', tally)
      expect(c.diffs.join('\n')).toBe('')
    })
  }
})
