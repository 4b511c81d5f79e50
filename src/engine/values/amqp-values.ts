/**
 * Scenario JSON → typed AMQP field values, exactly as amqplib's codec encodes them, and the broker's
 * equality on those values (headers exchange matching, binding identity).
 */

import type { AmqpTable, AmqpValue, JsonValue } from '../broker/types'
import { dataRecord, MAX_NESTING, setData, TOO_DEEP } from './plain-data'

/** A JSON value that cannot be turned into an AMQP value (amqplib would throw while encoding). */
export class AmqpValueError extends Error {
  constructor(
    /** Dotted path inside the converted value, e.g. `x-args.0`. Empty for the value itself. */
    readonly path: string,
    /** The problem without the path. */
    readonly detail: string,
  ) {
    super(path ? `${path}: ${detail}` : detail)
    this.name = 'AmqpValueError'
  }
}

const TWO_63 = 2 ** 63
const TWO_50 = 2 ** 50

/** amqplib's `isFloatingPoint`: ≥ 2^63 or a fraction below 2^50 goes out as a double. */
function isFloatingPoint(n: number): boolean {
  return n >= TWO_63 || (Math.abs(n) < TWO_50 && Math.floor(n) !== n)
}

/** The integer type amqplib picks for a JS integer: the smallest signed one that holds it. */
export function integerTypeFor(n: number): 'byte' | 'short' | 'int' | 'long' {
  if (n >= -128 && n < 128) return 'byte'
  if (n >= -0x8000 && n < 0x8000) return 'short'
  if (n >= -0x80000000 && n < 0x80000000) return 'int'
  return 'long'
}

/** Integers beyond 2^53 are carried as decimal strings so no digit is lost. */
function intValue(n: number): number | string {
  return Number.isSafeInteger(n) ? n : BigInt(n).toString()
}

function numberValue(n: number, path: string): AmqpValue {
  if (!Number.isFinite(n)) throw new AmqpValueError(path, `number ${n} cannot be encoded`)
  if (isFloatingPoint(n)) return { type: 'double', value: n }
  if (n < -TWO_63) throw new AmqpValueError(path, `integer ${n} is below the signed 64-bit range`)
  return { type: integerTypeFor(n), value: intValue(n) }
}

/** Ranges for the `{"!": type}` trapdoor; amqplib's Buffer writes throw outside them. */
const INT_RANGES: Record<string, [bigint, bigint]> = {
  byte: [-128n, 127n],
  unsignedbyte: [0n, 255n],
  short: [-0x8000n, 0x7fffn],
  unsignedshort: [0n, 0xffffn],
  int: [-0x80000000n, 0x7fffffffn],
  unsignedint: [0n, 0xffffffffn],
  long: [-(2n ** 63n), 2n ** 63n - 1n],
  timestamp: [0n, 2n ** 64n - 1n],
}

/**
 * An integer given as a JSON number or as a decimal string (amqplib passes long/timestamp values to
 * BigInt, and Buffer writes coerce strings, so `"9007199254740993"` is how 64-bit values stay exact).
 */
function forcedInteger(raw: JsonValue | undefined): bigint | null {
  if (typeof raw === 'number') return Number.isInteger(raw) ? BigInt(raw) : null
  if (typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw)) return BigInt(raw.trim())
  return null
}

/** amqplib's aliases for the trapdoor type names (`int8` = `byte`, …). */
const ALIASES: Record<string, string> = {
  int8: 'byte',
  uint8: 'unsignedbyte',
  int16: 'short',
  uint16: 'unsignedshort',
  int32: 'int',
  uint32: 'unsignedint',
  int64: 'long',
  float64: 'double',
}

