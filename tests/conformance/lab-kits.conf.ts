/**
 * Lab kits against the private node: every flavour (Node/amqplib, Python/pika, Java client, HTTP API
 * with curl) runs at least 20 scenarios as a user would, and its observation file must equal the
 * engine's prediction (queues, returns, errors by id, stage and code; the AMQP kits' error texts
 * too). Scenarios come from the hand-written suite, chosen by the flavour's own limits, plus
 * hostile names, two vhosts, homework 06 and homework 08's timeline; a few run in prefix mode.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { diffObservation } from '../../src/lab-core/diff'
import { KIT_FLAVOURS, parseObservation } from '../../src/lab-core/observation'
import { type LabPlan, predict } from '../../src/lab-core/plan'
import { comparable, compareTexts } from './harness/compare'
import { type Case, casesFor } from './harness/kit-cases'
import { compileJava, kitDir, type ProcessResult, run, writeKit } from './harness/kit-runner'
import { MgmtApi } from './harness/mgmt-api'
import { newTally, saveTally } from './harness/stats'

const amqpUrl = inject('rabbitAmqpUrl')
const mgmtUrl = inject('rabbitMgmtUrl')
const api = new MgmtApi(mgmtUrl)

const { dir, remove } = kitDir()
const plans = KIT_FLAVOURS.map((flavour) => ({ flavour, cases: casesFor(flavour) }))
const commands = new Map<string, [string, string[]]>()
const javaNames: string[] = []
for (const { flavour, cases } of plans)
  cases.forEach((c, i) => {
    const name = `Lab_${flavour}_${i}`
    commands.set(`${flavour}/${c.name}`, writeKit(dir, flavour, c.plan, name))
    if (flavour === 'java') javaNames.push(name)
  })

const tally = newTally()
const timings: Record<string, number> = {}
let javacMs = 0

/** Scratch vhosts of an earlier, interrupted run (on a reused broker) are not this run's to answer for. */
let before: string[] = []

beforeAll(async () => {
  before = await api.vhostNames('lab-')
  const javac = await compileJava(dir, javaNames)
  javacMs = javac.ms
  if (javac.code !== 0) throw new Error(`javac failed:\n${javac.stderr}`)
}, 300_000)

afterAll(async () => {
  // Every kit deletes what it created: no scratch vhost may remain.
  const left = (await api.vhostNames('lab-')).filter((v) => !before.includes(v))
  remove()
  saveTally(inject('conformanceStatsDir'), 'lab-kits', tally)
  console.log(
    `lab kits: ${Object.entries(timings)
      .map(([f, ms]) => `${f} ${(ms / 1000).toFixed(1)} s`)
      .join(', ')}, javac ${(javacMs / 1000).toFixed(1)} s`,
  )
  expect(left, 'scratch vhosts left behind').toEqual([])
})

function describeFailure(c: Case, out: ProcessResult, detail: string): string {
  return `${c.name}: ${detail}\nexit ${out.code}\nstderr:\n${out.stderr}\nstdout:\n${out.stdout.slice(0, 4000)}`
}

for (const { flavour, cases } of plans) {
  describe(`${flavour} kit`, () => {
    it(`runs at least 20 scenarios (${cases.length})`, () => {
      expect(cases.length).toBeGreaterThanOrEqual(20)
    })
    for (const c of cases) {
      it.concurrent(c.name, async () => {
        const [cmd, args] = commands.get(`${flavour}/${c.name}`) as [string, string[]]
        const env: Record<string, string> = {
          RABBITMQ_URL: amqpUrl,
          RABBITMQ_MANAGEMENT_URL: mgmtUrl,
          LAB_MODE: c.prefix ? 'prefix' : 'vhost',
        }
        const out = await run(cmd, args, { cwd: dir, env })
        timings[flavour] = (timings[flavour] ?? 0) + out.ms
        expect(out.code, describeFailure(c, out, 'the kit failed')).toBe(0)
        const obs = parseObservation(out.stdout, c.plan.fingerprint)
        expect(obs.kit).toBe(flavour)
        expect(obs.isolation.mode).toBe(c.prefix ? 'prefix' : 'vhost')
        const predicted = predict(c.plan).result
        tally.scenarios++
        expect(comparable(obs), describeFailure(c, out, 'observation differs from the prediction')).toEqual(
          comparable(predicted),
        )
        if (flavour !== 'http') {
          // The HTTP API words refusals its own way; the AMQP clients get the broker's texts.
          const texts = compareTexts(obs, predicted, '/')
          expect(texts.mismatches, describeFailure(c, out, 'error texts differ')).toEqual([])
        }
        tally.agreed += (c.plan.steps.filter((s) => s.op === 'publish') ?? []).length
        expect(obs.steps?.length).toBe(c.plan.steps.length)
      })
    }
  })
}

/**
 * Negative control: the comparison must be able to fail. One Node kit runs on the broker; its
 * observation agrees with the engine's prediction of the plan, and disagrees with a prediction made
 * from the same plan with one binding key changed — the diff finds the difference and explains it.
 */
describe('lab-kit comparison (negative control)', () => {
  const withTypo = (plan: LabPlan): LabPlan | null => {
    const at = plan.steps.findIndex((s) => s.op === 'bind' && s.binding.routing_key !== '')
    const step = plan.steps[at]
    if (step?.op !== 'bind') return null
    const steps = [...plan.steps]
    steps[at] = { ...step, binding: { ...step.binding, routing_key: `${step.binding.routing_key}x` } }
    return { ...plan, steps }
  }
  // The first Node case whose prediction the changed key moves (decided by the engine alone).
  const picked = (plans.find((p) => p.flavour === 'node')?.cases ?? [])
    .filter((c) => !c.prefix)
    .map((c) => ({ c, wrong: withTypo(c.plan) }))
    .find(
      ({ c, wrong }) =>
        wrong !== null &&
        JSON.stringify(comparable(predict(wrong).result)) !==
          JSON.stringify(comparable(predict(c.plan).result)),
    )

  it('a prediction with one binding key changed is caught on a real observation', async () => {
    expect(picked, 'a Node case whose prediction a binding key changes').toBeDefined()
    const { c, wrong } = picked as { c: Case; wrong: LabPlan }
    const [cmd, args] = writeKit(dir, 'node', c.plan, 'Lab_negative_control')
    const out = await run(cmd, args, {
      cwd: dir,
      env: { RABBITMQ_URL: amqpUrl, RABBITMQ_MANAGEMENT_URL: mgmtUrl, LAB_MODE: 'vhost' },
    })
    expect(out.code, describeFailure(c, out, 'the kit failed')).toBe(0)
    const obs = parseObservation(out.stdout, c.plan.fingerprint)
    expect(comparable(obs)).toEqual(comparable(predict(c.plan).result))
    expect(comparable(obs)).not.toEqual(comparable(predict(wrong).result))
    const diff = diffObservation(wrong, predict(wrong), obs)
    expect(diff.differences).toBeGreaterThan(0)
    expect(diff.first).not.toBeNull()
  })
})
