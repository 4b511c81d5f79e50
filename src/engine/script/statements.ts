/**
 * One statement per line → one Operation. Grammar (docs/playground.md has the full version):
 *   profile rabbitmq-3.10
 *   vhost NAME
 *   exchange declare NAME TYPE [durable|transient] [auto_delete] [internal] [args {…}]
 *   exchange declare NAME [TYPE] passive        (only checks that it exists)
 *   queue declare NAME [durable|transient] [exclusive] [auto_delete] [args {…}] [passive]
 *   bind [queue|exchange] DEST to SOURCE [key K] [args {…}]
 *   unbind [queue|exchange] DEST from SOURCE [key K] [args {…}]
 *   delete exchange NAME [if_unused]      (also: exchange delete NAME)
 *   delete queue NAME                     (also: queue delete NAME)
 *   publish [ID] to EXCHANGE [key K] [headers {…}] [properties {…}] [body "…"] [mandatory]
 *   policy set NAME pattern P definition {…} [apply-to …] [priority N]   (policy-statement.ts)
 */
import type { JsonValue, Operation, ScenarioBinding } from '../broker/types'
import type { Cursor } from './cursor'
import { DECLARE_FLAGS } from './names'
import { nearest } from './suggest'
import { parseTable } from './values'

type Op = Operation
type Table = { [key: string]: JsonValue }

const FLAG_ALIASES: Record<string, string> = { 'auto-delete': 'auto_delete', 'if-unused': 'if_unused' }

/** Parse `[flag | name VALUE]*` options until the end of the line; each at most once. */
function options(
  c: Cursor,
  flags: readonly string[],
  valued: Record<string, (c: Cursor) => JsonValue>,
): { flags: Set<string>; values: Map<string, JsonValue> } {
  const seenFlags = new Set<string>()
  const values = new Map<string, JsonValue>()
  while (!c.done()) {
    const t = c.peek()
    // hasOwn, not `in` or a bare lookup: `constructor` or `toString` are words, not options.
    const word =
      t?.kind === 'word' ? (Object.hasOwn(FLAG_ALIASES, t.text) ? FLAG_ALIASES[t.text] : t.text) : ''
    if (!t || word === undefined || !(flags.includes(word) || Object.hasOwn(valued, word))) {
      const words = [...flags, ...Object.keys(valued)]
      throw c.error(
        `unexpected word; expected one of: ${words.join(', ')}`,
        'unexpected',
        { expected: words.join(', ') },
        t?.kind === 'word' ? nearest(t.text, words) : undefined,
      )
    }
    if (seenFlags.has(word) || values.has(word))
      throw c.errorAt(t, `${word} is given twice`, 'duplicate-option', { word })
    c.next()
    if (flags.includes(word)) seenFlags.add(word)
    else values.set(word, (valued[word] as (c: Cursor) => JsonValue)(c))
  }
  return { flags: seenFlags, values }
}

const keyValue = (c: Cursor): JsonValue => c.name('key').text

function durability(c: Cursor, set: Set<string>): boolean {
  if (set.has('durable') && set.has('transient'))
    throw c.error('durable and transient exclude each other', 'conflict')
  // Like the management UI and rabbitmqadmin: durable unless told otherwise (RabbitMQ 4.3 refuses
  // transient non-exclusive queues with 541, so a transient default would surprise).
  return !set.has('transient')
}

export function exchangeDeclare(c: Cursor, vhost: string | undefined): Op {
  const name = c.name('exchange').text
  // A passive declare only checks existence, so its type may be left out (a type named "passive"
  // is written quoted).
  const next = c.peek()
  const typeless = next?.kind === 'word' && next.text === 'passive'
  const type = typeless ? '' : c.name('exchange-type').text
  const o = options(c, DECLARE_FLAGS.exchange, { args: parseTable })
  const exchange: Extract<Op, { op: 'exchange.declare' }>['exchange'] = {
    name,
    type,
    ...(vhost ? { vhost } : {}),
    durable: durability(c, o.flags),
    auto_delete: o.flags.has('auto_delete'),
    internal: o.flags.has('internal'),
  }
  if (o.values.has('args')) exchange.arguments = o.values.get('args') as Table
  if (o.flags.has('passive')) exchange.passive = true
  return { op: 'exchange.declare', exchange }
}

