/**
 * Plain-text rendering of typed AMQP values, shared by the diagram's edge labels and the why panel.
 * Returns strings only; callers put them in React text or escaped Mermaid labels, never in HTML.
 */
import type { AmqpTable, AmqpValue } from '../engine'

/** A short human form: `pdf`, `42`, `true`, `1.50`, `{a: 1}`, `[x, y]`. */
export function formatAmqpValue(value: AmqpValue): string {
  switch (value.type) {
    case 'longstr':
    case 'bytes':
      return value.value
    case 'bool':
      return value.value ? 'true' : 'false'
    case 'void':
      return 'void'
    case 'decimal':
      return formatDecimal(value.value.digits, value.value.places)
    case 'table':
      return `{${formatTable(value.value)}}`
    case 'array':
      return `[${value.value.map(formatAmqpValue).join(', ')}]`
    default:
      return String(value.value)
  }
}

/** `k1=v1, k2=v2` in key order as given (the engine keeps declaration order). */
function formatTable(table: AmqpTable, separator = ', '): string {
  return Object.entries(table)
    .map(([k, v]) => `${k}=${formatAmqpValue(v)}`)
    .join(separator)
}

function formatDecimal(digits: number, places: number): string {
  if (places <= 0) return String(digits)
  const sign = digits < 0 ? '-' : ''
  const raw = String(Math.abs(digits)).padStart(places + 1, '0')
  return `${sign}${raw.slice(0, raw.length - places)}.${raw.slice(raw.length - places)}`
}
