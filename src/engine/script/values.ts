/**
 * Header and argument values in the script, written like relaxed JSON with AMQP type prefixes:
 *   {format: "pdf", n: long 1, ok: true, none: null, list: [1, "a"], nested: {a: 1}}
 * They become scenario JSON (`{"!": "long", "value": 1}` for typed ones), which the engine types
 * exactly as amqplib would. `printValue` writes the same JSON back so print → parse is lossless.
 */
import type { JsonValue } from '../types'
import { type Cursor, ParseError } from './cursor'
import { isNumberWord, quote, quoteIfNeeded, VALUE_TYPES } from './names'

const TYPES = new Set<string>(VALUE_TYPES)

export function parseTable(c: Cursor): { [key: string]: JsonValue } {
  const open = c.expectPunct('{', 'to open a table')
  const out: { [key: string]: JsonValue } = {}
  if (c.acceptPunct('}')) return out
  for (;;) {
    const keyTok = c.name('a key')
    if (Object.hasOwn(out, keyTok.text))
      throw c.errorAt(keyTok, `duplicate key ${quote(keyTok.text)} in table`, 'duplicate-key')
    c.expectPunct(':', 'after the key')
    // defineProperty: a key named __proto__ must stay a plain key, not replace the prototype.
    Object.defineProperty(out, keyTok.text, {
      value: parseValue(c),
      enumerable: true,
      writable: true,
      configurable: true,
    })
    if (c.acceptPunct('}')) return out
    if (!c.acceptPunct(',')) {
      if (c.done())
        throw new ParseError('table not closed: "}" is missing', open.column, c.lineEnd, 'unclosed')
      throw c.error('expected "," or "}"', 'expected-punct')
    }
  }
}

function parseArray(c: Cursor): JsonValue[] {
  c.expectPunct('[', 'to open an array')
  const out: JsonValue[] = []
  if (c.acceptPunct(']')) return out
  for (;;) {
    out.push(parseValue(c))
    if (c.acceptPunct(']')) return out
    if (!c.acceptPunct(',')) throw c.error('expected "," or "]"', 'expected-punct')
  }
}

export function parseValue(c: Cursor): JsonValue {
  const t = c.peek()
  if (!t) throw c.error('expected a value', 'expected-value')
  if (t.kind === 'punct') {
    if (t.text === '{') return parseTable(c)
    if (t.text === '[') return parseArray(c)
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
  if (isNumberWord(t.text)) return Number(t.text)
  if (TYPES.has(t.text)) {
    if (t.text === 'void') return null
    const next = c.peek()
    if (!next || (next.kind === 'punct' && (next.text === ',' || next.text === '}' || next.text === ']')))
      throw c.error(`expected a value after the type ${t.text}`, 'expected-value')
    return { '!': t.text, value: parseValue(c) }
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

export function printValue(v: JsonValue): string {
  if (v === null) return 'null'
  if (typeof v === 'string') return quote(v)
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : quote(String(v))
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
