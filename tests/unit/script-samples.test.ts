/**
 * The playground's samples (public/scenarios) go through the same path as a `?scenario=` link —
 * JSON → script text → parse → engine — and give the results measured on RabbitMQ (seed 004,
 * the RabbitMQ tutorial, the study note).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runOperations } from '../../src/engine/scenario/run'
import { parseScript } from '../../src/engine/script/parse'
import { scenarioJsonToScript } from '../../src/store/scenario-link'

function run(file: string) {
  const text = scenarioJsonToScript(readFileSync(`public/scenarios/${file}`, 'utf8'))
  const parsed = parseScript(text)
  expect(parsed.diagnostics).toEqual([])
  const r = runOperations(parsed.ops, parsed.profile)
  expect(r.result.errors).toEqual([])
  return r
}

describe('samples', () => {
  it('study note: order.created reaches audit and notify', () => {
    expect(run('study-orders.json').result.queues).toEqual({ audit: ['m1'], notify: ['m1'] })
  })
  it('tutorial: quick.orange.rabbit topology', () => {
    expect(run('tutorial-topic.json').result.queues).toEqual({
      Q1: ['m1', 'm2', 'm3'],
      Q2: ['m1', 'm2', 'm4', 'm5', 'm9'],
    })
  })
  it('004 direct: byte-exact keys', () => {
    expect(run('seed-direct.json').result.queues).toEqual({
      'd.a': ['red'],
      'd.b': ['blue'],
      'd.c': ['red', 'blue'],
    })
  })
  it('004 fanout: every queue, keys ignored', () => {
    const all = ['anything', 'empty', 'k1']
    expect(run('seed-fanout.json').result.queues).toEqual({ 'f.a': all, 'f.b': all, 'f.c': all })
  })
  it('004 topic: counts 3 / 2 / 5 / 10', () => {
    const q = run('seed-topic.json').result.queues
    expect([q['t.orange'], q['t.rabbit'], q['t.lazy'], q['t.all']].map((l) => l?.length)).toEqual([
      3, 2, 5, 10,
    ])
    expect(q['t.lazy']).toContain('lazy')
  })
  it('004 headers: all vs any', () => {
    expect(run('seed-headers.json').result.queues).toEqual({
      'h.all': ['pdf+report', 'pdf+report+extra'],
      'h.any': ['pdf+report', 'pdf+log', 'txt+report', 'pdf+report+extra'],
    })
  })
  it('004 dedup: three matching bindings, one copy', () => {
    const r = run('seed-dedup.json')
    expect(r.result.queues).toEqual({ 'u.q': ['a.b'], 'u.q2': ['a.b'] })
    expect(r.publishes[0]?.queues.find((d) => d.queue === 'u.q')?.reachedBy).toHaveLength(3)
  })
  it('E2E + alternate exchange', () => {
    const r = run('e2e-alternate.json')
    expect(r.result.queues).toEqual({ audit: ['eu', 'us'], 'orders.eu': ['eu'], unrouted: ['lost'] })
    expect(r.result.returns).toEqual([])
  })
})
