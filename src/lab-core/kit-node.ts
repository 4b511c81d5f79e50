/**
 * The Node.js kit (amqplib, ES module): the plan as readable step calls over a small runtime that
 * isolates the run, records refusals as the route CLI does, drains every queue and prints the
 * observation. amqplib is the client the engine models, so this kit has no limits of its own.
 */
import { type AmqpTable, type AmqpValue, integerTypeFor } from '../engine'
import {
  declaredNames,
  headerLines,
  PUBLISH_PROPERTIES,
  queuesPerVhost,
  typedTable,
  vhostIndex,
} from './kit-shared'
import { jsString } from './literals'
import { OBSERVATION_FORMAT, OBSERVATION_VERSION } from './observation'
import type { LabPlan, LabStep } from './plan'
import { type PolicyWait, policyBody, policyWaits, prefixedPatternParts } from './policy-steps'
import { NODE_RUNTIME } from './runtimes/embedded'

function value(v: AmqpValue): string {
  switch (v.type) {
    case 'longstr':
      return jsString(v.value)
    case 'bool':
      return String(v.value)
    case 'void':
      return 'null'
    case 'table':
      return table(v.value)
    case 'array':
      return `[${v.value.map(value).join(', ')}]`
    case 'bytes':
      return `Buffer.from(${jsString(v.value)}, 'utf8')`
    case 'double':
      return Number.isInteger(v.value) ? `{ '!': 'double', value: ${v.value} }` : String(v.value)
    case 'float':
      return `{ '!': 'float', value: ${v.value} }`
    case 'decimal':
      return `{ '!': 'decimal', value: { places: ${v.value.places}, digits: ${v.value.digits} } }`
    default: {
      const n = v.value
      if (typeof n === 'number' && v.type !== 'timestamp' && integerTypeFor(n) === v.type) return String(n)
      return `{ '!': '${v.type}', value: ${typeof n === 'string' ? jsString(n) : n} }`
    }
  }
}

/** An object literal; `__proto__` is written as a computed key so it stays an own property. */
function table(t: AmqpTable): string {
  const entries = Object.entries(t)
  if (entries.length === 0) return '{}'
  const key = (k: string) => (k === '__proto__' ? `[${jsString(k)}]` : jsString(k))
  return `{ ${entries.map(([k, v]) => `${key(k)}: ${value(v)}`).join(', ')} }`
}

function options(fields: [string, string | undefined][]): string {
  const set = fields.filter(([, v]) => v !== undefined)
  return set.length ? `{ ${set.map(([k, v]) => `${k}: ${v}`).join(', ')} }` : '{}'
}

const args = (a: Parameters<typeof typedTable>[0]) => (a ? table(typedTable(a)) : undefined)
const flag = (b: boolean | undefined, dflt: boolean) => String(b ?? dflt)

function publishProps(p: Extract<LabStep, { op: 'publish' }>['publish']): string | undefined {
  const props = PUBLISH_PROPERTIES.flatMap((k) => {
    const v = p.properties?.[k]
    return v === undefined ? [] : [[k, JSON.stringify(v)] as [string, string]]
  })
  return props.length ? options(props) : undefined
}

/** Plain JSON as a JavaScript literal (ASCII only; `__proto__` stays an own key). */
function jsJson(v: unknown): string {
  if (typeof v === 'string') return jsString(v)
  if (Array.isArray(v)) return `[${v.map(jsJson).join(', ')}]`
  if (v && typeof v === 'object') {
    const key = (k: string) => (k === '__proto__' ? `[${jsString(k)}]` : jsString(k))
    const entries = Object.entries(v).map(([k, x]) => `${key(k)}: ${jsJson(x)}`)
    return entries.length ? `{ ${entries.join(', ')} }` : '{}'
  }
  return String(v)
}

