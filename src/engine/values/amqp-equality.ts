/**
 * The broker's equality on AMQP values, as canonical string keys: equal values ⇔ equal keys, so an
 * index can hash them.
 *
 * rabbitmq-4 (≥ 3.13): the header's *untyped* value is compared with Erlang `=:=`: every integer type
 * (and a raw timestamp) is the same integer, int ≠ float, float and double compare by value after
 * widening, longstr = bytes (both binaries), "1" ≠ 1, bool ≠ int; nested tables and arrays keep their
 * `{type, value}` pairs, so types matter exactly inside them.
 * rabbitmq-3.10 (3.6.3–3.12): untyped values compared with `==`, so integer 1 also equals double 1.0.
 */
import { getProfile } from '../broker/profiles'
import type { AmqpValue, ProfileName } from '../broker/types'

type Mode = 'strict' | 'loose'

function modeOf(profile: ProfileName | undefined): Mode {
  return getProfile(profile).headersEquality
}

const INTEGER_TYPES = new Set([
  'byte',
  'unsignedbyte',
  'short',
  'unsignedshort',
  'int',
  'unsignedint',
  'long',
  'timestamp',
])

function bigintText(v: number | string): string {
  return BigInt(v).toString()
}

/** Erlang `==` between an integer and a float: numerically equal means equal. */
function looseNumber(n: number): string {
  if (Number.isInteger(n)) return BigInt(n).toString()
  return String(n)
}

function floatText(n: number, mode: Mode): string {
  if (mode === 'loose') return looseNumber(n)
  // OTP 27+ distinguishes 0.0 and -0.0 under =:=.
  return Object.is(n, -0) ? '-0' : String(n)
}

/**
 * Writes the key of `v` into `out`. Strings carry their length (`longstr:3:abc`), so no character
 * needs escaping and nested values are written once, not re-escaped at every level (JSON.stringify per
 * level doubled the backslashes each time: 24 levels took seconds and a gigabyte).
 */
function writeTyped(v: AmqpValue, mode: Mode, out: string[]): void {
  switch (v.type) {
    case 'table':
      out.push('table{')
      for (const [k, x] of Object.entries(v.value)) {
        out.push(`${k.length}:`, k, '=')
        writeTyped(x, mode, out)
        out.push(';')
      }
      out.push('}')
      return
    case 'array':
      out.push('array[')
      for (const x of v.value) {
        writeTyped(x, mode, out)
        out.push(';')
      }
      out.push(']')
      return
    case 'float':
    case 'double':
      out.push(`${v.type}:${floatText(v.value, mode)}`)
      return
    case 'decimal':
      out.push(`decimal:${v.value.places}:${v.value.digits}`)
      return
    case 'bool':
      out.push(`bool:${v.value ? 1 : 0}`)
      return
    case 'void':
      out.push('void')
      return
    case 'longstr':
    case 'bytes':
      out.push(`${v.type}:${v.value.length}:`, v.value)
      return
    default:
      out.push(`${v.type}:${bigintText(v.value)}`)
  }
}

/** Key of a value where its type is part of the value (inside tables/arrays, binding identity). */
function typedKey(v: AmqpValue, mode: Mode = 'strict'): string {
  const out: string[] = []
  writeTyped(v, mode, out)
  return out.join('')
}

/**
 * Canonical key of a top-level header/argument value under the profile's equality:
 * `valuesEqual(a, b, p)` ⇔ `valueKey(a, p) === valueKey(b, p)`.
 */
export function valueKey(v: AmqpValue, profile?: ProfileName): string {
  const mode = modeOf(profile)
  if (INTEGER_TYPES.has(v.type)) {
    const text = bigintText(v.value as number | string)
    return mode === 'loose' ? `n:${text}` : `i:${text}`
  }
  switch (v.type) {
    case 'float':
    case 'double':
      return mode === 'loose' ? `n:${looseNumber(v.value)}` : `f:${floatText(v.value, mode)}`
    case 'longstr':
    case 'bytes':
      return `s:${v.value}`
    case 'bool':
      return `b:${v.value ? 1 : 0}`
    case 'void':
      return 'v'
    case 'decimal':
      return `d:${v.value.places}:${v.value.digits}`
    default:
      // Untyped, a table is a list of {Key, Type, Value} and an array a list of {Type, Value}: the two
      // are only ever equal when both are empty.
      if (Object.keys(v.value).length === 0) return 'l:[]'
      return typedKey(v, mode)
  }
}

/** The broker's equality between a binding argument value and a message header value. */
export function valuesEqual(a: AmqpValue, b: AmqpValue, profile?: ProfileName): boolean {
  return valueKey(a, profile) === valueKey(b, profile)
}

/** Binding identity compares argument tables exactly (typed), with keys sorted. */
export function tableIdentityKey(t: { [key: string]: AmqpValue }): string {
  const keys = Object.keys(t).sort()
  return JSON.stringify(keys.map((k) => [k, typedKey(t[k] as AmqpValue)]))
}
