/**
 * Prediction against observation: per message (where it went, returned, refused), per queue (ids in
 * arrival order) and per step (refusals of declares and bindings), every difference marked, and
 * the first one explained (explain.ts). Error texts are shown but only codes count: the HTTP API
 * words refusals its own way.
 */
import type { RunResult } from '../engine'
import { type DiffRows, type Fate, fateOf, type MessageRow, type QueueRow, type StepRow } from './diff-rows'
import { explainFirst, type FirstDifference } from './explain'
import { type NearMiss, nearMisses } from './near-miss'
import type { Observation } from './observation'
import type { LabPlan } from './plan'

export interface LabDiff extends DiffRows {
  differences: number
  first: FirstDifference | null
  /** Binding keys one typo away from a published key, in the scenario itself. */
  nearMisses: NearMiss[]
}

const sameFate = (a: Fate, b: Fate) =>
  a.returned === b.returned &&
  a.nacked === b.nacked &&
  a.error?.code === b.error?.code &&
  a.queues.join('\u0000') === b.queues.join('\u0000')

const sameList = (a: string[] | null, b: string[] | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.every((x, i) => x === b[i])

/**
 * The observation with the plan's step ids: a kit made from the scenario file numbers bindings
 * `binding:0…`, one made from the script numbers steps, and `steps` lists them in plan order.
 */
function alignIds(plan: LabPlan, obs: Observation): Observation {
  const steps = obs.steps
  if (!steps || steps.length !== plan.steps.length) return obs
  const map = new Map(steps.map((s, i) => [s.id, plan.steps[i]?.id ?? s.id]))
  if ([...map].every(([a, b]) => a === b)) return obs
  return {
    ...obs,
    errors: obs.errors.map((e) => ({ ...e, id: map.get(e.id) ?? e.id })),
    steps: steps.map((s, i) => ({ ...s, id: plan.steps[i]?.id ?? s.id })),
  }
}

export function diffObservation(plan: LabPlan, prediction: RunResult, observed: Observation): LabDiff {
  const obs = alignIds(plan, observed)
  const p = prediction.result
  const ids = plan.steps.flatMap((s) => (s.op === 'publish' ? [s.id] : []))
  const seen = new Set(ids)
  const extra = [...Object.values(obs.queues).flat(), ...obs.returns.map((r) => r.id)].filter(
    (id) => !seen.has(id) && seen.add(id),
  )
  const messages: MessageRow[] = [...ids, ...extra].map((id, i) => {
    const predicted = fateOf(p, id)
    const observed = fateOf(obs, id)
    const row: MessageRow = { id, predicted, observed, same: sameFate(predicted, observed) }
    if (i >= ids.length) row.unknown = true
    return row
  })
  const names = [...Object.keys(p.queues), ...Object.keys(obs.queues).filter((q) => !(q in p.queues))]
  const queues: QueueRow[] = names.map((queue) => {
    const predicted = p.queues[queue] ?? null
    const observed = obs.queues[queue] ?? null
    return { queue, predicted, observed, same: sameList(predicted, observed) }
  })
  const steps: StepRow[] = []
  if (obs.topology_from === undefined) {
    for (const s of plan.steps) {
      if (s.op === 'publish') continue
      const pe = p.errors.find((e) => e.id === s.id && e.stage !== 'publish')
      const oe = obs.errors.find((e) => e.id === s.id && e.stage !== 'publish')
      if (!pe && !oe) continue
      if (steps.some((r) => r.id === s.id)) continue // one row per id (a redeclared name)
      const pick = (e: typeof pe) => (e ? { code: e.code, text: e.text } : null)
      steps.push({
        id: s.id,
        stage: (pe ?? oe)?.stage ?? '',
        predicted: pick(pe),
        observed: pick(oe),
        same: pe?.code === oe?.code,
      })
    }
  }
  const differences =
    messages.filter((m) => !m.same).length +
    queues.filter((q) => !q.same).length +
    steps.filter((s) => !s.same).length
  const diff: LabDiff = {
    messages,
    queues,
    steps,
    differences,
    first: null,
    nearMisses: nearMisses(prediction),
  }
  diff.first = differences ? explainFirst(plan, prediction, obs, diff) : null
  return diff
}
