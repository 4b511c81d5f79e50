/**
 * The Python kit (pika, BlockingConnection): the plan as readable step calls over a runtime that
 * mirrors the Node kit's (isolation, refusals, confirms and returns, drain, observation). pika writes
 * every integer as a 64-bit long and has no float type: see limits.ts.
 */
import type { AmqpTable, AmqpValue } from '../engine'
import {
  declaredNames,
  headerLines,
  PUBLISH_PROPERTIES,
  queuesPerVhost,
  typedTable,
  vhostIndex,
} from './kit-shared'
import { pyString } from './literals'
import { OBSERVATION_FORMAT, OBSERVATION_VERSION } from './observation'
import type { LabPlan, LabStep } from './plan'
import { type PolicyWait, policyBody, policyWaits, prefixedPatternParts } from './policy-steps'
import { PYTHON_RUNTIME, PYTHON_RUNTIME_IMPORTS } from './runtimes/embedded'

function value(v: AmqpValue): string {
  switch (v.type) {
    case 'longstr':
      return pyString(v.value)
    case 'bool':
      return v.value ? 'True' : 'False'
    case 'void':
      return 'None'
    case 'table':
      return table(v.value)
    case 'array':
      return `[${v.value.map(value).join(', ')}]`
    case 'bytes':
      return `${pyString(v.value)}.encode("utf-8")`
    case 'double':
    case 'float':
      return `float(${pyString(String(v.value))})`
    case 'decimal':
      return `Decimal(${v.value.digits}).scaleb(-${v.value.places})`
    case 'timestamp':
      return `timestamp(${v.value})`
    default:
      return String(v.value) // integers, also beyond 2^53 (given as decimal strings)
  }
}

function table(t: AmqpTable): string {
  const entries = Object.entries(t)
  return `{${entries.map(([k, v]) => `${pyString(k)}: ${value(v)}`).join(', ')}}`
}

const kw = (fields: [string, string | undefined][]) =>
  fields
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `, ${k}=${v}`)
    .join('')
const bool = (b: boolean | undefined, dflt: boolean) => ((b ?? dflt) ? 'True' : 'False')
const args = (a: Parameters<typeof typedTable>[0]) => (a ? table(typedTable(a)) : undefined)

function jsonToPy(v: unknown): string {
  if (typeof v === 'string') return pyString(v)
  if (typeof v === 'boolean') return v ? 'True' : 'False'
  if (v === null) return 'None'
  return String(v)
}

/** Plain JSON as a Python literal (ASCII only). */
function pyJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(pyJson).join(', ')}]`
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${pyString(k)}: ${pyJson(x)}`)
      .join(', ')}}`
  return jsonToPy(v)
}

function step(plan: LabPlan, s: LabStep, waits: PolicyWait[]): string {
  const v = vhostIndex(plan, s)
  const id = pyString(s.id)
  switch (s.op) {
    case 'policy.set': {
      const parts = prefixedPatternParts(s.policy.pattern)
      return `set_policy(${v}, ${id}, ${pyString(s.policy.name)}, ${pyJson(policyBody(s))}, ${pyJson(parts)}, ${pyJson(waits)})`
    }
    case 'policy.clear':
      return `clear_policy(${v}, ${id}, ${pyString(s.name)}, ${pyJson(waits)})`
    case 'exchange.declare': {
      const x = s.exchange
      const o = x.passive
        ? kw([['passive', 'True']])
        : kw([
            ['durable', bool(x.durable, true)],
            ['auto_delete', bool(x.auto_delete, false)],
            ['internal', bool(x.internal, false)],
            ['arguments', args(x.arguments)],
          ])
      return `declare_exchange(${v}, ${id}, ${pyString(x.name)}, ${pyString(x.type)}${o})`
    }
    case 'queue.declare': {
      const q = s.queue
      const o = q.passive
        ? kw([['passive', 'True']])
        : kw([
            ['durable', bool(q.durable, true)],
            ['exclusive', bool(q.exclusive, false)],
            ['auto_delete', bool(q.auto_delete, false)],
            ['arguments', args(q.arguments)],
          ])
      return `declare_queue(${v}, ${id}, ${pyString(q.name)}${o})`
    }
    case 'bind':
    case 'unbind': {
      const b = s.binding
      return `${s.op}(${v}, ${id}, ${pyString(b.source)}, ${pyString(b.destination_type)}, ${pyString(b.destination)}, ${pyString(b.routing_key)}, ${args(b.arguments) ?? '{}'})`
    }
    case 'exchange.delete':
      return `delete_exchange(${v}, ${id}, ${pyString(s.name)}${kw([['if_unused', s.if_unused ? 'True' : undefined]])})`
    case 'queue.delete':
      return `delete_queue(${v}, ${id}, ${pyString(s.name)})`
    case 'publish': {
      const p = s.publish
      const props = PUBLISH_PROPERTIES.filter((k) => p.properties?.[k] !== undefined)
      return `publish(${v}, ${id}, ${pyString(p.exchange)}, ${pyString(p.routing_key)}${kw([
        ['mandatory', p.mandatory ? 'True' : undefined],
        ['body', p.body === undefined ? undefined : pyString(p.body)],
        ['headers', p.headers ? table(typedTable(p.headers)) : undefined],
        [
          'properties',
          props.length
            ? `{${props.map((k) => `${pyString(k)}: ${jsonToPy(p.properties?.[k])}`).join(', ')}}`
            : undefined,
        ],
      ])})`
    }
  }
}

export function pythonKit(plan: LabPlan): string {
  const header = headerLines(plan, 'python').map((l) => `# ${l}`.trimEnd())
  const list = (xs: string[]) => `[${xs.map(pyString).join(', ')}]`
  const waits = policyWaits(plan)
  return [
    '#!/usr/bin/env python3',
    ...header,
    '',
    PYTHON_RUNTIME_IMPORTS,
    'PLAN = {',
    `    "format": ${pyString(OBSERVATION_FORMAT)},`,
    `    "version": ${OBSERVATION_VERSION},`,
    `    "scenario": ${pyString(plan.fingerprint)},`,
    `    "vhosts": ${list(plan.vhosts)},`,
    `    "queues": [${queuesPerVhost(plan).map(list).join(', ')}],`,
    `    "declared": [${declaredNames(plan)
      .map(([v, kind, name]) => `(${v}, "${kind}", ${pyString(name)})`)
      .join(', ')}],`,
    '}',
    PYTHON_RUNTIME,
    '',
    'def scenario():',
    '    """The scenario, step by step (vhost index, error id, then the step)."""',
    ...(plan.steps.length
      ? plan.steps.map((s, i) => `    ${step(plan, s, waits.get(i) ?? [])}`)
      : ['    pass']),
    '',
    '',
    'if __name__ == "__main__":',
    '    try:',
    '        main(scenario)',
    '    except Exception as e:  # a failure of the kit itself, not a refusal',
    '        log("lab kit failed: %s" % e)',
    '        sys.exit(1)',
    '',
  ].join('\n')
}