export function queueDeclare(c: Cursor, vhost: string | undefined): Op {
  const name = c.name('queue').text
  const o = options(c, DECLARE_FLAGS.queue, { args: parseTable })
  const queue: Extract<Op, { op: 'queue.declare' }>['queue'] = {
    name,
    ...(vhost ? { vhost } : {}),
    durable: durability(c, o.flags),
    exclusive: o.flags.has('exclusive'),
    auto_delete: o.flags.has('auto_delete'),
  }
  if (o.values.has('args')) queue.arguments = o.values.get('args') as Table
  if (o.flags.has('passive')) queue.passive = true
  return { op: 'queue.declare', queue }
}

export function binding(c: Cursor, kind: 'bind' | 'unbind', vhost: string | undefined): Op {
  let destinationType: 'queue' | 'exchange' = 'queue'
  // `bind exchange X to Y` vs `bind exchange to Y` (a queue literally named "exchange" must be quoted).
  if (c.peek(1)?.kind !== 'word' || !['to', 'from'].includes(c.peek(1)?.text ?? '')) {
    if (c.acceptWord('exchange')) destinationType = 'exchange'
    else c.acceptWord('queue')
  }
  const destination = c.name(destinationType).text
  const joiner = kind === 'bind' ? 'to' : 'from'
  if (!c.acceptWord(joiner) && !(kind === 'unbind' && c.acceptWord('to')))
    throw c.error(
      `expected "${joiner}" and the source exchange`,
      'expected-word',
      { expected: joiner },
      c.peek()?.kind === 'word' ? nearest(c.peek()?.text ?? '', [joiner]) : undefined,
    )
  const source = c.name('source').text
  const o = options(c, [], { key: keyValue, args: parseTable })
  const b: ScenarioBinding = {
    source,
    destination,
    destination_type: destinationType,
    routing_key: (o.values.get('key') as string | undefined) ?? '',
    ...(vhost ? { vhost } : {}),
  }
  if (o.values.has('args')) b.arguments = o.values.get('args') as Table
  return { op: kind, binding: b }
}

export function deletion(c: Cursor, what: 'exchange' | 'queue', vhost: string | undefined): Op {
  const name = c.name(what).text
  if (what === 'queue') {
    options(c, [], {})
    return { op: 'queue.delete', name, ...(vhost ? { vhost } : {}) }
  }
  const o = options(c, ['if_unused'], {})
  return {
    op: 'exchange.delete',
    name,
    ...(vhost ? { vhost } : {}),
    ...(o.flags.has('if_unused') ? { if_unused: true } : {}),
  }
}

export function publish(c: Cursor, vhost: string | undefined, autoId: () => string): Op {
  let id: string
  const first = c.peek()
  if (first?.kind === 'word' && first.text === 'to') id = autoId()
  else id = c.name('message-id').text
  if (!c.acceptWord('to'))
    throw c.error('expected "to" and the exchange name ("" is the default exchange)', 'expected-word', {
      expected: 'to',
    })
  const exchange = c.name('publish-exchange').text
  const o = options(c, ['mandatory'], {
    key: keyValue,
    headers: parseTable,
    properties: parseTable,
    body: (c) => c.name('body').text,
  })
  const p: Extract<Op, { op: 'publish' }>['publish'] = {
    id,
    exchange,
    routing_key: (o.values.get('key') as string | undefined) ?? '',
    ...(vhost ? { vhost } : {}),
  }
  if (o.values.has('headers')) p.headers = o.values.get('headers') as Table
  if (o.values.has('properties')) p.properties = o.values.get('properties') as Table
  if (o.values.has('body')) p.body = o.values.get('body') as string
  if (o.flags.has('mandatory')) p.mandatory = true
  return { op: 'publish', publish: p }
}
