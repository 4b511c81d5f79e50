// The analyze CLI's contract (docs/analysis.md): JSON shapes, exit codes, located errors.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { analyzeCli } from '../../scripts/analyze-text'

const files: Record<string, string> = {
  before: readFileSync('tests/fixtures/analysis/orders-before.amqp', 'utf8'),
  after: readFileSync('tests/fixtures/analysis/orders-after.amqp', 'utf8'),
  clean:
    'exchange declare orders topic\nqueue declare audit\nbind audit to orders key "order.#"\nexpect "order.#" reaches audit\n',
  broken:
    'exchange declare orders topic\nqueue declare audit\nbind audit to orders key "order.#"\nbind audit to orders key "order.created"\n',
  typo: 'exchange declare orders topic\nbnid audit to orders\n',
  scenario: JSON.stringify({
    exchanges: [{ name: 'pay', type: 'topic' }],
    queues: [{ name: 'points' }],
    bindings: [{ source: 'pay', destination: 'points', destination_type: 'queue', routing_key: '*.paid' }],
    expect: [
      'nothing but "payment.*" reaches points',
      { kind: 'reaches', key: 'x.paid', queues: ['points'] },
    ],
  }),
  badExpect: JSON.stringify({
    exchanges: [{ name: 'pay', type: 'topic' }],
    expect: [{ kind: 'reach', key: '#' }],
  }),
  definitions: JSON.stringify({
    rabbit_version: '3.10.8',
    vhosts: [{ name: '/' }],
    exchanges: [
      {
        name: 'logs',
        vhost: '/',
        type: 'direct',
        durable: true,
        auto_delete: false,
        internal: false,
        arguments: { 'alternate-exchange': 'nope' },
      },
    ],
    queues: [{ name: 'errors', vhost: '/', durable: true, auto_delete: false, arguments: {} }],
    bindings: [
      {
        source: 'logs',
        vhost: '/',
        destination: 'errors',
        destination_type: 'queue',
        routing_key: 'error',
        arguments: {},
      },
    ],
  }),
}
const read = (f: string) => {
  const t = files[f]
  if (t === undefined) throw new Error('ENOENT: no such file')
  return t
}
const run = (...argv: string[]) => analyzeCli(argv, read)

describe('npm run analyze', () => {
  it('check --json: holds, and a failing requirement with a counter-example, exit 3', () => {
    const ok = run('check', 'clean', '--json')
    expect(ok.code).toBe(0)
    expect(JSON.parse(ok.stdout)).toEqual({
      requirements: [{ line: 4, text: 'expect "order.#" reaches audit', holds: true, counterexample: null }],
    })
    const bad = run('check', 'scenario', '--json')
    expect(bad.code).toBe(3)
    const [first, second] = JSON.parse(bad.stdout).requirements
    expect(first).toMatchObject({
      index: 0,
      holds: false,
      counterexample: { exchange: 'pay', reached: ['points'] },
    })
    expect(first.counterexample.routing_key).not.toMatch(/^payment\.[^.]+$/)
    expect(second).toMatchObject({ index: 1, holds: true })
  })

  it('lint --json: findings with rule, severity, subject, message and witness; an error finding exits 3', () => {
    const info = run('lint', 'broken', '--json')
    expect(info.code).toBe(0)
    const { findings } = JSON.parse(info.stdout)
    expect(findings).toContainEqual(
      expect.objectContaining({ rule: 'binding-redundant', severity: 'info', line: 4, witness: null }),
    )
    const defs = run('lint', 'definitions', '--json')
    expect(defs.code).toBe(3)
    const missing = JSON.parse(defs.stdout).findings.find(
      (f: { rule: string }) => f.rule === 'alternate-missing',
    )
    expect(missing).toMatchObject({ severity: 'error', subject: 'exchange logs' })
    expect(missing.witness).toEqual({ exchange: 'logs', routing_key: '', headers: {} })
  })

  it('diff --json: gained destinations with witnesses and both paths; --exit-code', () => {
    const d = run('diff', 'before', 'after', '--json')
    expect(d.code).toBe(0)
    const out = JSON.parse(d.stdout)
    expect(out.undecided).toEqual([])
    expect(out.changes).toContainEqual(
      expect.objectContaining({
        exchange: 'orders',
        destination: 'cn-east',
        destination_type: 'queue',
        change: 'gained',
        witness: { routing_key: 'order.cn.east.other.created', headers: {} },
      }),
    )
    expect(run('diff', 'before', 'after', '--exit-code').code).toBe(3)
    expect(run('diff', 'before', 'before', '--exit-code')).toMatchObject({
      code: 0,
      stdout: 'no difference: every message is routed alike\n',
    })
  })

  it('bad input: exit 2 with a located message; usage errors exit 2', () => {
    expect(run('lint', 'typo')).toMatchObject({ code: 2, stdout: '' })
    expect(run('lint', 'typo').stderr).toMatch(/^typo: line 2, column 1: unknown statement bnid/)
    expect(run('check', 'badExpect').stderr).toBe(
      'badExpect: expect[0].kind: expected one of reaches, reaches_only, unroutable, nothing_but\n',
    )
    expect(run('lint', 'missing').stderr).toMatch(/^missing: cannot read/)
    expect(run('frobnicate', 'clean').code).toBe(2)
    expect(run('diff', 'before').code).toBe(2)
    expect(run('check', 'broken', '--profile', 'nope').stderr).toMatch(/unknown profile/)
  })

  it('a requirement on an exchange that does not exist is bad input, located on its line', () => {
    const out = analyzeCli(['check', 'f'], () => 'exchange declare a topic\nexpect to b "#" unroutable\n')
    expect(out).toMatchObject({ code: 2, stderr: "f: line 2, column 1: no exchange 'b' in vhost '/'\n" })
  })
})
