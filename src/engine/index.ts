/**
 * The engine's only public door: everything outside src/engine imports from here, and only what
 * something outside uses is listed (knip, in `npm run lint`, reports the rest).
 */

export { tableIdentityKey, valueKey, valuesEqual } from './amqp-equality'
export { AmqpValueError, integerTypeFor, toAmqpTable, toAmqpValue } from './amqp-values'
export * from './analysis'
export { amqpToJson, scenarioToDefinitions, topologyToDefinitions } from './definitions/export'
export {
  DefinitionsError,
  importDefinitions,
  type KeptDefinitions,
} from './definitions/import'
export { operationsToScenario } from './definitions/to-scenario'
export { createHeadersIndex } from './headers-index'
export { jsonErrorOffset, lineColumn } from './json-locate'
export { withLaterDeadLetters } from './message-path'
export { prefixedPolicyPattern } from './pcre/prefixed'
export { DEFAULT_PROFILE } from './profiles'
export { type QueueType, queueTypeOf } from './queue-types'
export { defaultOperationId, runOperations } from './run'
export { runScenario, scenarioToOperations } from './scenario'
export { parseScenarioText, ScenarioFormatError, validateScenario } from './scenario-validate'
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
export { mulberry32 } from './seeded-random'
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
} from './session'
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
} from './topic-dp'
export { explainTopic } from './topic-explain'
export { createTopicIndex } from './topic-index'
export { topicMatch } from './topic-match'
export { topicMatchReference } from './topic-reference'
export { EmptyWordError, splitWords } from './topic-words'
export {
  type TrieRemoval,
  type TrieTrace,
  type TrieTraceNode,
  type TrieTraceOrigin,
  traceTrieMatch,
  traceTrieRemoval,
} from './trie-trace'
export { amqpToTypedJson, tableToTypedJson } from './typed-json'
export * from './types'
