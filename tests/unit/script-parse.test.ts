/** The topology script: every statement, its defaults, and located errors. */
import { describe, expect, it } from 'vitest'
import { parseScript } from '../../src/engine/script/parse'

const one = (line: string) => {
  const r = parseScript(line)
  expect(r.diagnostics).toEqual([])
  expect(r.ops).toHaveLength(1)
  const { loc, ...op } = r.ops[0] as NonNullable<(typeof r.ops)[0]>
  return op
}

describe('statements', () => {
  it('exchange declare with flags and arguments', () => {
    expect(
      one('exchange declare study.orders topic internal auto_delete args {alternate-exchange: "ae"}'),
    ).toEqual({
      op: 'exchange.declare',
      exchange: {
        name: 'study.orders',
        type: 'topic',
        durable: true,
        auto_delete: true,
        internal: true,
        arguments: { 'alternate-exchange': 'ae' },
      },
    })
    expect(one('exchange declare x fanout transient')).toMatchObject({ exchange: { durable: false } })
  })
  it('queue declare defaults to durable, like the management UI', () => {
    expect(one('queue declare audit')).toEqual({
      op: 'queue.declare',
      queue: { name: 'audit', durable: true, exclusive: false, auto_delete: false },
    })
    expect(one('queue declare q transient exclusive auto-delete args {x-max-length: 5}')).toEqual({
      op: 'queue.declare',
      queue: {
        name: 'q',
        durable: false,
        exclusive: true,
        auto_delete: true,
        arguments: { 'x-max-length': 5 },
      },
    })
  })
  it('bind / unbind to queues and exchanges', () => {
    expect(one('bind audit to study.orders key "order.#"')).toEqual({
      op: 'bind',
      binding: {
        source: 'study.orders',
        destination: 'audit',
        destination_type: 'queue',
        routing_key: 'order.#',
      },
    })
    expect(one('bind exchange e2 to e1 key k')).toMatchObject({
      binding: { source: 'e1', destination: 'e2', destination_type: 'exchange', routing_key: 'k' },
    })
    expect(one('bind queue h to hx args {x-match: any, format: "pdf"}')).toMatchObject({
      binding: { routing_key: '', arguments: { 'x-match': 'any', format: 'pdf' } },
    })
    expect(one('unbind exchange e2 from e1 key k')).toMatchObject({
      op: 'unbind',
      binding: { destination_type: 'exchange' },
    })
    // a queue literally called "exchange"
    expect(one('bind exchange to e1')).toMatchObject({
      binding: { destination: 'exchange', destination_type: 'queue' },
    })
  })
  it('delete in both word orders', () => {
    expect(one('delete queue audit')).toEqual({ op: 'queue.delete', name: 'audit' })
    expect(one('exchange delete x if_unused')).toEqual({ op: 'exchange.delete', name: 'x', if_unused: true })
  })
  it('publish with typed headers, properties, mandatory and an automatic id', () => {
    expect(
      one(
        'publish m1 to study.orders key "order.created" headers {format: "pdf", n: long 1, f: double 2, v: void} mandatory',
      ),
    ).toEqual({
      op: 'publish',
      publish: {
        id: 'm1',
        exchange: 'study.orders',
        routing_key: 'order.created',
        headers: { format: 'pdf', n: { '!': 'long', value: 1 }, f: { '!': 'double', value: 2 }, v: null },
        mandatory: true,
      },
    })
    const r = parseScript('publish to "" key audit\npublish to x')
    expect(r.ops.map((o) => (o.op === 'publish' ? o.publish.id : ''))).toEqual(['m1', 'm2'])
  })
  it('values: arrays, nested tables, numbers, booleans, bare words', () => {
    expect(
      one('publish a to x headers {CC: ["k1", "k2"], t: {a: [1, 2.5, true, null]}, w: word}'),
    ).toMatchObject({
      publish: { headers: { CC: ['k1', 'k2'], t: { a: [1, 2.5, true, null] }, w: 'word' } },
    })
  })
  it('profile, vhost, comments and blank lines', () => {
    const r = parseScript(
      '// the order example\nprofile rabbitmq-3.10\n\nvhost v1\nqueue declare q // trailing\nvhost /\nqueue declare r',
    )
    expect(r.diagnostics).toEqual([])
    expect(r.profile).toBe('rabbitmq-3.10')
    expect(r.vhosts).toEqual(['v1', '/'])
    expect(r.ops.map((o) => (o.op === 'queue.declare' ? o.queue.vhost : null))).toEqual(['v1', undefined])
    expect(r.ops[0]?.loc).toEqual({ line: 5, column: 1, endLine: 5, endColumn: 16 })
    expect(r.declared.queues).toEqual(['q', 'r'])
  })
  it('# is the topic wildcard, not a comment', () => {
    expect(one('bind q to x key #')).toMatchObject({ binding: { routing_key: '#' } })
  })
})

describe('errors are located and do not stop the other lines', () => {
  const cases: [string, number, number, string][] = [
    ['exchnage declare x topic', 1, 1, 'unknown-statement'],
    ['exchange declare x', 1, 19, 'expected-name'],
    ['queue declare q durable durable', 1, 25, 'duplicate-option'],
    ['queue declare q shiny', 1, 17, 'unexpected'],
    ['bind q x', 1, 8, 'expected-word'],
    ['publish m1 to x headers {a: 1', 1, 25, 'unclosed'],
    ['publish m1 to x headers {a 1}', 1, 28, 'expected-punct'],
    ['publish m1 to x key "abc', 1, 21, 'unterminated-string'],
    ['publish m1 to x headers {n: long}', 1, 33, 'expected-value'],
    ['profile rabbitmq-5', 1, 9, 'unknown-profile'],
    ['queue declare q durable transient', 1, 34, 'conflict'],
    ['delete binding b', 1, 8, 'expected-word'],
    ['publish m1 to x headers {a: 1, a: 2}', 1, 32, 'duplicate-key'],
  ]
  it.each(cases)('%s', (text, line, column, code) => {
    const r = parseScript(`queue declare ok\n${text}\nqueue declare ok2`)
    expect(r.diagnostics).toHaveLength(1)
    expect(r.diagnostics[0]).toMatchObject({ code, loc: { line: line + 1, column } })
    expect(r.ops).toHaveLength(2)
  })
})

describe('vhost context', () => {
  it('reports the vhost in force at the end of the script', () => {
    expect(parseScript('queue declare a').finalVhost).toBe('/')
    expect(parseScript('vhost shop\nqueue declare a').finalVhost).toBe('shop')
    expect(parseScript('vhost shop\nvhost /\nqueue declare a').finalVhost).toBe('/')
  })
})