function step(plan: LabPlan, s: LabStep, waits: PolicyWait[]): string {
  const v = vhostIndex(plan, s)
  const id = jsString(s.id)
  switch (s.op) {
    case 'policy.set': {
      const parts = prefixedPatternParts(s.policy.pattern)
      return `await setPolicy(${v}, ${id}, ${jsString(s.policy.name)}, ${jsJson(policyBody(s))}, ${jsJson(parts)}, ${jsJson(waits)})`
    }
    case 'policy.clear':
      return `await clearPolicy(${v}, ${id}, ${jsString(s.name)}, ${jsJson(waits)})`
    case 'exchange.declare': {
      const x = s.exchange
      const o = x.passive
        ? options([['passive', 'true']])
        : options([
            ['durable', flag(x.durable, true)],
            ['autoDelete', flag(x.auto_delete, false)],
            ['internal', flag(x.internal, false)],
            ['arguments', args(x.arguments)],
          ])
      return `await declareExchange(${v}, ${id}, ${jsString(x.name)}, ${jsString(x.type)}, ${o})`
    }
    case 'queue.declare': {
      const q = s.queue
      const o = q.passive
        ? options([['passive', 'true']])
        : options([
            ['durable', flag(q.durable, true)],
            ['exclusive', flag(q.exclusive, false)],
            ['autoDelete', flag(q.auto_delete, false)],
            ['arguments', args(q.arguments)],
          ])
      return `await declareQueue(${v}, ${id}, ${jsString(q.name)}, ${o})`
    }
    case 'bind':
    case 'unbind': {
      const b = s.binding
      const fn = s.op === 'bind' ? 'bind' : 'unbind'
      return `await ${fn}(${v}, ${id}, ${jsString(b.source)}, ${jsString(b.destination_type)}, ${jsString(b.destination)}, ${jsString(b.routing_key)}, ${args(b.arguments) ?? '{}'})`
    }
    case 'exchange.delete':
      return `await deleteExchange(${v}, ${id}, ${jsString(s.name)}, ${options([['ifUnused', s.if_unused ? 'true' : undefined]])})`
    case 'queue.delete':
      return `await deleteQueue(${v}, ${id}, ${jsString(s.name)})`
    case 'publish': {
      const p = s.publish
      const o = options([
        ['mandatory', p.mandatory ? 'true' : undefined],
        ['headers', p.headers ? table(typedTable(p.headers)) : undefined],
        ['properties', publishProps(p)],
        ['body', p.body === undefined ? undefined : jsString(p.body)],
      ])
      return `await publish(${v}, ${id}, ${jsString(p.exchange)}, ${jsString(p.routing_key)}, ${o})`
    }
  }
}

/** The whole program for `plan`. */
export function nodeKit(plan: LabPlan): string {
  const header = headerLines(plan, 'node').map((l) => `// ${l}`.trimEnd())
  const constants = [
    `const PLAN = {`,
    `  format: ${jsString(OBSERVATION_FORMAT)},`,
    `  version: ${OBSERVATION_VERSION},`,
    `  scenario: ${jsString(plan.fingerprint)},`,
    `  vhosts: [${plan.vhosts.map(jsString).join(', ')}],`,
    `  queues: [${queuesPerVhost(plan)
      .map((qs) => `[${qs.map(jsString).join(', ')}]`)
      .join(', ')}],`,
    `  declared: [${declaredNames(plan)
      .map(([v, kind, name]) => `[${v}, '${kind}', ${jsString(name)}]`)
      .join(', ')}],`,
    `}`,
  ]
  const waits = policyWaits(plan)
  const steps = plan.steps.map((s, i) => `  ${step(plan, s, waits.get(i) ?? [])}`)
  return [
    ...header,
    '',
    "import amqp from 'amqplib'",
    '',
    ...constants,
    NODE_RUNTIME,
    '/** The scenario, step by step (vhost index, error id, then the step). */',
    'async function scenario() {',
    ...steps,
    '}',
    '',
    'main(scenario).catch((e) => {',
    "  console.error('lab kit failed: ' + ((e && e.message) || e))",
    '  process.exit(1)',
    '})',
    '',
  ].join('\n')
}
