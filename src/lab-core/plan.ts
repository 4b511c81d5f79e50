/**
 * A lab plan: the steps a lab kit (or live mode) runs on a real broker, in time order, each with the
 * error id the route CLI would give it. Built from the playground's operations or a scenario file;
 * the prediction is the engine's result for exactly these steps.
 */
import {
  DEFAULT_PROFILE,
  defaultOperationId,
  type Operation,
  type ProfileName,
  type RunResult,
  runOperations,
  type Scenario,
  type SimOp,
  scenarioToOperations,
} from '../engine'

/** A step with its error id. Policies are steps too: every kit sets them through the management API. */
export type LabStep = Operation & { id: string }

export interface LabPlan {
  /** One line naming the lab (the kit's header comment and the observation). */
  title: string
  profile: ProfileName
  /** Every vhost the steps use, `/` first when used; each gets its own scratch vhost on the broker. */
  vhosts: string[]
  steps: LabStep[]
  /** Names this plan (hash of profile, vhosts and steps): an observation carries it back. */
  fingerprint: string
}

/** The vhost an operation runs in (`/` when it names none). */
export function stepVhost(op: Operation): string {
  switch (op.op) {
    case 'exchange.declare':
      return op.exchange.vhost ?? '/'
    case 'queue.declare':
      return op.queue.vhost ?? '/'
    case 'bind':
    case 'unbind':
      return op.binding.vhost ?? '/'
    case 'publish':
      return op.publish.vhost ?? '/'
    case 'policy.set':
      return op.policy.vhost ?? '/'
    default:
      return op.vhost ?? '/'
  }
}

/** FNV-1a over UTF-16 code units, twice with different seeds: 16 hex digits. */
function fingerprintOf(text: string): string {
  const hash = (seed: number) => {
    let h = seed >>> 0
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i)
      h = Math.imul(h, 0x01000193) >>> 0
    }
    return h.toString(16).padStart(8, '0')
  }
  return hash(0x811c9dc5) + hash(0x2f4a1b3d)
}

/**
 * A step with every default written out and no step id (a scenario numbers its bindings, a script
 * its steps): one scenario gives one fingerprint, whether it came as a file or as a script.
 */
function canonical(s: LabStep): unknown {
  const v = stepVhost(s)
  switch (s.op) {
    case 'exchange.declare': {
      const x = s.exchange
      if (x.passive) return [s.op, v, x.name, 'passive']
      return [
        s.op,
        v,
        x.name,
        x.type,
        x.durable ?? true,
        x.auto_delete ?? false,
        x.internal ?? false,
        x.arguments ?? {},
      ]
    }
    case 'queue.declare': {
      const q = s.queue
      if (q.passive) return [s.op, v, q.name, 'passive']
      return [
        s.op,
        v,
        q.name,
        q.durable ?? true,
        q.exclusive ?? false,
        q.auto_delete ?? false,
        q.arguments ?? {},
      ]
    }
    case 'bind':
    case 'unbind': {
      const b = s.binding
      return [s.op, v, b.source, b.destination_type, b.destination, b.routing_key, b.arguments ?? {}]
    }
    case 'exchange.delete':
      return [s.op, v, s.name, s.if_unused ?? false]
    case 'queue.delete':
      return [s.op, v, s.name]
    case 'policy.set': {
      const p = s.policy
      return [s.op, v, p.name, p.pattern, p['apply-to'] ?? 'all', p.priority ?? 0, p.definition]
    }
    case 'policy.clear':
      return [s.op, v, s.name]
    case 'publish': {
      const p = s.publish
      return [
        s.op,
        v,
        p.id,
        p.exchange,
        p.routing_key,
        p.mandatory ?? false,
        p.headers ?? {},
        p.properties ?? {},
      ]
    }
  }
}

/** Operations (the playground's script, in time order) → a plan. Locations are dropped. */
export function planFromOperations(
  ops: readonly Operation[],
  opts: { title: string; profile?: ProfileName; vhosts?: readonly string[] },
): LabPlan {
  const steps = ops.map((op, index) => {
    const { loc: _loc, ...rest } = op
    return { ...rest, id: op.id ?? defaultOperationId(op, index) } as LabStep
  })
  const used = new Set<string>(opts.vhosts ?? [])
  for (const s of steps) used.add(stepVhost(s))
  const vhosts = [...used].sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : 0))
  const profile = opts.profile ?? DEFAULT_PROFILE
  const fingerprint = fingerprintOf(JSON.stringify({ profile, vhosts, steps: steps.map(canonical) }))
  return { title: opts.title, profile, vhosts, steps, fingerprint }
}

/** A scenario file (exchanges, queues, bindings, publishes in that order) → a plan. */
export function planFromScenario(scenario: Scenario, title: string): LabPlan {
  return planFromOperations(scenarioToOperations(scenario), {
    title,
    profile: scenario.profile,
    vhosts: (scenario.vhosts ?? []).map((v) => v.name),
  })
}

/**
 * A timeline script (lessons/timeline, homework 08) → a plan of its topology, policy and publish
 * steps in order. Connections, channels, consumers and acks are left out: a kit uses one confirm
 * channel per vhost and reads every queue at the end (basic.get; a stream or a single-active-consumer
 * quorum queue with a consumer of its own, docs/lab-kits.md).
 */
export function planFromSimSteps(
  steps: readonly SimOp[],
  opts: { title: string; profile?: ProfileName },
): LabPlan {
  const ops: Operation[] = []
  for (const s of steps) {
    switch (s.op) {
      case 'exchange.declare':
      case 'queue.declare':
      case 'bind':
      case 'unbind':
      case 'publish':
        ops.push(s as Operation)
        break
      case 'exchange.delete':
        ops.push({ op: 'exchange.delete', name: s.name, ...(s.if_unused ? { if_unused: true } : {}) })
        break
      case 'queue.delete':
        ops.push({ op: 'queue.delete', name: s.name })
        break
      case 'policy.set':
        ops.push({ op: 'policy.set', policy: s.policy })
        break
      case 'policy.clear':
        ops.push({ op: 'policy.clear', name: s.name })
        break
      default:
    }
  }
  return planFromOperations(
    ops.map(({ id: _id, ...op }) => {
      const { note: _note, channel: _channel, expectError: _e, ...rest } = op as Operation & Partial<SimOp>
      return rest as Operation
    }),
    opts,
  )
}

/** The engine's prediction for the plan: what the route CLI would print, with explanations. */
export function predict(plan: LabPlan): RunResult {
  return runOperations(plan.steps, plan.profile, { vhosts: plan.vhosts })
}
