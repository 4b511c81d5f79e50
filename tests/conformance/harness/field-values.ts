import type { JsonValue } from '../../../src/engine'

/** What amqplib's codec accepts as a field-table value. */
export type WireValue =
  | string
  | number
  | boolean
  | null
  | Buffer
  | WireValue[]
  | { [key: string]: WireValue }
  | { '!': string; value: unknown }

/** amqplib's own names for `{"!": type}`; they pass through unchanged. */
const AMQPLIB_TYPES = new Set([
  'byte',
  'int8',
  'unsignedbyte',
  'uint8',
  'short',
  'int16',
  'unsignedshort',
  'uint16',
  'int',
  'int32',
  'unsignedint',
  'uint32',
  'long',
  'int64',
  'double',
  'float64',
  'float',
  'timestamp',
  'decimal',
])

/**
 * Turns a scenario's JSON value into what amqplib encodes, so the broker sees exactly the AMQP
 * types the scenario format promises: string → longstr, integer → smallest signed int, other
 * number → double, boolean, null → void, object → table, array → array, and `{"!": T, "value": V}`
 * forces type T (amqplib's names, plus the engine's aliases longstr/bool/void/table/array/bytes).
 */
function toWire(value: JsonValue, where: string): WireValue {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((v, i) => toWire(v, `${where}[${i}]`))
  if (Object.hasOwn(value, '!')) {
    const type = value['!']
    const inner = value.value
    if (typeof type !== 'string') throw new Error(`${where}: "!" must name a type`)
    if (AMQPLIB_TYPES.has(type)) return { '!': type, value: inner }
    switch (type) {
      case 'longstr':
        if (typeof inner !== 'string') throw new Error(`${where}: longstr needs a string value`)
        return inner
      case 'bool':
        if (typeof inner !== 'boolean') throw new Error(`${where}: bool needs a boolean value`)
        return inner
      case 'void':
        return null
      case 'table':
      case 'array':
        if (inner === undefined) throw new Error(`${where}: ${type} needs a value`)
        return toWire(inner, where)
      case 'bytes':
        if (typeof inner !== 'string') throw new Error(`${where}: bytes needs a string value`)
        return Buffer.from(inner, 'utf8')
      default:
        throw new Error(`${where}: unknown forced type "${type}"`)
    }
  }
  const table: { [key: string]: WireValue } = {}
  for (const [k, v] of Object.entries(value)) table[k] = toWire(v, `${where}.${k}`)
  return table
}

export function tableToWire(
  table: { [key: string]: JsonValue } | undefined,
  where: string,
): { [key: string]: WireValue } | undefined {
  if (table === undefined) return undefined
  return toWire(table, where) as { [key: string]: WireValue }
}
