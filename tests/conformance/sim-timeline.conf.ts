import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { validateTimelineScript } from '../../src/engine'
import { MgmtApi } from './harness/mgmt-api'
import { newTally, saveTally } from './harness/stats'
import { compareOnBroker } from './sim/compare'
import { randomDeadLetterTimeline, randomTimeline } from './sim/generate'
import { SEQUENCES } from './sim/sequences'
import { CONSUMER_SEQUENCES } from './sim/sequences-consumers'
import { DEAD_LETTER_SEQUENCES } from './sim/sequences-dead-letter'
import { REGRESSIONS } from './sim/sequences-regressions'

const target = { amqpUrl: inject('rabbitAmqpUrl'), api: new MgmtApi(inject('rabbitMgmtUrl')) }
const tally = newTally()

/** Random timelines that once disagreed, frozen as generated (sim/regressions/*.json). */
const regressionDir = join(import.meta.dirname, 'sim/regressions')
const FROZEN = readdirSync(regressionDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => {
    const { description: _d, ...script } = JSON.parse(readFileSync(join(regressionDir, f), 'utf8'))
    return { name: `regression ${f}`, script: validateTimelineScript(script, f) }
  })

describe('timeline simulation vs RabbitMQ (hand-written sequences)', () => {
  for (const s of [
    ...SEQUENCES,
    ...REGRESSIONS,
    ...FROZEN,
    ...DEAD_LETTER_SEQUENCES,
    ...CONSUMER_SEQUENCES,
  ]) {
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

describe('timeline simulation vs RabbitMQ (seeded random timelines with purge, delete, redeclare, connection close)', () => {
  for (let seed = BASE; seed < BASE + Math.ceil(SEEDS / 2); seed++) {
    it(`lifecycle seed ${seed}`, async () => {
      const c = await compareOnBroker(`lifecycle seed ${seed}`, randomTimeline(seed, 30, true), target)
      tally.scenarios++
      if (c.equal) tally.agreed++
      else tally.disagreed++
      saveTally(inject('conformanceStatsDir'), 'sim-timeline', tally)
      expect(c.diffs.join('\n')).toBe('')
    })
  }
})

/**
 * Seeded random timelines mixing TTL, x-expires, length limits (drop-head, reject-publish and
 * reject-publish-dlx), priorities, policies and dead-lettering with consumers (sim/generate.ts).
 */
const DL_SEEDS = Number(process.env.SIM_DL_SEEDS ?? 8)

describe('timeline simulation vs RabbitMQ (seeded random dead-letter timelines)', () => {
  for (let seed = BASE; seed < BASE + DL_SEEDS; seed++) {
    it(`dead-letter seed ${seed}`, async () => {
      const c = await compareOnBroker(`dead-letter seed ${seed}`, randomDeadLetterTimeline(seed, 26), target)
      tally.scenarios++
      if (c.equal) tally.agreed++
      else tally.disagreed++
      saveTally(inject('conformanceStatsDir'), 'sim-timeline', tally)
      if (c.retries > 0) console.log(`dead-letter seed ${seed}: repeated ${c.retries}× (slow machine)`)
      expect(c.diffs.join('\n')).toBe('')
    })
  }
})

/** The timeline lessons themselves, played on the broker. */
const lessonDir = join(import.meta.dirname, '../../lessons/timeline')
const lessonIds = (JSON.parse(readFileSync(join(lessonDir, 'index.json'), 'utf8')) as { order: string[] })
  .order

describe('timeline lessons vs RabbitMQ', () => {
  for (const id of lessonIds) {
    it(id, async () => {
      const script = validateTimelineScript(
        JSON.parse(readFileSync(join(lessonDir, `${id}.json`), 'utf8')),
        id,
      )
      const c = await compareOnBroker(`lesson ${id}`, script, target)
      tally.scenarios++
      if (c.equal) tally.agreed++
      else tally.disagreed++
      saveTally(inject('conformanceStatsDir'), 'sim-timeline', tally)
      expect(c.diffs.join('\n')).toBe('')
    })
  }
})

/** Timelines inside lesson folders that are written for RabbitMQ 3.10 (the dead-lettering lesson's). */
const lessonsRoot = join(import.meta.dirname, '../../lessons')
const folderTimelines = readdirSync(lessonsRoot, { withFileTypes: true })
  .filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
  .flatMap((d) =>
    readdirSync(join(lessonsRoot, d.name))
      .filter((f) => f.endsWith('.timeline.json'))
      .map((f) => ({ id: `${d.name}/${f}`, file: join(lessonsRoot, d.name, f) })),
  )
  .map((t) => ({ ...t, script: validateTimelineScript(JSON.parse(readFileSync(t.file, 'utf8')), t.id) }))
  .filter((t) => t.script.profile === 'rabbitmq-3.10')

describe('lesson timelines (3.10) vs RabbitMQ', () => {
  for (const t of folderTimelines) {
    it(t.id, async () => {
      const c = await compareOnBroker(`lesson ${t.id}`, t.script, target)
      tally.scenarios++
      if (c.equal) tally.agreed++
      else tally.disagreed++
      saveTally(inject('conformanceStatsDir'), 'sim-timeline', tally)
      expect(c.diffs.join('\n')).toBe('')
    })
  }
})
