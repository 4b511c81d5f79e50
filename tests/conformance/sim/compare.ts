/** Runs one sequence through the simulation and the broker and reports the differences. */
import { runTimeline, type TimelineScript } from '../../../src/engine'
import type { MgmtApi } from '../harness/mgmt-api'
import { runOnBroker } from './broker-runner'
import { expectedDeliveries, generatedTag, type Observation, observeSim } from './observation'
import { timingProblems } from './timing'

export interface Compared {
  equal: boolean
  sim: Observation
  broker: Observation
  /** One line per differing part, e.g. `deliveries.A: sim [...] broker [...]`. */
  diffs: string[]
  /** Broker runs repeated because a step ran too close to an expiry (see timing.ts). */
  retries: number
}

let counter = 0
/** Runs repeated at most this often when the machine is too slow for a TTL sequence. */
const TIMING_RETRIES = 2

/**
 * `simulated`: the script the simulation plays, when it is not the one the broker runs — a negative
 * control (sim-self-check.conf.ts) gives the simulation a deliberately wrong script and expects the
 * comparison to catch it.
 */
export async function compareOnBroker(
  name: string,
  script: TimelineScript,
  target: { amqpUrl: string; api: MgmtApi },
  simulated: TimelineScript = script,
): Promise<Compared> {
  const run = runTimeline(simulated)
  const sim = observeSim(run)
  let broker: Observation
  let retries = 0
  let late: string[]
  for (;;) {
    const vhost = `sim-${process.pid}-${++counter}`
    broker = await runOnBroker(script, {
      ...target,
      vhost,
      expected: (i) => expectedDeliveries(run, i),
      tagAt: (i) => generatedTag(run, i),
    })
    late = timingProblems(run, broker.wall)
    if (late.length === 0 || retries >= TIMING_RETRIES) break
    retries++
  }
  const diffs: string[] = []
  if (late.length > 0)
    diffs.push(`${name} timing (the machine was too slow ${retries + 1} times):\n  ${late.join('\n  ')}`)
  diffs.push(...diffObservations(name, sim, broker))
  return { equal: diffs.length === 0, sim, broker, diffs, retries }
}

/** One line per part in which two observations differ (wall-clock times are not compared). */
export function diffObservations(name: string, sim: Observation, broker: Observation): string[] {
  const diffs: string[] = []
  const check = (part: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b))
      diffs.push(`${name} ${part}:\n  sim    ${JSON.stringify(a)}\n  broker ${JSON.stringify(b)}`)
  }
  check('steps', sim.steps, broker.steps)
  const consumers = [...new Set([...Object.keys(sim.deliveries), ...Object.keys(broker.deliveries)])].sort()
  for (const c of consumers) check(`deliveries.${c}`, sim.deliveries[c] ?? [], broker.deliveries[c] ?? [])
  check('gets', sim.gets, broker.gets)
  check('confirms', sim.confirms, broker.confirms)
  check('queues', sim.queues, broker.queues)
  for (const q of sim.queues) check(`ready.${q}`, sim.ready[q] ?? [], broker.ready[q] ?? [])
  return diffs
}
