/**
 * The engine's only public door: everything outside src/engine imports from here, and only what
 * something outside uses is listed (knip, in `npm run lint`, reports the rest).
 */

export * from './analysis'
export { DEFAULT_PROFILE } from './broker/profiles'
export { type QueueType, queueTypeOf } from './broker/queue-types'
export * from './broker/types'
export { amqpToJson, scenarioToDefinitions, topologyToDefinitions } from './definitions/export'
export {
  DefinitionsError,
  importDefinitions,
  type KeptDefinitions,
} from './definitions/import'
export { operationsToScenario } from './definitions/to-scenario'
export { createHeadersIndex } from './headers/headers-index'
export { prefixedPolicyPattern } from './pcre/prefixed'
export { withLaterDeadLetters } from './routing/message-path'
export { defaultOperationId, runOperations } from './scenario/run'
export { runScenario, scenarioToOperations } from './scenario/scenario'
export { parseScenarioText, ScenarioFormatError, validateScenario } from './scenario/scenario-validate'
export {
  applyParseUpdate,
  applySessionRun,
  type ClientHas,
  clientHas,
  entityKey,
  type ParseSummary,
  RunSession,
  type SessionState,
  type SessionUpdate,
} from './scenario/session'
export { operationsFromScenario } from './script/from-scenario'
export { type ScriptHint, scriptHints } from './script/hints'
export {
  DECLARE_FLAGS,
  EXCHANGE_TYPES,
  KEYWORDS as SCRIPT_KEYWORDS,
  quoteIfNeeded,
  VALUE_TYPES,
} from './script/names'
export { parseScript, type ScriptDiagnostic } from './script/parse'
export { printOperation, printScript } from './script/print'
export { messageHistory } from './sim/message-history'
export { createRoutingPort } from './sim/routing-port'
export { TimelineScriptError, validateTimelineScript } from './sim/script-validate'
export * from './sim/sim-types'
export { createTimeline, runTimeline } from './sim/timeline'
export {
  type DpRule,
  type DpStep,
  type DpTrace,
  topicDpTrace,
  topicMatchDp,
} from './topic/topic-dp'
export { explainTopic } from './topic/topic-explain'
export { createTopicIndex } from './topic/topic-index'
export { topicMatch } from './topic/topic-match'
export { topicMatchReference } from './topic/topic-reference'
export { EmptyWordError, splitWords } from './topic/topic-words'
export {
  type TrieRemoval,
  type TrieTrace,
  type TrieTraceNode,
  type TrieTraceOrigin,
  traceTrieMatch,
  traceTrieRemoval,
} from './topic/trie-trace'
export { tableIdentityKey, valueKey, valuesEqual } from './values/amqp-equality'
export { AmqpValueError, integerTypeFor, toAmqpTable, toAmqpValue } from './values/amqp-values'
export { jsonErrorOffset, lineColumn } from './values/json-locate'
export { mulberry32 } from './values/seeded-random'
export { amqpToTypedJson, tableToTypedJson } from './values/typed-json'
