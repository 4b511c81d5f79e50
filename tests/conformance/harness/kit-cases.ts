/**
 * The scenarios the lab kits and live mode run against the private node: the special ones every
 * flavour runs (policies among them, set through the management API; queues only a consumer can
 * read), then hand-written suite scenarios the flavour can send exactly, spread evenly.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseScenarioText } from '../../../src/engine'
import { kitLimits } from '../../../src/lab-core/limits'
import type { KitFlavour } from '../../../src/lab-core/observation'
import { type LabPlan, planFromScenario, planFromSimSteps, predict } from '../../../src/lab-core/plan'
import { loadScenarios } from './load-scenarios'

const PER_FLAVOUR = Number(process.env.LABKIT_COUNT ?? 24)

export interface Case {
  name: string
  plan: LabPlan
  prefix?: boolean
}

const fromFile = (file: string): LabPlan =>
  planFromScenario(parseScenarioText(readFileSync(file, 'utf8')), file)

/** A list of steps in time order (policies set after the queues exist), as a timeline has them. */
const fromSteps = (file: string): LabPlan => {
  const { profile, steps } = JSON.parse(readFileSync(file, 'utf8'))
  return planFromSimSteps(steps, { title: file, profile })
}

/** Always run, in every flavour: what a user would do first, and what breaks generators. */
const SPECIAL: Case[] = [
  { name: 'hostile-names', plan: fromFile('tests/conformance/lab-kits/hostile-names.json') },
  { name: 'two-vhosts', plan: fromFile('tests/conformance/lab-kits/two-vhosts.json') },
  {
    name: 'homework-06',
    plan: { ...fromFile('public/scenarios/homework-06.json') },
  },
  {
    name: 'homework-08-timeline',
    plan: planFromSimSteps(
      JSON.parse(readFileSync('lessons/timeline/hw08-bind-unbind-rebind.json', 'utf8')).steps,
      { title: 'homework 08', profile: 'rabbitmq-3.10' },
    ),
  },
  {
    name: 'hostile-names (prefix mode)',
    plan: fromFile('tests/conformance/lab-kits/hostile-names.json'),
    prefix: true,
  },
  {
    name: 'two-vhosts (prefix mode)',
    plan: fromFile('tests/conformance/lab-kits/two-vhosts.json'),
    prefix: true,
  },
  { name: 'hostile-policies', plan: fromFile('tests/conformance/lab-kits/hostile-policies.json') },
  { name: 'policies-late', plan: fromSteps('tests/conformance/lab-kits/policies-late.json') },
  {
    name: 'hostile-policies (prefix mode)',
    plan: fromFile('tests/conformance/lab-kits/hostile-policies.json'),
    prefix: true,
  },
  {
    name: 'policies-late (prefix mode)',
    plan: fromSteps('tests/conformance/lab-kits/policies-late.json'),
    prefix: true,
  },
]
// The study note's broker is 3.10 here: homework 06's file says rabbitmq-4 (its rules differ on 3.10
// only for transient queues, which it has none of); predict it as this broker behaves.
for (const c of SPECIAL) c.plan = { ...c.plan, profile: 'rabbitmq-3.10' }

const ALL_SUITE: Case[] = loadScenarios(resolve('tests/conformance/scenarios')).map((f) => ({
  name: f.name,
  plan: planFromScenario(f.scenario, f.name),
}))
/** The suite's policy scenarios run in every flavour; the rest are spread. */
const POLICIES = ALL_SUITE.filter((c) => c.name.startsWith('policy-'))
/**
 * Queues a kit reads with a consumer (basic.get is refused there) holding messages, in every flavour
 * that can read them (the HTTP kit cannot: its limit leaves them out): streams from the first
 * offset, with a message expiring at once kept; a stream beside a quorum and a classic queue; types
 * known from the declarations the broker took (r6 stays quorum after a refused stream redeclare);
 * a quorum queue with single active consumer.
 */
const CONSUMER_READ = [
  'qtype-stream-keeps-everything.json',
  'qtype-routing-across-types.json',
  'qtype-redeclare-queue-type.json',
  'qtype-quorum-single-active-consumer.json',
].map((name) => {
  const found = ALL_SUITE.find((c) => c.name === name)
  if (!found) throw new Error(`kit-cases: no suite scenario ${name}`)
  return found
})
const SUITE = ALL_SUITE.filter((c) => !POLICIES.includes(c) && !CONSUMER_READ.includes(c))

function clientRefused(plan: LabPlan): string[] {
  return predict(plan)
    .result.errors.filter((e) => e.code === 0)
    .map((e) => e.id)
}

/** The flavour's cases: the special ones, then suite scenarios it can send exactly, spread evenly. */
export function casesFor(flavour: KitFlavour): Case[] {
  const fits = (c: Case) =>
    kitLimits(c.plan, flavour, clientRefused(c.plan), c.prefix ? 'prefix' : 'vhost').length === 0
  const always = [...SPECIAL, ...POLICIES, ...CONSUMER_READ].filter(fits)
  const suite = SUITE.filter(fits)
  const wanted = Math.max(0, PER_FLAVOUR - always.length)
  const step = suite.length / Math.max(1, wanted)
  const picked =
    suite.length <= wanted
      ? suite
      : Array.from({ length: wanted }, (_, i) => suite[Math.floor(i * step)] as Case)
  return [...always, ...picked]
}
