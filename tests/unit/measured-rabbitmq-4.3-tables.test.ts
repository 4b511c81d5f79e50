// Seed 004: tables measured on RabbitMQ 4.3.6 (direct, fanout, topic, headers, dedup), replayed
// through the engine from the scenario fixtures that `npm run route` also reads.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runScenario, validateScenario } from '../../src/engine'

function run(file: string) {
  const scenario = validateScenario(JSON.parse(readFileSync(`tests/fixtures/seeds/${file}`, 'utf8')))
  return runScenario(scenario).result
}

describe('seed 004 — measured on RabbitMQ 4.3.6', () => {
  it('direct: byte-exact keys; green, Red and "red " are dropped; d.c gets red and blue', () => {
    const r = run('004-direct.json')
    expect(r.queues).toEqual({
      'd.a': ["key='red'"],
      'd.b': ["key='blue'"],
      'd.c': ["key='red'", "key='blue'"],
    })
    expect(r.errors).toEqual([])
    expect(r.returns).toEqual([])
  })

  it('fanout: 3 messages × 3 queues, whatever the keys', () => {
    const r = run('004-fanout.json')
    const all = ["key='anything'", "key=''", "key='k1'"]
    expect(r.queues).toEqual({ 'f.a': all, 'f.b': all, 'f.c': all })
  })

  it('topic: the ✓ table and the counts orange=3, rabbit=2, lazy=5, all=10', () => {
    // Rows as printed in the seed: routing key, then t.orange t.rabbit t.lazy t.all.
    const table = `
      quick.orange.rabbit       ✓ ✓ · ✓
      lazy.orange.elephant      ✓ · ✓ ✓
      quick.orange.fox          ✓ · · ✓
      lazy.brown.fox            · · ✓ ✓
      lazy.pink.rabbit          · ✓ ✓ ✓
      quick.brown.fox           · · · ✓
      orange                    · · · ✓
      quick.orange.male.rabbit  · · · ✓
      lazy.orange.male.rabbit   · · ✓ ✓
      lazy                      · · ✓ ✓`
    const queues = ['t.orange', 't.rabbit', 't.lazy', 't.all']
    const r = run('004-topic.json')
    for (const line of table.trim().split('\n')) {
      const [key, ...marks] = line.trim().split(/\s+/)
      marks.forEach((m, i) => {
        expect(r.queues[queues[i] as string]?.includes(key as string), `${key} → ${queues[i]}`).toBe(
          m === '✓',
        )
      })
    }
    expect(queues.map((q) => r.queues[q]?.length)).toEqual([3, 2, 5, 10])
  })

  it('headers: all needs every listed header, any needs one; extra headers do not matter', () => {
    const r = run('004-headers.json')
    expect(r.queues['h.all']).toEqual(['pdf+report', 'pdf+report+extra'])
    expect(r.queues['h.any']).toEqual(['pdf+report', 'pdf+log', 'txt+report', 'pdf+report+extra'])
  })

  it('dedup: three matching bindings on u.q still give one copy', () => {
    const r = run('004-dedup.json')
    expect(r.queues).toEqual({ 'u.q': ['a.b message'], 'u.q2': ['a.b message'] })
  })
})
