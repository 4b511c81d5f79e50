/**
 * Header and argument values in the script, written like relaxed JSON with AMQP type prefixes:
 *   {format: "pdf", n: long 1, ok: true, none: null, list: [1, "a"], nested: {a: 1}}
 * They become scenario JSON (`{"!": "long", "value": 1}` for typed ones), which the engine types
 * exactly as amqplib would. `printValue` writes the same JSON back so print → parse is lossless.
 */

import type { JsonValue } from '../broker/types'
import { MAX_NESTING, TOO_DEEP } from '../values/plain-data'
import { type Cursor, ParseError } from './cursor'
import { isNumberWord, quote, quoteIfNeeded, VALUE_TYPES } from './names'

const TYPES = new Set<string>(VALUE_TYPES)

/**
 * `depth` counts the tables, arrays and type prefixes around the next value (a statement's own table
 * is level 1), the same levels the scenario and definitions readers count; deeper is refused here,
 * located, instead of overflowing the stack.
 */
function enter(c: Cursor, depth: number): void {
  if (depth > MAX_NESTING) throw c.error(TOO_DEEP, 'too-deep')
}

export function parseTable(c: Cursor, depth = 1): { [key: string]: JsonValue } {
  enter(c, depth)
  const open = c.expectPunct('{', 'to open a table')
  const out: { [key: string]: JsonValue } = {}
  if (c.acceptPunct('}')) return out
  for (;;) {
    const keyTok = c.name('table-key')
    if (Object.hasOwn(out, keyTok.text))
      throw c.errorAt(keyTok, `duplicate key ${quote(keyTok.text)} in table`, 'duplicate-key', {
        key: keyTok.text,
      })
    c.expectPunct(':', 'after the key')
    // defineProperty: a key named __proto__ must stay a plain key, not replace the prototype.
    Object.defineProperty(out, keyTok.text, {
      value: parseValue(c, depth),
      enumerable: true,
      writable: true,
      configurable: true,
    })
    if (c.acceptPunct('}')) return out
    if (!c.acceptPunct(',')) {
      if (c.done())
        throw new ParseError('table not closed: "}" is missing', open.column, c.lineEnd, 'unclosed', {
          punct: '}',
        })
      throw c.error('expected "," or "}"', 'expected-punct', { punct: ', }' })
    }
  }
}

function parseArray(c: Cursor, depth: number): JsonValue[] {
  enter(c, depth)
  c.expectPunct('[', 'to open an array')
  const out: JsonValue[] = []
  if (c.acceptPunct(']')) return out
  for (;;) {
    out.push(parseValue(c, depth))
    if (c.acceptPunct(']')) return out
    if (!c.acceptPunct(',')) throw c.error('expected "," or "]"', 'expected-punct', { punct: ', ]' })
  }
}

/** One value inside a table or array that is itself at level `depth`. */
function parseValue(c: Cursor, depth: number): JsonValue {
  const t = c.peek()
  if (!t) throw c.error('expected a value', 'expected-value')
  if (t.kind === 'punct') {
    if (t.text === '{') return parseTable(c, depth + 1)
    if (t.text === '[') return parseArray(c, depth + 1)
    throw c.error('expected a value', 'expected-value')
  }
  c.next()
  if (t.kind === 'string') return t.text
  switch (t.text) {
    case 'true':
      return true
    case 'false':
      return false
    case 'null':
      return null
  }
  if (isNumberWord(t.text)) {
    const n = Number(t.text)
    // JSON (scenario files, links) has no Infinity; 1e400 would print back as the string "Infinity".
    if (!Number.isFinite(n))
      throw c.errorAt(t, `number ${t.text} is out of range`, 'number-range', { number: t.text })
    return n
  }
  if (TYPES.has(t.text)) {
    if (t.text === 'void') return null
    const next = c.peek()
    if (!next || (next.kind === 'punct' && (next.text === ',' || next.text === '}' || next.text === ']')))
      throw c.error(`expected a value after the type ${t.text}`, 'expected-value', { type: t.text })
    // `long 1` is `{"!": "long", "value": 1}` in JSON: one level, like a table.
    if (depth + 1 > MAX_NESTING) throw c.errorAt(t, TOO_DEEP, 'too-deep')
    return { '!': t.text, value: parseValue(c, depth + 1) }
  }
  return t.text
}

function isTyped(v: { [key: string]: JsonValue }): boolean {
  const keys = Object.keys(v)
  return (
    typeof v['!'] === 'string' &&
    TYPES.has(v['!']) &&
    (keys.length === 2 ? keys.includes('value') : keys.length === 1 && v['!'] === 'void')
  )
}

function printValue(v: JsonValue): string {
  if (v === null) return 'null'
  if (typeof v === 'string') return quote(v)
  // String(-0) is "0": written as -0 so the value reads back unchanged (a double -0.0 is not 0 for =:=).
  if (typeof v === 'number')
    return Object.is(v, -0) ? '-0' : Number.isFinite(v) ? String(v) : quote(String(v))
  if (typeof v === 'boolean') return String(v)
  if (Array.isArray(v)) return `[${v.map(printValue).join(', ')}]`
  if (isTyped(v)) return v['!'] === 'void' ? 'void' : `${v['!']} ${printValue(v.value as JsonValue)}`
  return printTable(v)
}

export function printTable(t: { [key: string]: JsonValue }): string {
  const entries = Object.entries(t)
  if (entries.length === 0) return '{}'
  return `{${entries.map(([k, v]) => `${quoteIfNeeded(k)}: ${printValue(v)}`).join(', ')}}`
}
