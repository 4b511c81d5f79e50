/**
 * Why prediction and observation part ways, for the first difference in step order: a binding key
 * the broker has that differs from the playground's (a typo: both keys named), a binding only one
 * side has, a missing queue, or a profile made for another broker version. Plain data; the UI words it.
 */
import type { ProfileName, RunResult, ScenarioResult } from '../engine'
import { type DiffRows, type Fate, fateOf } from './diff-rows'
import { editDistance } from './edit-distance'
import type { Observation, ObservedBinding } from './observation'
import { type LabPlan, predict, stepVhost } from './plan'

export type FirstDifference =
  | {
      kind: 'typo'
      /** The message whose fate differs (or the step id). */
      at: string
      vhost: string
      exchange: string
      destination: string
      /** The routing key the message was published with. */
      publishedKey: string | null
      predictedKey: string
      observedKey: string
      /** The keys are at most 3 edits apart: most likely a typo. */
      close: boolean
    }
  | {
      kind: 'binding-missing' | 'binding-extra'
      at: string
      vhost: string
      exchange: string
      destination: string
      key: string
    }
  | { kind: 'missing-queue' | 'extra-queue'; at: string; queue: string }
  | {
      kind: 'profile'
      at: string
      profile: ProfileName
      brokerVersion: string
      suggested: ProfileName | null
    }
  | {
      kind: 'step'
      at: string
      stage: string
      predicted: { code: number; text: string } | null
      observed: { code: number; text: string } | null
    }
  | { kind: 'message'; at: string; predicted: Fate; observed: Fate }
  | { kind: 'queue'; at: string; queue: string }

/** The profile whose rules this broker version follows (null when none of ours is meant for it). */
function profileForVersion(version: string): ProfileName | null {
  const major = Number.parseInt(version, 10)
  if (major >= 4) return 'rabbitmq-4'
  if (major === 3) return 'rabbitmq-3.10'
  return null
}

type Key = string
const bindingKey = (b: ObservedBinding): Key =>
  JSON.stringify([b.vhost, b.source, b.destination_type, b.destination, b.routing_key])
const endsKey = (b: ObservedBinding): Key =>
  JSON.stringify([b.vhost, b.source, b.destination_type, b.destination])

function predictedBindings(run: RunResult): ObservedBinding[] {
  return run.topology.bindings.map((b) => ({
    vhost: b.vhost,
    source: b.source,
    destination: b.destination,
    destination_type: b.destination_type,
    routing_key: b.routing_key,
  }))
}

/** Bindings on one side only, paired by their two ends where both sides have one. */
function bindingChange(run: RunResult, obs: Observation, relevant: (b: ObservedBinding) => boolean) {
  const predicted = predictedBindings(run)
  const observed = obs.bindings ?? []
  const pk = new Set(predicted.map(bindingKey))
  const ok = new Set(observed.map(bindingKey))
  const onlyPredicted = predicted.filter((b) => !ok.has(bindingKey(b)))
  const onlyObserved = observed.filter((b) => !pk.has(bindingKey(b)))
  const order = (xs: ObservedBinding[]) => [...xs.filter(relevant), ...xs.filter((b) => !relevant(b))]
  for (const p of order(onlyPredicted)) {
    const o = onlyObserved.find((x) => endsKey(x) === endsKey(p))
    if (o) return { kind: 'pair' as const, predicted: p, observed: o }
  }
  const p = order(onlyPredicted)[0]
  if (p) return { kind: 'missing' as const, binding: p }
  const o = order(onlyObserved)[0]
  if (o) return { kind: 'extra' as const, binding: o }
  return null
}

function publishedKey(plan: LabPlan, id: string): string | null {
  const s = plan.steps.find((x) => x.op === 'publish' && x.id === id)
  return s?.op === 'publish' ? s.publish.routing_key : null
}

function fromBindings(plan: LabPlan, run: RunResult, obs: Observation, at: string, queues: string[]) {
  if (obs.bindings === undefined) return null
  const change = bindingChange(run, obs, (b) => queues.includes(b.destination))
  if (!change) return null
  if (change.kind === 'pair') {
    const { predicted: p, observed: o } = change
    return {
      kind: 'typo' as const,
      at,
      vhost: p.vhost,
      exchange: p.source,
      destination: p.destination,
      publishedKey: publishedKey(plan, at),
      predictedKey: p.routing_key,
      observedKey: o.routing_key,
      close: editDistance(p.routing_key, o.routing_key, 3) <= 3,
    }
  }
  const b = change.binding
  return {
    kind: change.kind === 'missing' ? ('binding-missing' as const) : ('binding-extra' as const),
    at,
    vhost: b.vhost,
    exchange: b.source,
    destination: b.destination,
    key: b.routing_key,
  }
}

