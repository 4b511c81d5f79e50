/**
 * The Java kit (the RabbitMQ Java client, the study note's language): one class, the plan as
 * readable step calls over a runtime mirroring the Node kit's. Java 11+, no other dependency than
 * the client (and the slf4j API it loads).
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
import { javaString } from './literals'
import { OBSERVATION_FORMAT, OBSERVATION_VERSION } from './observation'
import type { LabPlan, LabStep } from './plan'
import { type PolicyWait, policyBody, policyWaits, prefixedPatternParts } from './policy-steps'
import { JAVA_IMPORTS, JAVA_RUNTIME } from './runtimes/embedded'

/** A Java integer literal of the given width; decimal strings (beyond 2^53) stay exact. */
function integer(n: number | string, suffix: '' | 'L', cast = ''): string {
  const text = String(n)
  return `${cast}${text}${suffix}`
}

function double(n: number, suffix: 'd' | 'f'): string {
  const s = String(n)
  return /[.eE]/.test(s) ? `${s}${suffix}` : `${s}.0${suffix}`
}

function value(v: AmqpValue): string {
  switch (v.type) {
    case 'longstr':
      return javaString(v.value)
    case 'bool':
      return String(v.value)
    case 'void':
      return 'null'
    case 'table':
      return table(v.value)
    case 'array':
      return `array(${v.value.map(value).join(', ')})`
    case 'bytes':
      return `${javaString(v.value)}.getBytes(StandardCharsets.UTF_8)`
    case 'double':
      return double(v.value, 'd')
    case 'float':
      return double(v.value, 'f')
    case 'decimal':
      return `new BigDecimal(BigInteger.valueOf(${v.value.digits}L), ${v.value.places})`
    case 'timestamp':
      return `new Date(${integer(v.value, 'L')} * 1000L)`
    case 'byte':
      return integer(v.value, '', '(byte) ')
    case 'short':
    case 'unsignedbyte': // the Java client has no unsigned types: the next wider signed one
      return integer(v.value, '', '(short) ')
    case 'int':
    case 'unsignedshort':
      return integer(v.value, '')
    default:
      return integer(v.value, 'L')
  }
}

function table(t: AmqpTable): string {
  const entries = Object.entries(t)
  return `table(${entries.map(([k, v]) => `${javaString(k)}, ${value(v)}`).join(', ')})`
}

const args = (a: Parameters<typeof typedTable>[0]) => (a ? `.arguments(${table(typedTable(a))})` : '')
const opt = (name: string, b: boolean | undefined, dflt: boolean) => `.${name}(${b ?? dflt})`

function publishProps(p: Extract<LabStep, { op: 'publish' }>['publish']): string {
  let out = ''
  for (const k of PUBLISH_PROPERTIES) {
    const v = p.properties?.[k]
    if (v === undefined || v === null || typeof v === 'object') continue
    out += `.property(${javaString(k)}, ${typeof v === 'string' ? javaString(v) : typeof v === 'number' ? `${v}L` : String(v)})`
  }
  return out
}

/** Plain JSON as Java values for the kit's Json writer: integers as long, maps and lists in order. */
function javaJson(v: unknown): string {
  if (typeof v === 'string') return javaString(v)
  if (typeof v === 'number') return Number.isInteger(v) ? `${v}L` : double(v, 'd')
  if (Array.isArray(v)) return `array(${v.map(javaJson).join(', ')})`
  if (v && typeof v === 'object')
    return `table(${Object.entries(v)
      .map(([k, x]) => `${javaString(k)}, ${javaJson(x)}`)
      .join(', ')})`
  return String(v)
}

const javaStrings = (xs: readonly string[]) => `new String[] {${xs.map(javaString).join(', ')}}`

function step(plan: LabPlan, s: LabStep, waits: PolicyWait[]): string {
  const v = vhostIndex(plan, s)
  const id = javaString(s.id)
  const waitList = `new String[][] {${waits.map(javaStrings).join(', ')}}`
  switch (s.op) {
    case 'policy.set': {
      const parts = prefixedPatternParts(s.policy.pattern)
      return `setPolicy(${v}, ${id}, ${javaString(s.policy.name)}, ${javaJson(policyBody(s))}, ${parts ? javaStrings(parts) : 'null'}, ${waitList});`
    }
    case 'policy.clear':
      return `clearPolicy(${v}, ${id}, ${javaString(s.name)}, ${waitList});`
    case 'exchange.declare': {
      const x = s.exchange
      const o = x.passive
        ? '.passive(true)'
        : `${opt('durable', x.durable, true)}${opt('autoDelete', x.auto_delete, false)}${opt('internal', x.internal, false)}${args(x.arguments)}`
      return `declareExchange(${v}, ${id}, ${javaString(x.name)}, ${javaString(x.type)}, new Opts()${o});`
    }
    case 'queue.declare': {
      const q = s.queue
      const o = q.passive
        ? '.passive(true)'
        : `${opt('durable', q.durable, true)}${opt('exclusive', q.exclusive, false)}${opt('autoDelete', q.auto_delete, false)}${args(q.arguments)}`
      return `declareQueue(${v}, ${id}, ${javaString(q.name)}, new Opts()${o});`
    }
    case 'bind':
    case 'unbind': {
      const b = s.binding
      const a = b.arguments ? table(typedTable(b.arguments)) : 'table()'
      return `${s.op}(${v}, ${id}, ${javaString(b.source)}, ${javaString(b.destination_type)}, ${javaString(b.destination)}, ${javaString(b.routing_key)}, ${a});`
    }
    case 'exchange.delete':
      return `deleteExchange(${v}, ${id}, ${javaString(s.name)}, ${s.if_unused === true});`
    case 'queue.delete':
      return `deleteQueue(${v}, ${id}, ${javaString(s.name)});`
    case 'publish': {
      const p = s.publish
      const h = p.headers ? `.headers(${table(typedTable(p.headers))})` : ''
      const m = p.mandatory ? '.mandatory(true)' : ''
      const body = p.body === undefined ? '' : `.body(${javaString(p.body)})`
      return `publish(${v}, ${id}, ${javaString(p.exchange)}, ${javaString(p.routing_key)}, new Opts()${m}${body}${h}${publishProps(p)});`
    }
  }
}

export function javaKit(plan: LabPlan, className = 'RabbitLab'): string {
  const header = headerLines(plan, 'java').map((l) => `// ${l.replaceAll('RabbitLab', className)}`.trimEnd())
  const strings = (xs: string[]) => `new String[] {${xs.map(javaString).join(', ')}}`
  const declared = declaredNames(plan)
  const waits = policyWaits(plan)
  return [
    ...header,
    '',
    JAVA_IMPORTS,
    `public class ${className} {`,
    `  static final String FORMAT = ${javaString(OBSERVATION_FORMAT)};`,
    `  static final int VERSION = ${OBSERVATION_VERSION};`,
    `  static final String SCENARIO = ${javaString(plan.fingerprint)};`,
    `  static final String[] VHOSTS = ${strings(plan.vhosts)};`,
    `  static final String[][] QUEUES = {${queuesPerVhost(plan).map(strings).join(', ')}};`,
    `  static final Object[][] DECLARED = {${declared
      .map(([v, kind, name]) => `{${v}, "${kind}", ${javaString(name)}}`)
      .join(', ')}};`,
    '',
    '  /** The scenario, step by step (vhost index, error id, then the step). */',
    '  static void scenario() throws Exception {',
    ...plan.steps.map((s, i) => `    ${step(plan, s, waits.get(i) ?? [])}`),
    '  }',
    JAVA_RUNTIME,
    '}',
    '',
  ].join('\n')
}
