/**
 * An AMQP value back as scenario JSON that keeps its wire type (`{"!": "long", "value": 1}`), the
 * inverse of `toAmqpValue`: a binding drawn or removed on the diagram is written as a script line
 * whose arguments compare equal to the broker's (a plain `1` would come back as a byte).
 */
import type { AmqpTable, AmqpValue, JsonValue } from '../broker/types'

export function amqpToTypedJson(v: AmqpValue): JsonValue {
  switch (v.type) {
    case 'longstr':
    case 'bool':
      return v.value
    case 'void':
      return null
    case 'table':
      return tableToTypedJson(v.value)
    case 'array':
      return v.value.map(amqpToTypedJson)
    case 'decimal':
      return { '!': 'decimal', value: { ...v.value } }
    default:
      return { '!': v.type, value: v.value }
  }
}

export function tableToTypedJson(t: AmqpTable): { [key: string]: JsonValue } {
  const out: { [key: string]: JsonValue } = {}
  for (const [k, v] of Object.entries(t))
    Object.defineProperty(out, k, {
      value: amqpToTypedJson(v),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  return out
}
