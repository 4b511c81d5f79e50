import type { AmqpValue } from './types'

/**
 * AMQP reply codes and the broker's reply texts. Operations throw AmqpError; the runner turns it into
 * a plain ScenarioError. Code 0 means the *client* refused to send (amqplib throws before encoding).
 */

const NAMES: Record<number, string> = {
  403: 'ACCESS_REFUSED',
  404: 'NOT_FOUND',
  405: 'RESOURCE_LOCKED',
  406: 'PRECONDITION_FAILED',
  503: 'COMMAND_INVALID',
  541: 'INTERNAL_ERROR',
}

/** The entity a 404 is about (so a UI can say which name is missing and suggest a close one). */
export interface MissingEntity {
  kind: 'exchange' | 'queue'
  name: string
  vhost: string
}

export class AmqpError extends Error {
  readonly text: string
  constructor(
    readonly code: number,
    detail: string,
    readonly missing?: MissingEntity,
  ) {
    const text = code === 0 ? `CLIENT_REFUSED - ${detail}` : `${NAMES[code] ?? 'ERROR'} - ${detail}`
    super(text)
    this.text = text
    this.name = 'AmqpError'
  }
}

const q = (s: string) => `'${s}'`

/**
 * The broker turns the type name into an *existing* Erlang atom: a name that is one (but no exchange
 * type) reads "invalid exchange type", any other "unknown exchange type". The atom table is the
 * broker's; these are names that always exist, plus `Direct`, seen on 3.10.8.
 */
const EXISTING_ATOMS = new Set([
  '',
  'true',
  'false',
  'undefined',
  'ok',
  'error',
  'queue',
  'exchange',
  'Direct',
])
const inVhost = (kind: string, name: string, vhost: string) => `${kind} ${q(name)} in vhost ${q(vhost)}`

export const errors = {
  noExchange: (name: string, vhost: string) =>
    new AmqpError(404, `no ${inVhost('exchange', name, vhost)}`, { kind: 'exchange', name, vhost }),
  noQueue: (name: string, vhost: string) =>
    new AmqpError(404, `no ${inVhost('queue', name, vhost)}`, { kind: 'queue', name, vhost }),
  noPreviousQueue: () => new AmqpError(404, 'no previously declared queue'),
  reservedName: (kind: 'exchange' | 'queue', name: string) =>
    new AmqpError(403, `${kind} name ${q(name)} contains reserved prefix 'amq.*'`),
  defaultExchange: () => new AmqpError(403, 'operation not permitted on the default exchange'),
  deleteSystemExchange: (name: string, vhost: string) =>
    new AmqpError(403, `deletion of system ${inVhost('exchange', name, vhost)} not allowed`),
  internalPublish: (name: string, vhost: string) =>
    new AmqpError(403, `cannot publish to internal ${inVhost('exchange', name, vhost)}`),
  inequivalent: (
    field: string,
    kind: 'exchange' | 'queue',
    name: string,
    vhost: string,
    got: string,
    cur: string,
  ) =>
    new AmqpError(
      406,
      `inequivalent arg ${q(field)} for ${inVhost(kind, name, vhost)}: received ${got} but current is ${cur}`,
    ),
  exclusiveLocked: (name: string, vhost: string) =>
    new AmqpError(
      405,
      `cannot obtain exclusive access to locked ${inVhost('queue', name, vhost)}. It could be originally ` +
        'declared on another connection or the exclusive property value does not match that of the original declaration.',
    ),
  unknownType: (code: 406 | 503, type: string) =>
    new AmqpError(code, `${EXISTING_ATOMS.has(type) ? 'invalid' : 'unknown'} exchange type ${q(type)}`),
  transientQueue: (name: string, vhost: string) =>
    new AmqpError(
      541,
      `cannot declare non-durable, non-exclusive ${inVhost('queue', name, vhost)}: deprecated feature ` +
        "'transient_nonexcl_queues' is not permitted (RabbitMQ 4.3 default)",
    ),
  inUse: (name: string, vhost: string) => new AmqpError(406, `${inVhost('exchange', name, vhost)} in use`),
  badArgType: (arg: string, type: string, where: string) =>
    new AmqpError(406, `invalid type ${q(type)} for arg ${q(arg)} in ${where}`),
  xMatchType: (type: string, value: string) =>
    new AmqpError(406, `Invalid x-match field type ${type} (value ${value}); expected longstr`),
  xMatchValue: (value: string) =>
    new AmqpError(406, `Invalid x-match field value ${value}; expected all, any, all-with-x, or any-with-x`),
  tooManyHashes: (key: string, n: number, max: number) =>
    new AmqpError(406, `Topic binding key ${q(key)} uses ${n} '#' wildcards, at most ${max} are allowed`),
  badCcHeader: (header: string, type: string) =>
    new AmqpError(406, `invalid message: {unacceptable_type_in_header,"${header}",${type}}`),
  emptyWord: (message: string) => new AmqpError(406, message),
  shortstr: (field: string, bytes: number) =>
    new AmqpError(0, `field ${q(field)} is ${bytes} bytes of UTF-8; an AMQP shortstr holds at most 255`),
  badValue: (where: string, message: string) => new AmqpError(0, `${where}: ${message}`),
}

/** Erlang type atoms as the broker names AMQP types in its messages. */
export function erlangTypeName(type: string): string {
  if (type === 'int') return 'signedint'
  if (type === 'bytes') return 'binary'
  return type
}

/** A value printed the way Erlang's `~p` prints the decoded field value, for reply texts. */
export function erlangTerm(v: AmqpValue): string {
  switch (v.type) {
    case 'longstr':
    case 'bytes': {
      const body = v.value.replace(/["\\]/g, (c) => `\\${c}`)
      return /^[\x20-\x7e]*$/.test(v.value) ? `<<"${body}">>` : `<<"${body}"/utf8>>`
    }
    case 'bool':
      return String(v.value)
    case 'void':
      return 'undefined'
    case 'float':
    case 'double':
      return Number.isInteger(v.value) ? v.value.toFixed(1) : String(v.value)
    case 'decimal':
      return `{${v.value.places},${v.value.digits}}`
    case 'table':
      return `[${Object.entries(v.value)
        .map(([k, x]) => `{<<"${k}">>,${erlangTypeName(x.type)},${erlangTerm(x)}}`)
        .join(',')}]`
    case 'array':
      return `[${v.value.map((x) => `{${erlangTypeName(x.type)},${erlangTerm(x)}}`).join(',')}]`
    default:
      return String(v.value)
  }
}
