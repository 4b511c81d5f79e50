/**
 * Turns the engine's PublishExplanation into the steps the dedup and unroutable steppers play.
 * Only re-orders what the engine recorded (hops, evaluations, queues, outcome); it matches nothing.
 */
import type { BindingEvaluation, HopVia, PublishExplanation, PublishOutcome, QueueDelivery } from '../engine'

export type DedupStep =
  | {
      kind: 'eval'
      exchange: string
      via: HopVia
      evaluation: BindingEvaluation
      /** What this evaluation did to the set of queues. */
      effect: 'added' | 'merged' | 'to-exchange' | 'none'
    }
  | {
      kind: 'lookup'
      exchange: string
      routingKey: string
      queueExists: boolean
      effect: 'added' | 'merged' | 'none'
    }
  | { kind: 'set'; queues: QueueDelivery[] }

/** Every binding evaluation in visiting order, then the final set of queues. */
export function dedupSteps(pub: PublishExplanation): DedupStep[] {
  const steps: DedupStep[] = []
  const seen = new Set<string>()
  const note = (queue: string) => {
    if (seen.has(queue)) return 'merged' as const
    seen.add(queue)
    return 'added' as const
  }
  for (const hop of pub.hops) {
    for (const l of hop.defaultLookups ?? [])
      steps.push({
        kind: 'lookup',
        exchange: hop.exchange,
        ...l,
        effect: l.queueExists ? note(l.routingKey) : 'none',
      })
    for (const evaluation of hop.evaluations) {
      let effect: 'added' | 'merged' | 'to-exchange' | 'none' = 'none'
      if (evaluation.matched)
        effect = evaluation.destinationType === 'queue' ? note(evaluation.destination) : 'to-exchange'
      steps.push({ kind: 'eval', exchange: hop.exchange, via: hop.via, evaluation, effect })
    }
  }
  steps.push({ kind: 'set', queues: pub.queues })
  return steps
}

/** Queue names in the running set after the first `n` steps. */
export function runningSet(steps: readonly DedupStep[], n: number): string[] {
  const out: string[] = []
  for (const s of steps.slice(0, n)) {
    if (s.kind === 'set') return s.queues.map((q) => q.queue)
    if (s.effect !== 'added') continue
    out.push(s.kind === 'eval' ? s.evaluation.destination : s.routingKey)
  }
  return out
}

export type UnroutableStep =
  | { kind: 'exchange'; exchange: string; found: boolean; error?: { code: number; text: string } }
  | {
      kind: 'bindings'
      exchange: string
      via: HopVia
      checked: number
      matched: { destination: string; destinationType: 'queue' | 'exchange' }[]
      isDefault: boolean
    }
  | { kind: 'alternate'; exchange: string; name: string; status: 'used' | 'missing' | 'already-visited' }
  | { kind: 'queues'; queues: string[] }
  | { kind: 'mandatory'; mandatory: boolean }
  | { kind: 'outcome'; outcome: PublishOutcome }

/** The broker's decision path for one publish: exchange → bindings (per hop, with AE) → queues → mandatory. */
export function unroutableSteps(pub: PublishExplanation): UnroutableStep[] {
  const first = pub.hops[0]
  if (!first) {
    const error =
      pub.outcome.kind === 'error' ? { code: pub.outcome.code, text: pub.outcome.text } : undefined
    return [
      { kind: 'exchange', exchange: pub.exchange, found: false, ...(error ? { error } : {}) },
      { kind: 'outcome', outcome: pub.outcome },
    ]
  }
  const steps: UnroutableStep[] = [{ kind: 'exchange', exchange: pub.exchange, found: true }]
  for (const hop of pub.hops) {
    const isDefault = hop.defaultLookups !== undefined
    const matched = isDefault
      ? (hop.defaultLookups ?? [])
          .filter((l) => l.queueExists)
          .map((l) => ({ destination: l.routingKey, destinationType: 'queue' as const }))
      : hop.evaluations
          .filter((e) => e.matched)
          .map((e) => ({ destination: e.destination, destinationType: e.destinationType }))
    steps.push({
      kind: 'bindings',
      exchange: hop.exchange,
      via: hop.via,
      checked: isDefault ? (hop.defaultLookups?.length ?? 0) : hop.evaluations.length,
      matched,
      isDefault,
    })
    const ae = hop.alternate
    if (ae && ae.status !== 'not-needed')
      steps.push({ kind: 'alternate', exchange: hop.exchange, name: ae.name, status: ae.status })
  }
  steps.push({ kind: 'queues', queues: pub.queues.map((q) => q.queue) })
  if (pub.queues.length === 0) steps.push({ kind: 'mandatory', mandatory: pub.mandatory })
  steps.push({ kind: 'outcome', outcome: pub.outcome })
  return steps
}
