/**
 * The scenarios the lab kits and live mode run against the private node: the special ones every
 * flavour runs, then hand-written suite scenarios the flavour can send exactly, spread evenly.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseScenarioText } from '../../../src/engine'
import { kitLimits } from '../../../src/labkit/limits'
import type { KitFlavour } from '../../../src/labkit/observation'
import { type LabPlan, planFromScenario, planFromSimSteps, predict } from '../../../src/labkit/plan'
import { loadScenarios } from './load-scenarios'

const PER_FLAVOUR = Number(process.env.LABKIT_COUNT ?? 22)

export interface Case {
  name: string
  plan: LabPlan
  prefix?: boolean
}

const fromFile = (file: string): LabPlan =>
  planFromScenario(parseScenarioText(readFileSync(file, 'utf8')), file)

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
]
// The study note's broker is 3.10 here: homework 06's file says rabbitmq-4 (its rules differ on 3.10
// only for transient queues, which it has none of); predict it as this broker behaves.
for (const c of SPECIAL) c.plan = { ...c.plan, profile: 'rabbitmq-3.10' }

const SUITE: Case[] = loadScenarios(resolve('tests/conformance/scenarios')).map((f) => ({
  name: f.name,
  plan: planFromScenario(f.scenario, f.name),
}))

function clientRefused(plan: LabPlan): string[] {
  return predict(plan)
    .result.errors.filter((e) => e.code === 0)
    .map((e) => e.id)
}

/** The flavour's cases: the special ones, then suite scenarios it can send exactly, spread evenly. */
export function casesFor(flavour: KitFlavour): Case[] {
  const fits = (c: Case) => kitLimits(c.plan, flavour, clientRefused(c.plan)).length === 0
  const suite = SUITE.filter(fits)
  const wanted = Math.max(0, PER_FLAVOUR - SPECIAL.length)
  const step = suite.length / Math.max(1, wanted)
  const picked =
    suite.length <= wanted
      ? suite
      : Array.from({ length: wanted }, (_, i) => suite[Math.floor(i * step)] as Case)
  return [...SPECIAL.filter(fits), ...picked]
}
