/**
 * The engine's only public door. Everything outside src/engine imports from here.
 * (Implementation in progress: see issue 3 / issue 4.)
 */

export { tableIdentityKey, valueKey, valuesEqual } from './amqp-equality'
export { AmqpValueError, integerTypeFor, toAmqpTable, toAmqpValue, utf8Length } from './amqp-values'
export { amqpToJson, scenarioToDefinitions, topologyToDefinitions } from './definitions/export'
export {
  DefinitionsError,
  type DefinitionsImport,
  importDefinitions,
  type KeptDefinitions,
} from './definitions/import'
export { operationsToScenario } from './definitions/to-scenario'
export { createHeadersIndex, type HeadersBindingSpec, type HeadersIndex } from './headers-index'
export { IncrementalRunner, LAZY_EXPLAIN_ABOVE } from './incremental-run'
export { jsonErrorOffset, lineColumn } from './json-locate'
export { withLaterDeadLetters } from './message-path'
export { escapePcreLiteral, type PrefixedPattern, prefixedPolicyPattern } from './pcre/prefixed'
export { DEFAULT_PROFILE, getProfile, isProfileName, PROFILES, type Profile } from './profiles'
export { defaultOperationId, runOperations } from './run'
export { runScenario, scenarioToOperations } from './scenario'
export { parseScenarioText, ScenarioFormatError, validateScenario } from './scenario-validate'
export { operationsFromScenario } from './script/from-scenario'
export { type ScriptHint, type ScriptHintCode, scriptHints } from './script/hints'
export { IncrementalParser } from './script/incremental-parse'
export {
  DECLARE_FLAGS,
  EXCHANGE_TYPES,
  KEYWORDS as SCRIPT_KEYWORDS,
  quoteIfNeeded,
  VALUE_TYPES,
} from './script/names'
export { type ParseResult, parseScript, type ScriptDiagnostic } from './script/parse'
export { printOperation, printScript } from './script/print'
export { mulberry32 } from './seeded-random'
export {
  applyParseUpdate,
  applySessionRun,
  type ClientHas,
  clientHas,
  entityKey,
  type ParseNames,
  type ParseSummary,
  type ParseUpdate,
  RunSession,
  type SessionRun,
  type SessionState,
  type SessionUpdate,
} from './session'
export { createRoutingPort, type RoutingPort, type RunOperations } from './sim/routing-port'
export { TimelineScriptError, validateTimelineScript } from './sim/script-validate'
export * from './sim/sim-types'
export { createTimeline, runTimeline, type TimelinePlayer } from './sim/timeline'
export {
  type DpRollingRow,
  type DpRule,
  type DpStep,
  type DpTrace,
  topicDpTrace,
  topicMatchDp,
} from './topic-dp'
export { explainTopic } from './topic-explain'
export { createTopicIndex, type TopicIndex } from './topic-index'
export { topicMatch } from './topic-match'
export { topicMatchReference } from './topic-reference'
export { EmptyWordError, splitWords } from './topic-words'
export { applyTopologyPatch, diffTopology, type TopologyPatch } from './topology-patch'
export {
  type TrieRemoval,
  type TrieTrace,
  type TrieTraceNode,
  type TrieTraceOrigin,
  type TrieTraceState,
  type TrieTraceStep,
  traceTrieMatch,
  traceTrieRemoval,
} from './trie-trace'
export { amqpToTypedJson, tableToTypedJson } from './typed-json'
export * from './types'
