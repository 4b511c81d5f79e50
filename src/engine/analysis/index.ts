/** Whole-message-space analysis: requirement checks, topology diff, lint (docs/analysis.md). */
export { type AnalysisBroker, analysisBroker } from './analysis-broker'
export { AnalysisInputError, type AnalysisSource, analysisSource } from './analysis-input'
export { checkSource, diffSources, lintSource } from './analyze'
export { routeWitness, type Witness, type WitnessRoute, witnessOf } from './class-route'
export { entryCandidates } from './entry-exchange'
export { type HeaderClass, type HeaderSpace, headerSpace } from './header-space'
export { type KeyClass, type KeySpace, keySpace } from './key-space'
export { type LintResult, lintTopology } from './lint/lint'
export {
  type Bilingual,
  LINT_RULES,
  type LintFinding,
  type LintRuleId,
  type LintSeverity,
} from './lint/lint-types'
export {
  type AnalysisBudget,
  DEFAULT_BUDGET,
  type MessageClass,
  type MessageSpace,
  messageSpace,
} from './message-space'
export {
  type Counterexample,
  checkRequirements,
  type RequirementInput,
  type RequirementResult,
} from './requirement-check'
export {
  type CopiesChange,
  type DiffChange,
  type DiffUndecided,
  diffTopologies,
  type TopologyDiff,
} from './topology-diff'
