/**
 * Expected values of the code exercises, computed by the routing engine: a one-binding topic scenario
 * answers "does this pattern match this key", the engine's topic explanation supplies the DP table,
 * and a multi-binding scenario supplies the distinct queue set.
 */
import type { Scenario } from '../../engine'
import type { BindingInput, CodeRules } from '../content/types'
import { explainOnly } from '../engine-run'

function topicScenario(bindings: BindingInput[], key: string): Scenario {
  const queues = [...new Set(bindings.map((b) => b.queue))]
  return {
    profile: 'rabbitmq-4',
    exchanges: [{ name: 'x', type: 'topic' }],
    queues: queues.map((name) => ({ name })),
    bindings: bindings.map((b) => ({
      source: 'x',
      destination: b.queue,
      destination_type: 'queue',
      routing_key: b.pattern,
    })),
    publishes: [{ id: 'm', exchange: 'x', routing_key: key }],
  }
}

export function engineMatches(pattern: string, key: string): boolean {
  const { publish } = explainOnly(topicScenario([{ queue: 'q', pattern }], key))
  return publish.queues.some((q) => q.queue === 'q')
}

export function engineQueues(bindings: BindingInput[], key: string): string[] {
  const { publish } = explainOnly(topicScenario(bindings, key))
  return publish.queues.map((q) => q.queue)
}

export function engineTable(pattern: string, key: string): boolean[][] {
  const { publish } = explainOnly(topicScenario([{ queue: 'q', pattern }], key))
  const reason = publish.hops[0]?.evaluations[0]?.reason
  if (reason?.kind !== 'topic' || !reason.perKey[0]) throw new Error('the engine gave no topic explanation')
  return reason.perKey[0].table
}

/** True when a dotted text has an empty word ("a..b", ".a", "a."); "" itself is zero words, not an empty one. */
export function hasEmptyWord(text: string): boolean {
  return text !== '' && text.split('.').includes('')
}

/**
 * The right answer of "does pattern match key" under an exercise's rules: RabbitMQ's, asked of the
 * engine; or the study note's strict rules, where an empty word is an input error ('error': the
 * learner's function must throw) and everything else is RabbitMQ's answer.
 */
export function expectedMatch(rules: CodeRules, pattern: string, key: string): boolean | 'error' {
  if (rules === 'strict' && (hasEmptyWord(pattern) || hasEmptyWord(key))) return 'error'
  return engineMatches(pattern, key)
}
