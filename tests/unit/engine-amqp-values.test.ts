import { describe, expect, it } from 'vitest'
import type { AmqpValue } from '../../src/engine'
import {
  AmqpValueError,
  amqpToTypedJson,
  toAmqpTable,
  toAmqpValue,
  valueKey,
  valuesEqual,
} from '../../src/engine'

const v = (type: string, value: unknown) => ({ type, value }) as AmqpValue

describe('toAmqpValue — as amqplib encodes JSON', () => {
  it.each([
    [0, 'byte'],
    [127, 'byte'],
    [-128, 'byte'],
    [128, 'short'],
    [-129, 'short'],
    [32767, 'short'],
    [32768, 'int'],
    [-2147483648, 'int'],
    [2147483648, 'long'],
    [2 ** 52, 'long'],
  ])('integer %d → %s (smallest signed type)', (n, type) => {
    expect(toAmqpValue(n)).toEqual({ type, value: n })
  })

  it('fractions → double; strings → longstr; booleans → bool; null → void', () => {
    expect(toAmqpValue(1.5)).toEqual({ type: 'double', value: 1.5 })
    expect(toAmqpValue('1')).toEqual({ type: 'longstr', value: '1' })
    expect(toAmqpValue(true)).toEqual({ type: 'bool', value: true })
    expect(toAmqpValue(null)).toEqual({ type: 'void', value: null })
  })

  it('objects → tables, arrays → arrays, recursively', () => {
    expect(toAmqpValue({ a: [1, 'x'] })).toEqual({
      type: 'table',
      value: {
        a: {
          type: 'array',
          value: [
            { type: 'byte', value: 1 },
            { type: 'longstr', value: 'x' },
          ],
        },
      },
    })
  })

  it('{"!": type, value} forces a type, with amqplib aliases', () => {
    expect(toAmqpValue({ '!': 'long', value: 1 })).toEqual({ type: 'long', value: 1 })
    expect(toAmqpValue({ '!': 'int64', value: 1 })).toEqual({ type: 'long', value: 1 })
    expect(toAmqpValue({ '!': 'timestamp', value: 5 })).toEqual({ type: 'timestamp', value: 5 })
    expect(toAmqpValue({ '!': 'float', value: 0.1 })).toEqual({ type: 'float', value: Math.fround(0.1) })
    expect(toAmqpValue({ '!': 'decimal', value: { places: 2, digits: 150 } })).toEqual({
      type: 'decimal',
      value: { places: 2, digits: 150 },
    })
  })

  it('64-bit integers as decimal strings stay exact (amqplib hands them to BigInt)', () => {
    expect(toAmqpValue({ '!': 'long', value: '9007199254740993' })).toEqual({
      type: 'long',
      value: '9007199254740993',
    })
    expect(toAmqpValue({ '!': 'long', value: '-9223372036854775808' }).value).toBe('-9223372036854775808')
    expect(toAmqpValue({ '!': 'short', value: '12' })).toEqual({ type: 'short', value: 12 })
    expect(() => toAmqpValue({ '!': 'long', value: '9223372036854775808' })).toThrow(/out of range/)
    expect(() => toAmqpValue({ '!': 'long', value: '1.5' })).toThrow(/integer/)
  })

  it('refuses what amqplib cannot encode, with the path', () => {
    expect(() => toAmqpValue({ '!': 'nope', value: 1 })).toThrow(AmqpValueError)
    expect(() => toAmqpTable({ a: { b: { '!': 'byte', value: 300 } } })).toThrow(/^a\.b: 300 is out of range/)
    expect(() => toAmqpValue({ '!': 'long', value: 1.5 })).toThrow(/integer/)
  })
})

describe('valuesEqual / valueKey — the broker equality per profile', () => {
  const pairs: [string, AmqpValue, AmqpValue, boolean, boolean][] = [
    // label, a, b, equal in rabbitmq-4, equal in rabbitmq-3.10
    ['byte 1 = long 1', v('byte', 1), v('long', 1), true, true],
    ['int 1 = unsignedint 1', v('int', 1), v('unsignedint', 1), true, true],
    ['int 1 vs double 1.0', v('byte', 1), v('double', 1), false, true],
    ['float 1.5 = double 1.5', v('float', 1.5), v('double', 1.5), true, true],
    ['float(0.1) ≠ double 0.1', v('float', Math.fround(0.1)), v('double', 0.1), false, false],
    ['longstr = bytes', v('longstr', 'a'), v('bytes', 'a'), true, true],
    ['"1" ≠ 1', v('longstr', '1'), v('byte', 1), false, false],
    ['true ≠ 1', v('bool', true), v('byte', 1), false, false],
    ['timestamp 5 = long 5 (raw)', v('timestamp', 5), v('long', 5), true, true],
    [
      'nested tables typed: {a: byte 1} ≠ {a: long 1}',
      v('table', { a: v('byte', 1) }),
      v('table', { a: v('long', 1) }),
      false,
      false,
    ],
    ['nested arrays equal', v('array', [v('byte', 1)]), v('array', [v('byte', 1)]), true, true],
    ['empty array = empty table (both empty lists)', v('array', []), v('table', {}), true, true],
    ['non-empty array ≠ table', v('array', [v('byte', 1)]), v('table', { a: v('byte', 1) }), false, false],
    ['2^53+1 ≠ 2^53', v('long', '9007199254740993'), v('long', 9007199254740992), false, false],
    ['decimal vs int', v('decimal', { places: 0, digits: 1 }), v('byte', 1), false, false],
  ]
  it.each(pairs)('%s', (_label, a, b, eq4, eq310) => {
    expect(valuesEqual(a, b, 'rabbitmq-4')).toBe(eq4)
    expect(valuesEqual(a, b, 'rabbitmq-3.10')).toBe(eq310)
    expect(valueKey(a, 'rabbitmq-4') === valueKey(b, 'rabbitmq-4')).toBe(eq4)
    expect(valueKey(a, 'rabbitmq-3.10') === valueKey(b, 'rabbitmq-3.10')).toBe(eq310)
  })
})

describe('amqpToTypedJson', () => {
  it('is the inverse of toAmqpValue for every wire type', () => {
    const values = [
      'text',
      true,
      null,
      { '!': 'long', value: 1 },
      { '!': 'byte', value: -3 },
      { '!': 'timestamp', value: 1700000000 },
      { '!': 'float', value: 1.5 },
      { '!': 'double', value: 2 },
      { '!': 'decimal', value: { places: 2, digits: 123 } },
      { '!': 'bytes', value: 'raw' },
      [1, 'a', { k: { '!': 'short', value: 7 } }],
      { nested: { deeper: [null, false] } },
    ] as const
    for (const json of values) {
      const v = toAmqpValue(json as never)
      expect(toAmqpValue(amqpToTypedJson(v)), JSON.stringify(json)).toEqual(v)
    }
  })
})
