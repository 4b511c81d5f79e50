/**
 * Runs operations in order, like a client that reopens its channel after each channel error: a failed
 * step is recorded and the rest goes on.
 */
import { bind, unbind } from '../broker/bind'
import { declareExchange, declareQueue } from '../broker/declare'
import { deleteExchange, deleteQueue } from '../broker/delete'
import { AmqpError } from '../broker/errors'
import { type Broker, createBroker, ensureVhost } from '../broker/model'
import { clearPolicy, setPolicy } from '../broker/policies'
import { DEFAULT_PROFILE, getProfile } from '../broker/profiles'
import { queueContents, queueOrigins, topologySnapshot } from '../broker/snapshot'
import type {
  Operation,
  OperationOutcome,
  ProfileName,
  PublishExplanation,
  RunResult,
  ScenarioError,
} from '../broker/types'
import { overflowModes, trimAfterPolicy } from '../routing/message-store'
import { publish } from '../routing/publish'

/** The stage an operation's error is reported under. */
export const STAGE: Record<Operation['op'], ScenarioError['stage']> = {
  'exchange.declare': 'declare',
  'queue.declare': 'declare',
  bind: 'bind',
  unbind: 'unbind',
  'exchange.delete': 'delete',
  'queue.delete': 'delete',
  publish: 'publish',
  'policy.set': 'policy',
  'policy.clear': 'policy',
}

/** The error id of an operation when the caller gave none. */
export function defaultOperationId(op: Operation, index: number): string {
  switch (op.op) {
    case 'exchange.declare':
      return `exchange:${op.exchange.name}`
    case 'queue.declare':
      return `queue:${op.queue.name}`
    case 'exchange.delete':
      return `exchange:${op.name}`
    case 'queue.delete':
      return `queue:${op.name}`
    case 'policy.set':
      return `policy:${op.policy.name}`
    case 'policy.clear':
      return `policy:${op.name}`
    case 'publish':
      return op.publish.id
    default:
      return `binding:${index}`
  }
}

/**
 * Apply one operation to a live broker (throws AmqpError on refusal); a publish returns its
 * explanation. `origin`: a publish's index among the run's publishes (kept on its messages).
 */
export function applyOperation(broker: Broker, op: Operation, origin?: number): PublishExplanation | null {
  switch (op.op) {
    case 'exchange.declare':
      declareExchange(broker, op.exchange)
      return null
    case 'queue.declare':
      declareQueue(broker, op.queue)
      return null
    case 'bind':
      bind(broker, op.binding)
      return null
    case 'unbind':
      unbind(broker, op.binding)
      return null
    case 'exchange.delete':
      deleteExchange(broker, op)
      return null
    case 'queue.delete':
      deleteQueue(broker, op)
      return null
    case 'publish':
      return publish(broker, op.publish, { origin })
    case 'policy.set':
      setPolicy(broker, op.policy)
      return null
    case 'policy.clear':
      clearPolicy(broker, op)
      return null
  }
}

/** What a run collects, step by step. */
export interface RunAccumulator {
  outcomes: OperationOutcome[]
  publishes: PublishExplanation[]
  result: RunResult['result']
}

/**
 * Apply operation `index` to the broker and record its outcome (and, for a publish, its
 * explanation, return or error) in `acc`. Refusals are recorded, never thrown.
 */
export function runStep(broker: Broker, op: Operation, index: number, acc: RunAccumulator): OperationOutcome {
  const id = op.id ?? defaultOperationId(op, index)
  const outcome: OperationOutcome = { index, op: op.op, id, ok: true }
  if (op.loc) outcome.loc = op.loc
  let error: ScenarioError | undefined
  // A policy change makes queues re-read their limits (the scenario runner keeps the messages).
  const policyVhost =
    broker.storeMessages && (op.op === 'policy.set' || op.op === 'policy.clear')
      ? ensureVhost(broker, (op.op === 'policy.set' ? op.policy.vhost : op.vhost) ?? '/')
      : null
  const before = policyVhost ? overflowModes(policyVhost) : null
  try {
    const explained = applyOperation(broker, op, acc.publishes.length)
    if (policyVhost && before) {
      const hops = trimAfterPolicy(broker, policyVhost, before)
      if (hops.length > 0) outcome.deadLetters = hops
    }
    if (explained) {
      acc.publishes.push(explained)
      const o = explained.outcome
      if (o.kind === 'error') error = { id, stage: 'publish', code: o.code, text: o.text }
      if (o.kind === 'returned') acc.result.returns.push({ id, reply_code: 312, reply_text: 'NO_ROUTE' })
      if (explained.confirm === 'nack') {
        const queues = (explained.admissions ?? []).filter((a) => a.result === 'rejected').map((a) => a.queue)
        acc.result.nacks = [...(acc.result.nacks ?? []), { id, queues }]
      }
    }
  } catch (e) {
    if (!(e instanceof AmqpError)) throw e
    error = { id, stage: STAGE[op.op], code: e.code, text: e.text }
    if (e.missing) outcome.missing = e.missing
  }
  if (error) {
    outcome.ok = false
    outcome.error = error
    acc.result.errors.push(error)
    // The broker closes the channel on every error it raises (the client reopens one), and the
    // last declared queue belongs to the channel. A client-side refusal (code 0) sends nothing.
    if (error.code !== 0) for (const vhost of broker.vhosts.values()) vhost.lastQueue = null
  }
  acc.outcomes.push(outcome)
  return outcome
}

/**
 * Run operations against a fresh broker following `profile` (default rabbitmq-4). `vhosts` exist from
 * the start; `explain: false` skips the binding-by-binding explanation (hops keep no evaluations and
 * paths carry no binding ids) for very large topologies — routing is the same.
 */
export function runOperations(
  ops: readonly Operation[],
  profile: ProfileName = DEFAULT_PROFILE,
  options: { vhosts?: readonly string[]; explain?: boolean } = {},
): RunResult {
  const broker = createBroker(getProfile(profile))
  broker.explain = options.explain ?? true
  for (const v of options.vhosts ?? []) ensureVhost(broker, v)
  const acc: RunAccumulator = { outcomes: [], publishes: [], result: { queues: {}, returns: [], errors: [] } }
  ops.forEach((op, index) => {
    runStep(broker, op, index, acc)
  })
  const { outcomes, publishes, result } = acc
  result.queues = queueContents(broker)
  return {
    profile: broker.profile.name,
    result,
    outcomes,
    publishes,
    topology: topologySnapshot(broker),
    origins: queueOrigins(broker),
  }
}
