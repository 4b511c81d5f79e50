import type { ProfileName, Scenario, ScenarioResult } from '../../../src/engine'
import { comparable, compareTexts, describeDiff, publishAgreement } from './compare'
import { engineRunScenario } from './engine-adapter'
import type { MgmtApi } from './mgmt-api'
import { runOnBroker } from './run-on-broker'

export interface BrokerTarget {
  amqpUrl: string
  api: MgmtApi
}

export interface Checked {
  name: string
  equal: boolean
  agreed: number
  disagreed: string[]
  /** Error texts equal on both sides (after naming the vhost `/`), and those that differ. */
  textsMatched: number
  textDiffs: { id: string; broker: string; engine: string }[]
  /** Scenario, both results and the diff, for a failure message. */
  report: string
}

let counter = 0
const RUN = Math.random().toString(36).slice(2, 8)

/**
 * Runs one scenario through the engine and the broker and compares the two results.
 * `engineProfile` overrides the engine's profile (the suite's self-check uses it to prove it can fail).
 */
export async function checkScenario(
  name: string,
  scenario: Scenario,
  target: BrokerTarget,
  engineProfile?: ProfileName,
): Promise<Checked> {
  if (scenario.profile !== 'rabbitmq-3.10') {
    throw new Error(
      `${name}: profile ${scenario.profile} cannot be checked against this broker (RabbitMQ 3.10)`,
    )
  }
  const vhost = `conformance-${process.pid}-${RUN}-${++counter}`
  const broker = await runOnBroker(scenario, target.amqpUrl, target.api, vhost)
  let engine: ScenarioResult
  try {
    engine = engineRunScenario()({
      ...structuredClone(scenario),
      profile: engineProfile ?? scenario.profile,
    }).result
  } catch (e) {
    const report = `${name}: the engine threw ${(e as Error).stack}\nscenario: ${JSON.stringify(scenario)}`
    const ids = (scenario.publishes ?? []).map((p) => p.id)
    return { name, equal: false, agreed: 0, disagreed: ids, textsMatched: 0, textDiffs: [], report }
  }
  const texts = compareTexts(broker, engine, vhost)
  // The engine documents the broker's error texts (docs/routing-semantics.md), so they are asserted too.
  const equal =
    JSON.stringify(comparable(broker)) === JSON.stringify(comparable(engine)) && texts.mismatches.length === 0
  const { agreed, disagreed } = publishAgreement(scenario, broker, engine, vhost)
  const textLines = texts.mismatches.map(
    (t) => `  text of ${t.id}: broker "${t.broker}", engine "${t.engine}"`,
  )
  const report = [
    `${name}: engine and broker disagree`,
    [describeDiff(broker, engine), ...textLines].filter((l) => l !== '').join('\n'),
    `scenario: ${JSON.stringify(scenario)}`,
    `broker:   ${JSON.stringify(broker)}`,
    `engine:   ${JSON.stringify(engine)}`,
  ].join('\n')
  return { name, equal, agreed, disagreed, textsMatched: texts.matched, textDiffs: texts.mismatches, report }
}

/** Runs `fn` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapPool<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i], i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}