function forced(type: string, raw: JsonValue | undefined, path: string, depth: number): AmqpValue {
  const t = ALIASES[type] ?? type
  const range = INT_RANGES[t]
  if (range) {
    const n = forcedInteger(raw)
    if (n === null)
      throw new AmqpValueError(path, `type '${type}' needs an integer (number or decimal string)`)
    if (n < range[0] || n > range[1]) throw new AmqpValueError(path, `${n} is out of range for '${type}'`)
    const asNumber = Number(n)
    return { type: t as 'byte', value: Number.isSafeInteger(asNumber) ? asNumber : n.toString() }
  }
  switch (t) {
    case 'double':
    case 'float':
      if (typeof raw !== 'number') throw new AmqpValueError(path, `type '${type}' needs a number`)
      return { type: t, value: t === 'float' ? Math.fround(raw) : raw }
    case 'decimal': {
      const d = raw as { places?: unknown; digits?: unknown } | null
      const ok =
        d !== null &&
        typeof d === 'object' &&
        Number.isInteger(d.places) &&
        Number.isInteger(d.digits) &&
        (d.places as number) >= 0 &&
        (d.places as number) < 256 &&
        (d.digits as number) >= 0 &&
        (d.digits as number) <= 0xffffffff
      if (!ok) throw new AmqpValueError(path, 'decimal needs {places: 0..255, digits: uint32}')
      return { type: 'decimal', value: { places: d.places as number, digits: d.digits as number } }
    }
    // amqplib's typeof-based names: "string", "boolean", "number", "object" route through the guesser.
    case 'string':
      if (typeof raw !== 'string') throw new AmqpValueError(path, "type 'string' needs a string")
      return { type: 'longstr', value: raw }
    case 'boolean':
      if (typeof raw !== 'boolean') throw new AmqpValueError(path, "type 'boolean' needs a boolean")
      return { type: 'bool', value: raw }
    case 'number':
      if (typeof raw !== 'number') throw new AmqpValueError(path, "type 'number' needs a number")
      return numberValue(raw, path)
    case 'object':
      if (raw === undefined) throw new AmqpValueError(path, "type 'object' needs a value")
      return toAmqpValueAt(raw, path, depth)
    // Extension (amqplib would need a Buffer): a byte string given as text.
    case 'bytes':
      if (typeof raw !== 'string') throw new AmqpValueError(path, "type 'bytes' needs a string")
      return { type: 'bytes', value: raw }
    default:
      throw new AmqpValueError(path, `unknown type to encode: '${type}'`)
  }
}

/** `depth`: how many tables/arrays enclose this value (the top-level table is 1). */
function toAmqpValueAt(json: JsonValue, path: string, depth: number): AmqpValue {
  if (json === null) return { type: 'void', value: null }
  switch (typeof json) {
    case 'string':
      return { type: 'longstr', value: json }
    case 'boolean':
      return { type: 'bool', value: json }
    case 'number':
      return numberValue(json, path)
    case 'object':
      // A typed wrapper (`{"!": "object", "value": …}`) counts as a level too: it nests in the JSON.
      if (depth >= MAX_NESTING) throw new AmqpValueError(path, TOO_DEEP)
      if (Object.hasOwn(json, '!') && !Array.isArray(json)) {
        const type = json['!']
        if (typeof type !== 'string') throw new AmqpValueError(path, "'!' must name a type")
        return forced(type, json.value, path, depth + 1)
      }
      if (Array.isArray(json))
        return { type: 'array', value: json.map((v, i) => toAmqpValueAt(v, join(path, i), depth + 1)) }
      return { type: 'table', value: toAmqpTableAt(json, path, depth + 1) }
    default:
      throw new AmqpValueError(path, `unsupported value of type ${typeof json}`)
  }
}

function join(path: string, key: string | number): string {
  return path ? `${path}.${key}` : String(key)
}

/** A table without a prototype, so `__proto__` and `constructor` are keys like any other. */
function toAmqpTableAt(json: { [key: string]: JsonValue }, path: string, depth: number): AmqpTable {
  const out: AmqpTable = dataRecord()
  for (const [k, v] of Object.entries(json)) {
    if (utf8Length(k) > 255) throw new AmqpValueError(join(path, k), 'table key longer than 255 bytes')
    setData(out, k, toAmqpValueAt(v, join(path, k), depth))
  }
  return out
}

/** Convert one scenario JSON value to the AMQP value amqplib would put on the wire. Throws AmqpValueError. */
export function toAmqpValue(json: JsonValue): AmqpValue {
  return toAmqpValueAt(json, '', 0)
}

/** Convert a scenario JSON object (headers, arguments) to an AMQP field table. Throws AmqpValueError. */
export function toAmqpTable(json: { [key: string]: JsonValue } | undefined | null): AmqpTable {
  if (json === undefined || json === null) return dataRecord()
  if (typeof json !== 'object' || Array.isArray(json))
    throw new AmqpValueError('', 'a table must be a JSON object')
  return toAmqpTableAt(json, '', 1)
}

/** UTF-8 byte length of a JS string (no TextEncoder: the engine has no DOM/Node lib). */
export function utf8Length(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4
        i++
      } else n += 3
    } else n += 3
  }
  return n
}

export { valueKey } from './amqp-equality'
