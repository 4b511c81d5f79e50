import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, type ExpectStatic, inject, it } from 'vitest'
import { type TimelineScript, validateTimelineScript } from '../../src/engine'
import { MgmtApi } from './harness/mgmt-api'
import { newTally, saveTally } from './harness/stats'
import { compareOnBroker } from './sim/compare'
import { randomDeadLetterTimeline, randomTimeline } from './sim/generate'
import { SEQUENCES } from './sim/sequences'
import { CONSUMER_SEQUENCES } from './sim/sequences-consumers'
import { DEAD_LETTER_SEQUENCES } from './sim/sequences-dead-letter'
import { QUEUE_TYPE_SEQUENCES } from './sim/sequences-queue-types'
import { REGRESSIONS } from './sim/sequences-regressions'
import { STREAM_SEQUENCES } from './sim/sequences-streams'
import { onTheClock } from './sim/timing'

const target = { amqpUrl: inject('rabbitAmqpUrl'), api: new MgmtApi(inject('rabbitMgmtUrl')) }
const tally = newTally()

interface Case {
  name: string
  /** How the comparison names it in its differences (default: the name). */
  label?: string
  script: TimelineScript
}

async function check(c: Case, expect: ExpectStatic): Promise<void> {
  const label = c.label ?? c.name
  const r = await compareOnBroker(label, c.script, target)
  tally.scenarios++
  if (r.equal) tally.agreed++
  else tally.disagreed++
  saveTally(inject('conformanceStatsDir'), 'sim-timeline', tally)
  if (r.retries > 0) console.log(`${label}: repeated ${r.retries}× (slow machine)`)
  expect(r.diffs.join('\n')).toBe('')
}

/**
 * One test per timeline. Those that never look at the clock (no wait, TTL or x-expires) run
 * concurrently, each in its own vhost — what a client observes of them does not depend on how fast
 * the broker answers, as the runner waits for every delivery the simulation expects. Those on the
 * clock run after them, one at a time, so the timing check (sim/timing.ts) keeps its margins.
 */
function compareEach(cases: readonly Case[]): void {
  for (const c of cases.filter((x) => !onTheClock(x.script)))
    it.concurrent(c.name, ({ expect }) => check(c, expect))
  for (const c of cases.filter((x) => onTheClock(x.script))) it(c.name, ({ expect }) => check(c, expect))
}

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
  compareEach([
    ...SEQUENCES,
    ...REGRESSIONS,
    ...FROZEN,
    ...DEAD_LETTER_SEQUENCES,
    ...CONSUMER_SEQUENCES,
    ...QUEUE_TYPE_SEQUENCES,
    ...STREAM_SEQUENCES,
  ])
})

/** Seeded random timelines; set SIM_SEEDS to change how many, SIM_SEED_BASE to move the window. */
const SEEDS = Number(process.env.SIM_SEEDS ?? 30)
const BASE = Number(process.env.SIM_SEED_BASE ?? 1)
const seeds = (n: number) => Array.from({ length: n }, (_, i) => BASE + i)

describe('timeline simulation vs RabbitMQ (seeded random timelines)', () => {
  compareEach(seeds(SEEDS).map((seed) => ({ name: `seed ${seed}`, script: randomTimeline(seed, 30) })))
})

describe('timeline simulation vs RabbitMQ (seeded random timelines with purge, delete, redeclare, connection close)', () => {
  compareEach(
    seeds(Math.ceil(SEEDS / 2)).map((seed) => ({
      name: `lifecycle seed ${seed}`,
      script: randomTimeline(seed, 30, true),
    })),
  )
})

/**
 * Seeded random timelines over the queue-type world too (sim/generate.ts: a quorum queue with a
 * delivery limit and a DLX, one with reject-publish and at-least-once dead-lettering, a stream with
 * offset consumers); SIM_QT_SEEDS (default 12) of them, 40 steps, from SIM_SEED_BASE; every
 * third also with purges, deletes, redeclares and connection closes.
 */
const QT_SEEDS = Number(process.env.SIM_QT_SEEDS ?? 12)

describe('timeline simulation vs RabbitMQ (seeded random timelines with quorum queues and a stream)', () => {
  compareEach(
    seeds(QT_SEEDS).map((seed) => ({
      name: `queue-type seed ${seed}`,
      script: randomTimeline(seed, 40, seed % 3 === 0, true),
    })),
  )
})

/**
 * Seeded random timelines mixing TTL, x-expires, length limits (drop-head, reject-publish and
 * reject-publish-dlx), priorities, policies and dead-lettering with consumers (sim/generate.ts).
 */
const DL_SEEDS = Number(process.env.SIM_DL_SEEDS ?? 8)

describe('timeline simulation vs RabbitMQ (seeded random dead-letter timelines)', () => {
  compareEach(
    seeds(DL_SEEDS).map((seed) => ({
      name: `dead-letter seed ${seed}`,
      script: randomDeadLetterTimeline(seed, 26),
    })),
  )
})

/** The timeline lessons themselves, played on the broker. */
const lessonDir = join(import.meta.dirname, '../../lessons/timeline')
const lessonIds = (JSON.parse(readFileSync(join(lessonDir, 'index.json'), 'utf8')) as { order: string[] })
  .order

describe('timeline lessons vs RabbitMQ', () => {
  compareEach(
    lessonIds.map((id) => ({
      name: id,
      label: `lesson ${id}`,
      script: validateTimelineScript(JSON.parse(readFileSync(join(lessonDir, `${id}.json`), 'utf8')), id),
    })),
  )
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
  compareEach(folderTimelines.map((t) => ({ name: t.id, label: `lesson ${t.id}`, script: t.script })))
})
