/** print → parse gives back the same operations, for hostile names and every value shape. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { JsonValue, Operation } from '../../src/engine/broker/types'
import { parseScript } from '../../src/engine/script/parse'
import { printScript } from '../../src/engine/script/print'

const HOSTILE = [
  'a "quoted" b',
  '<img src=x onerror=alert(1)>',
  '#35;',
  'end',
  'graph',
  'x'.repeat(255),
  '😀 rocket 🚀',
  '订单.创建',
  '',
  'key',
  'to',
  '// not a comment',
  'a//b',
  'back\\slash',
  'tab\there',
  'line\nbreak',
  'sep\u2028x',
  '{braces}',
  'a: b, c',
  '123',
  '-1.5e3',
  'true',
  'long',
  ' lead and trail ',
]

const strip = (ops: Operation[]) => ops.map(({ loc, ...rest }) => rest)

function roundTrip(ops: Operation[]) {
  const text = printScript(ops)
  const back = parseScript(text)
  expect(back.diagnostics, text).toEqual([])
  expect(strip(back.ops)).toEqual(ops)
}

describe('hostile names round-trip', () => {
  it.each(HOSTILE)('%j', (name) => {
    roundTrip([
      {
        op: 'exchange.declare',
        exchange: { name, type: 'topic', durable: true, auto_delete: false, internal: false },
      },
      { op: 'queue.declare', queue: { name, durable: true, exclusive: false, auto_delete: false } },
      {
        op: 'bind',
        binding: { source: name, destination: name, destination_type: 'queue', routing_key: name },
      },
      {
        op: 'bind',
        binding: {
          source: name,
          destination: name,
          destination_type: 'exchange',
          routing_key: '',
          arguments: { [name]: name },
        },
      },
      {
        op: 'publish',
        publish: { id: name, exchange: name, routing_key: name, headers: { [name]: [name] } },
      },
      { op: 'queue.delete', name },
    ])
  })
})

const jsonValue: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit: 'grapheme' }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.string(), tie('v'), { maxKeys: 3 }),
    fc.record({
      '!': fc.constantFrom('long', 'int', 'short', 'byte', 'float', 'timestamp'),
      value: fc.integer(),
    }),
  ),
})).v

describe('generated round trips', () => {
  it('names, keys and header values survive print → parse', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string(),
        fc.dictionary(fc.string(), jsonValue),
        (name, key, headers) => {
          const ops: Operation[] = [
            {
              op: 'publish',
              publish: { id: name, exchange: name, routing_key: key, headers, mandatory: true },
            },
          ]
          if (Object.keys(headers).length === 0)
            delete (ops[0] as { publish: { headers?: unknown } }).publish.headers
          roundTrip(ops)
        },
      ),
      { seed: 5, numRuns: 400 },
    )
  })
})

describe('vhosts', () => {
  it('keeps per-vhost statements and empty vhosts', () => {
    const ops: Operation[] = [
      {
        op: 'queue.declare',
        queue: { name: 'a', vhost: 'v 1', durable: true, exclusive: false, auto_delete: false },
      },
      { op: 'queue.declare', queue: { name: 'b', durable: false, exclusive: false, auto_delete: false } },
    ]
    const text = printScript(ops, { vhosts: ['/', 'v 1', 'empty'], profile: 'teaching' })
    const back = parseScript(text)
    expect(strip(back.ops)).toEqual(ops)
    expect(back.vhosts).toContain('empty')
    expect(back.profile).toBe('teaching')
  })
})

describe('prototype keys', () => {
  it('a __proto__ header is a plain key', () => {
    const r = parseScript('publish a to x headers {"__proto__": {polluted: true}}')
    const headers = (r.ops[0] as { publish: { headers: Record<string, unknown> } }).publish.headers
    expect(Object.keys(headers)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('printing', () => {
  it('writes exchange types as words and switches vhost only when needed', () => {
    const ops: Operation[] = [
      {
        op: 'exchange.declare',
        exchange: { name: 'h', type: 'headers', durable: true, auto_delete: false, internal: false },
      },
      {
        op: 'exchange.declare',
        exchange: { name: 'x', type: 'x-custom', durable: true, auto_delete: false, internal: false },
      },
    ]
    expect(printScript(ops, { vhosts: ['/', 'empty'] })).toBe(
      'vhost empty\nvhost /\nexchange declare h headers\nexchange declare x x-custom\n',
    )
    expect(printScript(ops)).toBe('exchange declare h headers\nexchange declare x x-custom\n')
  })
})
