/** exchange.declare and queue.declare, with the broker's checks in the broker's order. */

import { describeArgs, sameArg } from './arg-equivalence'
import { erlangTypeName, errors } from './errors'
import { type Broker, ensureVhost, newExchange } from './model'
import { checkShortstr, hasReservedPrefix, stripCrLf, tableOf } from './names'
import { validateQueueArgs } from './queue-args'
import { checkServerNamed, checkTypeProperties, queueTypeOf, TYPE_ARGS } from './queue-types'
import type { AmqpValue, ScenarioExchange, ScenarioQueue } from './types'

const sameArgByClass = (a: AmqpValue | undefined, b: AmqpValue | undefined) => sameArg(a, b, true)

const KNOWN_TYPES = new Set(['direct', 'fanout', 'topic', 'headers'])
const AE = 'alternate-exchange'

export function declareExchange(broker: Broker, spec: ScenarioExchange): void {
  if (spec.passive) {
    checkExchange(broker, spec)
    return
  }
  checkShortstr('exchange', spec.name)
  checkShortstr('type', spec.type)
  const args = tableOf('arguments', spec.arguments)
  const vhostName = spec.vhost ?? '/'
  const vhost = ensureVhost(broker, vhostName)
  const name = stripCrLf(spec.name)
  // rabbit_channel: the type is checked first, then the default exchange, then existence.
  if (!KNOWN_TYPES.has(spec.type)) throw errors.unknownType(broker.profile.unknownExchangeTypeCode, spec.type)
  if (name === '') throw errors.defaultExchange()
  const flags = {
    durable: spec.durable ?? true,
    auto_delete: spec.auto_delete ?? false,
    internal: spec.internal ?? false,
  }
  const existing = vhost.exchanges.get(name)
  if (!existing) {
    if (hasReservedPrefix(name)) throw errors.reservedName('exchange', name)
    const ae = args[AE]
    if (ae !== undefined && ae.type !== 'longstr')
      throw errors.badArgType(AE, erlangTypeName(ae.type), `exchange '${name}' in vhost '${vhostName}'`)
    vhost.exchanges.set(
      name,
      newExchange(broker, vhostName, name, spec.type, { ...flags, arguments: args, builtin: false }),
    )
    return
  }
  const checks: [string, string, string][] = [
    ['type', spec.type, existing.type],
    ['durable', String(flags.durable), String(existing.durable)],
    ['auto_delete', String(flags.auto_delete), String(existing.auto_delete)],
    ['internal', String(flags.internal), String(existing.internal)],
  ]
  for (const [field, got, cur] of checks)
    if (got !== cur) throw errors.inequivalent(field, 'exchange', name, vhostName, `'${got}'`, `'${cur}'`)
  // Only alternate-exchange is compared among the arguments (rabbit_exchange:assert_args_equivalence).
  if (!sameArg(args[AE], existing.arguments[AE], true))
    throw errors.inequivalent(
      AE,
      'exchange',
      name,
      vhostName,
      ...describeArgs(args[AE], existing.arguments[AE]),
    )
}

/**
 * A passive exchange.declare: the default exchange is refused (403) and a missing exchange is 404;
 * the type, flags and arguments are not looked at (rabbit_channel's passive clause).
 */
function checkExchange(broker: Broker, spec: ScenarioExchange): void {
  checkShortstr('exchange', spec.name)
  const vhostName = spec.vhost ?? '/'
  const name = stripCrLf(spec.name)
  if (name === '') throw errors.defaultExchange()
  if (!ensureVhost(broker, vhostName).exchanges.has(name)) throw errors.noExchange(name, vhostName)
}

/**
 * A passive queue.declare: 404 when the queue is missing, `""` included (it is not a shortcut for
 * the last declared queue here, unlike in queue.bind); flags and arguments are not looked at.
 */
function checkQueue(broker: Broker, spec: ScenarioQueue): string {
  checkShortstr('queue', spec.name)
  const vhostName = spec.vhost ?? '/'
  const vhost = ensureVhost(broker, vhostName)
  const name = stripCrLf(spec.name)
  if (!vhost.queues.has(name)) throw errors.noQueue(name, vhostName)
  vhost.lastQueue = name
  return name
}

/**
 * x-queue-type on redeclare: `classic` and no type are the same queue type (either way round); any
 * other difference is compared as rabbit_misc words it (`received none but current is the value
 * 'quorum' of type 'longstr'`: the tutorials' classic → quorum switch needs a new queue name).
 */
function sameQueueType(got: AmqpValue | undefined, cur: AmqpValue | undefined): boolean {
  const isClassic = (v: AmqpValue | undefined) =>
    v === undefined || (v.type === 'longstr' && v.value === 'classic')
  if (got === undefined || cur === undefined) return isClassic(got) && isClassic(cur)
  return sameArg(got, cur, true)
}

/** Declare a queue; returns its (possibly server-generated) name. */
export function declareQueue(broker: Broker, spec: ScenarioQueue): string {
  if (spec.passive) return checkQueue(broker, spec)
  checkShortstr('queue', spec.name)
  const args = tableOf('arguments', spec.arguments)
  const vhostName = spec.vhost ?? '/'
  const vhost = ensureVhost(broker, vhostName)
  let name = stripCrLf(spec.name)
  const type = queueTypeOf(args)
  if (name === '') {
    checkServerNamed(type)
    name = `amq.gen-${++broker.generatedQueues}`
  } else if (hasReservedPrefix(name)) throw errors.reservedName('queue', name)
  const exclusive = spec.exclusive ?? false
  // An exclusive queue is never durable: the broker forces it.
  const durable = exclusive ? false : (spec.durable ?? true)
  const autoDelete = spec.auto_delete ?? false
  // An existing queue's equivalence is checked first (rabbit_channel); only a new queue reaches
  // the declare path that refuses transient non-exclusive queues.
  const existing = vhost.queues.get(name)
  if (existing) {
    if (existing.exclusive !== exclusive) throw errors.exclusiveLocked(name, vhostName)
    if (existing.durable !== durable)
      throw errors.inequivalent('durable', 'queue', name, vhostName, `'${durable}'`, `'${existing.durable}'`)
    if (existing.auto_delete !== autoDelete)
      throw errors.inequivalent(
        'auto_delete',
        'queue',
        name,
        vhostName,
        `'${autoDelete}'`,
        `'${existing.auto_delete}'`,
      )
    // Only the existing queue's type's arguments are compared (rabbit_amqqueue:assert_args_equivalence).
    for (const k of TYPE_ARGS[queueTypeOf(existing.arguments)])
      if (!(k === 'x-queue-type' ? sameQueueType : sameArgByClass)(args[k], existing.arguments[k]))
        throw errors.inequivalent(
          k,
          'queue',
          name,
          vhostName,
          ...describeArgs(args[k], existing.arguments[k]),
        )
  } else {
    validateQueueArgs(args, name, vhostName, type)
    checkTypeProperties(type, { durable, exclusive, auto_delete: autoDelete }, name, vhostName)
    if (type === 'classic' && broker.profile.rejectTransientQueues && !durable && !exclusive)
      throw errors.transientQueue(name, vhostName)
    vhost.queues.set(name, {
      vhost: vhostName,
      name,
      durable,
      exclusive,
      auto_delete: autoDelete,
      arguments: args,
      seq: broker.seq++,
      messages: [],
      nextSeq: 1,
    })
  }
  vhost.lastQueue = name
  return name
}
