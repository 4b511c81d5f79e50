/**
 * Whole-message-space analysis: requirement checks, topology diff, lint (docs/analysis.md). Only
 * what something outside src/engine uses is listed (knip checks).
 */
export { type AnalysisBroker, analysisBroker } from './analysis-broker'
export {
  AnalysisInputError,
  type AnalysisSource,
  analysisSource,
  scenarioRequirements,
} from './analysis-input'
export { checkSource, diffSources, lintSource } from './analyze'
export { routeWitness, type Witness } from './class-route'
export { lintTopology } from './lint/lint'
export { LINT_RULES, type LintFinding } from './lint/lint-types'
export { checkRequirements, type RequirementResult } from './requirement-check'
export { type DiffChange, diffTopologies, type TopologyDiff } from './topology-diff'