/**
 * A profile made for another broker version explains the difference when the engine, asked again
 * with the profile for the observed version, predicts what the broker did at `at`.
 */
function fromProfile(plan: LabPlan, obs: Observation, at: string): FirstDifference | null {
  const suggested = profileForVersion(obs.broker.version)
  if (suggested === null || suggested === plan.profile) return null
  const alt = predict({ ...plan, profile: suggested }).result
  const code = (r: ScenarioResult) => r.errors.find((e) => e.id === at)?.code ?? null
  const fate = (r: ScenarioResult) => JSON.stringify(fateOf(r, at))
  if (code(alt) !== code(obs) || fate(alt) !== fate(obs)) return null
  return { kind: 'profile', at, profile: plan.profile, brokerVersion: obs.broker.version, suggested }
}

/** A queue the step names that the broker does not have at the end. */
function missingQueueOf(plan: LabPlan, obs: Observation, at: string): string | null {
  const s = plan.steps.find((x) => x.id === at)
  if (!s) return null
  const names =
    s.op === 'bind' || s.op === 'unbind'
      ? s.binding.destination_type === 'queue'
        ? [s.binding.destination]
        : []
      : s.op === 'queue.declare'
        ? [s.queue.name]
        : []
  const key = (v: string, q: string) => (v === '/' ? q : `${v}/${q}`)
  const declared = new Set(
    plan.steps.flatMap((x) => (x.op === 'queue.declare' ? [key(stepVhost(x), x.queue.name)] : [])),
  )
  const keys = names.filter((q) => q !== '').map((q) => key(stepVhost(s), q))
  return keys.find((q) => declared.has(q) && !(q in obs.queues)) ?? null
}

/** The first difference in step order, explained as well as the observation allows. */
export function explainFirst(
  plan: LabPlan,
  run: RunResult,
  obs: Observation,
  diff: DiffRows,
): FirstDifference {
  const stepRows = new Map(diff.steps.map((s) => [s.id, s]))
  const messageRows = new Map(diff.messages.map((m) => [m.id, m]))
  for (const s of plan.steps) {
    if (s.op !== 'publish') {
      const row = stepRows.get(s.id)
      if (!row || row.same) continue
      const missing = missingQueueOf(plan, obs, s.id)
      return (
        fromProfile(plan, obs, s.id) ??
        (missing ? { kind: 'missing-queue', at: s.id, queue: missing } : null) ?? {
          kind: 'step',
          at: s.id,
          stage: row.stage,
          predicted: row.predicted,
          observed: row.observed,
        }
      )
    }
    const m = messageRows.get(s.id)
    if (!m || m.same) continue
    const moved = [
      ...m.predicted.queues.filter((q) => !m.observed.queues.includes(q)),
      ...m.observed.queues.filter((q) => !m.predicted.queues.includes(q)),
    ]
    const missing = moved.find((q) => !(q in obs.queues))
    return (
      fromBindings(plan, run, obs, s.id, moved) ??
      (missing ? { kind: 'missing-queue', at: s.id, queue: missing } : null) ??
      fromProfile(plan, obs, s.id) ?? {
        kind: 'message',
        at: s.id,
        predicted: m.predicted,
        observed: m.observed,
      }
    )
  }
  const unknown = diff.messages.find((m) => !m.same)
  if (unknown)
    return { kind: 'message', at: unknown.id, predicted: unknown.predicted, observed: unknown.observed }
  const q = diff.queues.find((r) => !r.same) as DiffRows['queues'][number]
  if (q.observed === null) return { kind: 'missing-queue', at: q.queue, queue: q.queue }
  if (q.predicted === null) return { kind: 'extra-queue', at: q.queue, queue: q.queue }
  return fromBindings(plan, run, obs, q.queue, [q.queue]) ?? { kind: 'queue', at: q.queue, queue: q.queue }
}
