/**
 * A stand-in broker for diff tests: the engine runs a (possibly altered) plan and its result is
 * written as an observation, as a kit would print it. Only tests use this; kits observe real brokers.
 */
import { OBSERVATION_FORMAT, type Observation } from '../../../src/lab-core/observation'
import { type LabPlan, predict } from '../../../src/lab-core/plan'

export function engineObservation(
  ranPlan: LabPlan,
  forPlan: LabPlan,
  version = '3.10.8',
  withBindings = true,
): Observation {
  const run = predict(ranPlan)
  return {
    format: OBSERVATION_FORMAT,
    version: 1,
    kit: 'node',
    scenario: forPlan.fingerprint,
    broker: { product: 'RabbitMQ', version },
    observed_at: '2026-12-01T00:00:00.000Z',
    isolation: { mode: 'vhost', name: 'lab-test' },
    ...structuredClone(run.result),
    ...(withBindings
      ? {
          bindings: run.topology.bindings.map((b) => ({
            vhost: b.vhost,
            source: b.source,
            destination: b.destination,
            destination_type: b.destination_type,
            routing_key: b.routing_key,
          })),
        }
      : {}),
  }
}
