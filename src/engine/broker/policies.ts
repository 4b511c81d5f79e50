/**
 * Policies (definitions.json `policies`, `rabbitmqctl set_policy`): a pattern picks queues and/or
 * exchanges by name, the highest-priority match applies, and its definition keys act as if they were
 * arguments — unless the entity's own argument says otherwise (see effective-args.ts). Validation
 * follows RabbitMQ 3.10's rabbit_policies for the keys the engine models; the management API answers
 * an invalid policy with HTTP 400, which is the code reported here.
 */

import {
  compilePolicyPattern,
  isPatternError,
  type PolicyPattern,
  patternErrorText,
} from '../pcre/policy-pattern'
import { toAmqpTable } from '../values/amqp-values'
import { AmqpError } from './errors'
import { type Broker, ensureVhost, type PolicyRecord } from './model'
import type { AmqpTable, AmqpValue, PolicyState, ScenarioPolicy } from './types'

/** An invalid policy: the management API's 400 with its reason text. */
class PolicyError extends AmqpError {
  constructor(reason: string) {
    super(400, reason)
  }
}

const isInt = (v: AmqpValue) =>
  ['byte', 'short', 'int', 'long', 'unsignedbyte', 'unsignedshort', 'unsignedint'].includes(v.type)
const num = (v: AmqpValue) => Number(v.value)
const shown = (v: AmqpValue) => (v.type === 'longstr' ? `<<"${v.value}">>` : String(v.value))

/** Keys the engine applies, with rabbit_policies' check and complaint. */
const KEYS: { [key: string]: [(v: AmqpValue) => boolean, string] } = {
  'alternate-exchange': [(v) => v.type === 'longstr', 'is not a valid alternate exchange name'],
  'dead-letter-exchange': [(v) => v.type === 'longstr', 'is not a valid dead letter exchange name'],
  'dead-letter-routing-key': [(v) => v.type === 'longstr', 'is not a valid dead letter routing key'],
  'message-ttl': [(v) => isInt(v) && num(v) >= 0, 'is not a valid message TTL'],
  expires: [(v) => isInt(v) && num(v) >= 1, 'is not a valid queue expiry'],
  'max-length': [(v) => isInt(v) && num(v) >= 0, 'is not a valid maximum length'],
  'max-length-bytes': [(v) => isInt(v) && num(v) >= 0, 'is not a valid maximum length in bytes'],
  overflow: [
    (v) => v.type === 'longstr' && ['drop-head', 'reject-publish', 'reject-publish-dlx'].includes(v.value),
    'is not a valid overflow value',
  ],
}

/** Keys RabbitMQ 3.10 accepts that the engine does not model (mirroring, quorum and stream queues …). */
const IGNORED = new Set([
  'queue-mode',
  'queue-version',
  'queue-master-locator',
  'queue-leader-locator',
  'ha-mode',
  'ha-params',
  'ha-sync-mode',
  'ha-sync-batch-size',
  'ha-promote-on-shutdown',
  'ha-promote-on-failure',
  'delivery-limit',
  'dead-letter-strategy',
  'max-in-memory-length',
  'max-in-memory-bytes',
  'initial-cluster-size',
  'max-age',
  'stream-max-segment-size-bytes',
  'federation-upstream',
  'federation-upstream-set',
])

function validate(p: ScenarioPolicy): {
  definition: AmqpTable
  matcher: PolicyPattern
  applyTo: PolicyState['applyTo']
} {
  const problems: string[] = []
  const applyTo = p['apply-to'] ?? 'all'
  if (applyTo !== 'all' && applyTo !== 'queues' && applyTo !== 'exchanges')
    problems.push(`"${applyTo}" is not a valid apply-to value`)
  let matcher: PolicyPattern = { test: () => false }
  try {
    matcher = compilePolicyPattern(p.pattern)
  } catch (e) {
    if (!isPatternError(e)) throw e
    problems.push(patternErrorText(e))
  }
  let definition: AmqpTable = {}
  try {
    definition = toAmqpTable(p.definition ?? {})
  } catch (e) {
    problems.push((e as Error).message)
  }
  const keys = Object.keys(definition)
  if (keys.length === 0) problems.push('no policy provided')
  const unknown = keys.filter((k) => !Object.hasOwn(KEYS, k) && !IGNORED.has(k))
  if (unknown.length > 0)
    problems.push(
      `[${unknown.map((k) => `{<<"${k}">>,${shown(definition[k] as AmqpValue)}}`).join(',')}] are not recognised policy settings`,
    )
  for (const k of keys) {
    const rule = Object.hasOwn(KEYS, k) ? KEYS[k] : undefined
    const v = definition[k] as AmqpValue
    if (rule && !rule[0](v)) problems.push(`${shown(v)} ${rule[1]}`)
  }
  if (problems.length > 0) throw new PolicyError(`Validation failed\n\n${problems.join('\n')}\n`)
  return { definition, matcher, applyTo: applyTo as PolicyState['applyTo'] }
}

/** Set (or replace) a policy; throws PolicyError when the broker would refuse it. */
export function setPolicy(broker: Broker, p: ScenarioPolicy): void {
  const { definition, matcher, applyTo } = validate(p)
  const vhost = ensureVhost(broker, p.vhost ?? '/')
  const old = vhost.policies.get(p.name)
  vhost.policies.set(p.name, {
    vhost: vhost.name,
    name: p.name,
    pattern: p.pattern,
    applyTo,
    priority: p.priority ?? 0,
    definition,
    matcher,
    seq: old?.seq ?? broker.seq++,
  })
}

export function clearPolicy(broker: Broker, op: { name: string; vhost?: string }): void {
  ensureVhost(broker, op.vhost ?? '/').policies.delete(op.name)
}

/** The policy that applies to a queue or exchange: highest priority, then name. */
export function policyFor(
  policies: ReadonlyMap<string, PolicyRecord>,
  kind: 'queue' | 'exchange',
  name: string,
): PolicyRecord | undefined {
  let best: PolicyRecord | undefined
  for (const p of policies.values()) {
    if (p.applyTo !== 'all' && p.applyTo !== `${kind}s`) continue
    if (!p.matcher.test(name)) continue
    if (!best || p.priority > best.priority || (p.priority === best.priority && p.name < best.name)) best = p
  }
  return best
}

/** Plain view for the topology snapshot. */
export function policyStates(policies: Iterable<PolicyRecord>): PolicyState[] {
  return [...policies]
    .sort((a, b) => a.seq - b.seq)
    .map(({ vhost, name, pattern, applyTo, priority, definition }) => ({
      vhost,
      name,
      pattern,
      applyTo,
      priority,
      definition,
    }))
}
