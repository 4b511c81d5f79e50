/** The analysis's three questions over a source (script, scenario or definitions): check, lint, diff. */
import { analysisBroker } from './analysis-broker'
import type { AnalysisSource } from './analysis-input'
import { type LintResult, lintTopology } from './lint/lint'
import { type AnalysisBudget, DEFAULT_BUDGET } from './message-space'
import { checkRequirements, type RequirementResult } from './requirement-check'
import { diffTopologies, type TopologyDiff } from './topology-diff'

export function checkSource(
  source: AnalysisSource,
  budget: AnalysisBudget = DEFAULT_BUDGET,
): RequirementResult[] {
  const { broker } = analysisBroker(source.ops, source.profile, source.vhosts)
  return checkRequirements(broker, source.requirements, budget)
}

export function lintSource(source: AnalysisSource, budget: AnalysisBudget = DEFAULT_BUDGET): LintResult {
  return lintTopology(analysisBroker(source.ops, source.profile, source.vhosts), budget)
}

/** Both sides follow their own profile; `after`'s decides how header values are enumerated. */
export function diffSources(
  before: AnalysisSource,
  after: AnalysisSource,
  budget: AnalysisBudget = DEFAULT_BUDGET,
): TopologyDiff {
  const a = analysisBroker(before.ops, before.profile, before.vhosts).broker
  const b = analysisBroker(after.ops, after.profile, after.vhosts).broker
  return diffTopologies(a, b, budget)
}
