/**
 * Optional binding marks: which of the scenario's bindings the engine found matching. A scenario
 * binding is identified by its index; it is paired with the engine's evaluation by source,
 * destination, key and arguments (the engine's own ids skip bindings the broker treats as duplicates).
 */
import type { AmqpValue, BindingEvaluation, PublishExplanation, Scenario, ScenarioBinding } from '../engine'
import { scoreMarks } from './answer'

function argsKey(args: Record<string, unknown> | undefined): string {
  return JSON.stringify(
    Object.entries(args ?? {})
      .map(([k, v]) => [k, String(v)])
      .sort(),
  )
}

function evalArgsKey(ev: BindingEvaluation): string {
  return argsKey(
    Object.fromEntries(Object.entries(ev.arguments).map(([k, v]) => [k, (v as AmqpValue).value])),
  )
}

function sameBinding(b: ScenarioBinding, ev: BindingEvaluation): boolean {
  return (
    ev.source === b.source &&
    ev.destination === b.destination &&
    ev.destinationType === b.destination_type &&
    ev.routingKey === b.routing_key &&
    evalArgsKey(ev) === argsKey(b.arguments)
  )
}

/** The engine's evaluation of scenario binding `index` for this publish, if its exchange was visited. */
export function evaluationOf(s: Scenario, p: PublishExplanation, index: number): BindingEvaluation | null {
  const b = s.bindings?.[index]
  if (!b) return null
  for (const hop of p.hops) for (const ev of hop.evaluations) if (sameBinding(b, ev)) return ev
  return null
}

/** Indexes of the scenario bindings that matched. */
export function matchedBindings(s: Scenario, p: PublishExplanation): Set<number> {
  const out = new Set<number>()
  ;(s.bindings ?? []).forEach((_, i) => {
    if (evaluationOf(s, p, i)?.matched) out.add(i)
  })
  return out
}

export interface BindingGrade {
  extra: number[]
  missing: number[]
  score: number
  max: number
}

export function gradeBindings(s: Scenario, p: PublishExplanation, marked: ReadonlySet<number>): BindingGrade {
  const right = matchedBindings(s, p)
  const extra = [...marked].filter((i) => !right.has(i)).sort((a, b) => a - b)
  const missing = [...right].filter((i) => !marked.has(i)).sort((a, b) => a - b)
  const hits = [...marked].filter((i) => right.has(i)).length
  return { extra, missing, score: scoreMarks(hits, extra.length, missing.length), max: right.size }
}

export function bindingText(b: ScenarioBinding): string {
  const key = b.arguments
    ? Object.entries(b.arguments)
        .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(', ')
    : b.routing_key === ''
      ? '""'
      : b.routing_key
  return `${b.source} → ${b.destination} : ${key}`
}
