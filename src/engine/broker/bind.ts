/**
 * queue.bind / exchange.bind / unbind. A binding is identified by (source, destination, key, args with
 * keys sorted); binding it twice is a no-op, unbinding a missing one is fine (idempotent).
 */

import { validateXMatch } from '../headers/headers-match'
import { countHashes, firstEmptyWord, splitWords } from '../topic/topic-words'
import { tableIdentityKey } from '../values/amqp-equality'
import { removeBinding } from './delete'
import { errors } from './errors'
import { type BindingRecord, type Broker, destKeyOf, ensureVhost, type Vhost } from './model'
import { checkShortstr, stripCrLf, tableOf } from './names'
import type { AmqpTable, ScenarioBinding } from './types'

interface Resolved {
  vhost: Vhost
  source: string
  destination: string
  type: 'queue' | 'exchange'
  key: string
  args: AmqpTable
  identity: string
}

function resolve(broker: Broker, spec: ScenarioBinding): Resolved {
  checkShortstr('source', spec.source)
  checkShortstr('destination', spec.destination)
  checkShortstr('routing_key', spec.routing_key)
  const args = tableOf('arguments', spec.arguments)
  const vhost = ensureVhost(broker, spec.vhost ?? '/')
  const type = spec.destination_type === 'exchange' ? 'exchange' : 'queue'
  const source = stripCrLf(spec.source)
  let destination = stripCrLf(spec.destination)
  let key = spec.routing_key
  if (type === 'queue' && destination === '') {
    // queue.bind with queue "" uses the channel's last declared queue (and its name as an empty key).
    if (vhost.lastQueue === null) throw errors.noPreviousQueue()
    destination = vhost.lastQueue
    if (key === '') key = destination
  }
  if (source === '' || (type === 'exchange' && destination === '')) throw errors.defaultExchange()
  const identity = JSON.stringify([source, type, destination, key, tableIdentityKey(args)])
  return { vhost, source, destination, type, key, args, identity }
}

function validateForType(broker: Broker, exchangeType: string, key: string, args: AmqpTable): void {
  if (exchangeType === 'headers') validateXMatch(args)
  if (exchangeType !== 'topic') return
  const words = splitWords(key)
  const max = broker.profile.maxTopicHashes
  const hashes = countHashes(words)
  if (max !== null && hashes > max) throw errors.tooManyHashes(key, hashes, max)
  const empty = firstEmptyWord(words)
  if (broker.profile.rejectEmptyTopicWords && empty >= 0)
    throw errors.emptyWord(
      `teaching profile: binding key '${key}' has an empty word at position ${empty + 1}; the study note's matcher refuses it`,
    )
}

/** Create a binding. Returns the binding record (the existing one when it was already there). */
export function bind(broker: Broker, spec: ScenarioBinding): BindingRecord {
  const r = resolve(broker, spec)
  const { vhost } = r
  const source = vhost.exchanges.get(r.source)
  if (!source) throw errors.noExchange(r.source, vhost.name)
  const destExists = r.type === 'queue' ? vhost.queues.has(r.destination) : vhost.exchanges.has(r.destination)
  if (!destExists)
    throw r.type === 'queue'
      ? errors.noQueue(r.destination, vhost.name)
      : errors.noExchange(r.destination, vhost.name)
  validateForType(broker, source.type, r.key, r.args)
  const existing = vhost.bindings.get(r.identity)
  if (existing) return existing
  const record: BindingRecord = {
    id: `b${broker.nextBindingId++}`,
    vhost: vhost.name,
    source: r.source,
    destination: r.destination,
    destination_type: r.type,
    routing_key: r.key,
    arguments: r.args,
    identity: r.identity,
    destKey: destKeyOf(r.type, r.destination),
  }
  vhost.bindings.set(r.identity, record)
  source.outgoing.add(record)
  source.hadSourceBinding = true
  source.index.add(record)
  return record
}

/** Remove a binding; missing binding, source or destination is not an error. */
export function unbind(broker: Broker, spec: ScenarioBinding): void {
  const r = resolve(broker, spec)
  const existing = r.vhost.bindings.get(r.identity)
  if (existing) removeBinding(r.vhost, existing)
}
