/**
 * The playground's whole-message-space analysis (docs/analysis.md, issue 20), run in its own Worker
 * so that a long lint never delays routing: the script's requirements and lint findings, and, when
 * a "before" text is given, the topology diff against it. One call per settled text; the client
 * cancels a call that a newer text replaced (by restarting that Worker).
 */
import {
  AnalysisInputError,
  analysisBroker,
  analysisSource,
  checkRequirements,
  diffTopologies,
  type LintFinding,
  lintTopology,
  type RequirementResult,
  type TopologyDiff,
} from '../engine'

/** Why a requirement could not be checked, as a code the page words in its language. */
export type RequirementProblem =
  | 'no-vhost'
  | 'no-exchange'
  | 'no-entry'
  | 'many-entries'
  | 'headers'
  | 'other'

export interface RequirementView extends RequirementResult {
  problem?: RequirementProblem
}

export interface AnalysisReply {
  /** false: the text does not parse (the last analysis stays, as the last run does). */
  ok: boolean
  requirements: RequirementView[]
  findings: LintFinding[]
  undecided: { vhost: string; subject: string }[]
  /** The diff against `before`, when asked. */
  diff: TopologyDiff | null
  /** The "before" side could not be read: where, and what. */
  diffError: { where: string; detail: string } | null
  /** Milliseconds spent in the Worker (parse, lint, checks, diff). */
  ms: number
}

function problemOf(error: string): RequirementProblem {
  if (error.startsWith('no vhost')) return 'no-vhost'
  if (error.startsWith('no exchange')) return 'no-exchange'
  if (error.includes('has no entry exchange')) return 'no-entry'
  if (error.includes('entry exchanges (')) return 'many-entries'
  if (error.startsWith('headers:')) return 'headers'
  return 'other'
}

export function analyzeText(text: string, before?: string | null): AnalysisReply {
  const t0 = performance.now()
  const empty: AnalysisReply = {
    ok: false,
    requirements: [],
    findings: [],
    undecided: [],
    diff: null,
    diffError: null,
    ms: 0,
  }
  let source: ReturnType<typeof analysisSource>
  try {
    source = analysisSource(text)
  } catch (e) {
    if (e instanceof AnalysisInputError) return { ...empty, ms: performance.now() - t0 }
    throw e
  }
  const input = analysisBroker(source.ops, source.profile, source.vhosts)
  const requirements = checkRequirements(input.broker, source.requirements).map((r) =>
    r.error === undefined ? r : { ...r, problem: problemOf(r.error) },
  )
  const lint = lintTopology(input)
  let diff: TopologyDiff | null = null
  let diffError: AnalysisReply['diffError'] = null
  if (before !== undefined && before !== null) {
    try {
      const b = analysisSource(before)
      diff = diffTopologies(analysisBroker(b.ops, b.profile, b.vhosts).broker, input.broker)
    } catch (e) {
      if (!(e instanceof AnalysisInputError)) throw e
      diffError = { where: e.where, detail: e.detail }
    }
  }
  return {
    ok: true,
    requirements,
    findings: lint.findings,
    undecided: lint.undecided,
    diff,
    diffError,
    ms: performance.now() - t0,
  }
}
