/**
 * A lesson step's question about every message, answered by the engine's analysis (the same
 * functions the playground's analysis Worker and the levels call; small lesson topologies take a few
 * milliseconds, so the lessons call them on the main thread as they call the router). The answer
 * is also the set of marks a right prediction has, so the page, the content tests and the lessons
 * tour judge a prediction the same way.
 */
import {
  analysisBroker,
  analysisSource,
  checkRequirements,
  diffTopologies,
  type LintFinding,
  lintTopology,
  type Operation,
  type RequirementResult,
  type RunResult,
  runOperations,
  type TopologyDiff,
} from '../engine'
import type { LessonStep } from './content-types'
import { analysisText } from './content-validate'

export type AnalysisAnswer =
  | { kind: 'check'; requirements: RequirementResult[]; findings: LintFinding[] }
  | {
      kind: 'diff'
      diff: TopologyDiff
      /** Destinations the learner can mark: every queue of either side, then any other destination. */
      destinations: string[]
      findings: LintFinding[]
    }

/** A mark of the prediction: `req-N:holds` / `req-N:fails`, or `gain:NAME` / `lose:NAME`. */
export type AnalysisMark = string

function queuesOf(broker: ReturnType<typeof analysisBroker>['broker']): string[] {
  return [...broker.vhosts.values()].flatMap((v) => [...v.queues.keys()])
}

export function analyzeStep(step: LessonStep): AnalysisAnswer | null {
  const question = step.analysis
  const own = analysisText(step)
  if (!question || own === undefined) return null
  const mine = analysisSource(own)
  const input = analysisBroker(mine.ops, mine.profile, mine.vhosts)
  const rules = new Set(question.lint ?? [])
  const findings = rules.size ? lintTopology(input).findings.filter((f) => rules.has(f.rule)) : []
  if (question.kind === 'check')
    return { kind: 'check', requirements: checkRequirements(input.broker, mine.requirements), findings }
  const o = analysisSource(question.other.text)
  const other = analysisBroker(o.ops, o.profile, o.vhosts).broker
  const [before, after] = question.otherIs === 'before' ? [other, input.broker] : [input.broker, other]
  const diff = diffTopologies(before, after)
  const destinations = [...new Set([...queuesOf(after), ...queuesOf(before)])]
  for (const c of diff.changes) if (!destinations.includes(c.destination)) destinations.push(c.destination)
  return { kind: 'diff', diff, destinations, findings }
}

/** The marks of the right prediction. */
export function rightMarks(answer: AnalysisAnswer): AnalysisMark[] {
  if (answer.kind === 'check')
    return answer.requirements.map((r, n) => `req-${n}:${r.holds ? 'holds' : 'fails'}`)
  return answer.diff.changes.map((c) => `${c.change === 'gained' ? 'gain' : 'lose'}:${c.destination}`)
}

/** Is the prediction complete enough to check (every requirement given a verdict)? */
export function canCheck(answer: AnalysisAnswer, marks: ReadonlySet<AnalysisMark>): boolean {
  if (answer.kind === 'check')
    return answer.requirements.every((_, n) => [...marks].some((m) => m.startsWith(`req-${n}:`)))
  return true
}

export function isRight(answer: AnalysisAnswer, marks: ReadonlySet<AnalysisMark>): boolean {
  const want = new Set(rightMarks(answer))
  return want.size === marks.size && [...want].every((m) => marks.has(m))
}

/** Toggles a mark; a requirement's two verdicts exclude each other. */
export function toggleMark(marks: ReadonlySet<AnalysisMark>, mark: AnalysisMark): Set<AnalysisMark> {
  const next = new Set(marks)
  if (next.has(mark)) {
    next.delete(mark)
    return next
  }
  const req = /^(req-\d+):/.exec(mark)
  if (req) for (const m of marks) if (m.startsWith(`${req[1]}:`)) next.delete(m)
  next.add(mark)
  return next
}

/**
 * The answer's witnesses (counter-examples; for a change made by the step, the messages that gained
 * or lost a destination) published on the step's own topology, routed by the ordinary router, so
 * the diagram can draw where each one goes. Null when there is none to draw.
 */
export function witnessRun(step: LessonStep, answer: AnalysisAnswer): RunResult | null {
  const own = analysisText(step)
  if (own === undefined) return null
  const witnesses =
    answer.kind === 'check'
      ? answer.requirements.flatMap((r) => (r.counterexample ? [{ ...r.counterexample, vhost: '/' }] : []))
      : step.analysis?.kind === 'diff' && step.analysis.otherIs === 'before'
        ? answer.diff.changes.map((c) => ({ ...c.witness, exchange: c.exchange, vhost: c.vhost }))
        : []
  const seen = new Set<string>()
  const unique = witnesses.filter((w) => {
    const k = JSON.stringify([w.vhost, w.exchange, w.routing_key, w.headers])
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
  if (unique.length === 0) return null
  const source = analysisSource(own)
  const publishes: Operation[] = unique.map((w, n) => ({
    op: 'publish',
    publish: {
      id: `w${n + 1}`,
      exchange: w.exchange,
      routing_key: w.routing_key,
      ...(w.vhost !== '/' ? { vhost: w.vhost } : {}),
      ...(Object.keys(w.headers).length > 0 ? { headers: w.headers } : {}),
    },
  }))
  return runOperations([...source.ops, ...publishes], source.profile)
}
