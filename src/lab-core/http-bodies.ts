/**
 * The management API's request bodies for each step, shared by the shell kit (written into the
 * script) and live mode (sent by the browser), so both declare and publish exactly alike.
 */
import { type AmqpTable, type AmqpValue, type JsonValue, toAmqpTable } from '../engine'
import { PUBLISH_PROPERTIES } from './kit-shared'
import type { LabStep } from './plan'

type Step<K extends LabStep['op']> = Extract<LabStep, { op: K }>

/** A typed value as the JSON the API takes (it has no integer widths; see limits.ts). */
function json(v: AmqpValue): JsonValue {
  switch (v.type) {
    case 'table':
      return jsonTable(v.value)
    case 'array':
      return v.value.map(json)
    case 'decimal':
      return v.value.digits / 10 ** v.value.places
    case 'long':
    case 'timestamp':
      return typeof v.value === 'string' ? Number(v.value) : v.value
    default:
      return v.value as JsonValue
  }
}

export function jsonTable(t: AmqpTable): { [key: string]: JsonValue } {
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, json(v)]))
}

function tableBody(t: { [key: string]: JsonValue } | undefined): { [key: string]: JsonValue } {
  try {
    return jsonTable(toAmqpTable(t))
  } catch {
    return {}
  }
}

/** `{passive: true}` asks for a GET instead of a PUT. */
export function exchangeBody({ exchange: x }: Step<'exchange.declare'>) {
  if (x.passive) return { passive: true }
  return {
    type: x.type,
    durable: x.durable ?? true,
    auto_delete: x.auto_delete ?? false,
    internal: x.internal ?? false,
    arguments: tableBody(x.arguments),
  }
}

export function queueBody({ queue: q }: Step<'queue.declare'>) {
  if (q.passive) return { passive: true }
  return {
    durable: q.durable ?? true,
    exclusive: q.exclusive ?? false,
    auto_delete: q.auto_delete ?? false,
    arguments: tableBody(q.arguments),
  }
}

export function bindingBody({ binding: b }: Step<'bind' | 'unbind'>) {
  return { routing_key: b.routing_key, arguments: tableBody(b.arguments) }
}

/** message_id is the publish id, as in every kit; the payload is the scenario's body, else the id. */
export function publishBody({ publish: p }: Step<'publish'>) {
  const properties = Object.fromEntries(
    PUBLISH_PROPERTIES.flatMap((k) => (p.properties?.[k] === undefined ? [] : [[k, p.properties[k]]])),
  )
  return {
    properties: { ...properties, message_id: p.id, headers: tableBody(p.headers) },
    routing_key: p.routing_key,
    payload: p.body ?? p.id,
    payload_encoding: 'string',
  }
}
