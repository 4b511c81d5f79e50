/** Explanations produced by the real engine, for the why panel's tests. */
import { runScenario, type TopicExplanation } from '../../src/engine'
import { type ExplainKey, explainMessages } from '../../src/explain/explain-messages'
import { translate } from '../../src/i18n/messages'

/** The engine's TopicExplanation of one pattern against one key (through a one-binding exchange). */
export function explainTopicFor(pattern: string, key: string): TopicExplanation {
  const run = runScenario({
    exchanges: [{ name: 't', type: 'topic' }],
    queues: [{ name: 'q' }],
    bindings: [{ source: 't', destination: 'q', destination_type: 'queue', routing_key: pattern }],
    publishes: [{ id: 'm', exchange: 't', routing_key: key }],
  })
  const reason = run.publishes[0]?.hops[0]?.evaluations[0]?.reason
  if (reason?.kind !== 'topic' || !reason.perKey[0]) throw new Error(`no topic explanation for ${pattern}`)
  return reason.perKey[0]
}

export const tEn = (key: ExplainKey, params?: Record<string, string | number>) =>
  translate(explainMessages, 'en', key, params)
export const tZh = (key: ExplainKey, params?: Record<string, string | number>) =>
  translate(explainMessages, 'zh-CN', key, params)
