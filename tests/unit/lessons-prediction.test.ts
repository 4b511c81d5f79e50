/** Judging a learner's marks against the engine's answer for one message. */
import { describe, expect, it } from 'vitest'
import { runScenario } from '../../src/engine'
import { judge, NO_MARKS, toggleNowhere, toggleQueue } from '../../src/lessons/prediction'

const run = runScenario({
  exchanges: [{ name: 'x', type: 'topic' }],
  queues: [{ name: 'audit' }, { name: 'notify' }],
  bindings: [
    { source: 'x', destination: 'audit', destination_type: 'queue', routing_key: 'order.#' },
    { source: 'x', destination: 'notify', destination_type: 'queue', routing_key: 'order.created' },
  ],
  publishes: [
    { id: 'm1', exchange: 'x', routing_key: 'order.created' },
    { id: 'm2', exchange: 'x', routing_key: 'pay.done', mandatory: true },
    { id: 'm3', exchange: 'x', routing_key: 'pay.done' },
  ],
})
const pub = (id: string) => run.publishes.find((p) => p.id === id) as (typeof run.publishes)[number]

describe('judge', () => {
  it('is right only for exactly the engine’s set of queues', () => {
    const both = toggleQueue(toggleQueue(NO_MARKS, 'audit'), 'notify')
    expect(judge(both, pub('m1')).right).toBe(true)
    const one = toggleQueue(NO_MARKS, 'audit')
    expect(judge(one, pub('m1'))).toEqual({ right: false, hit: ['audit'], extra: [], missed: ['notify'] })
    expect(judge(toggleQueue(both, 'notify'), pub('m1')).right).toBe(false)
  })
  it('tells returned from dropped', () => {
    expect(judge(toggleNowhere(NO_MARKS, 'returned'), pub('m2')).right).toBe(true)
    expect(judge(toggleNowhere(NO_MARKS, 'dropped'), pub('m2')).right).toBe(false)
    expect(judge(toggleNowhere(NO_MARKS, 'dropped'), pub('m3')).right).toBe(true)
    expect(judge(toggleQueue(NO_MARKS, 'audit'), pub('m3'))).toMatchObject({ right: false, extra: ['audit'] })
  })
  it('keeps queues and nowhere exclusive, and an empty answer is never right', () => {
    const m = toggleNowhere(toggleQueue(NO_MARKS, 'audit'), 'returned')
    expect(m.queues.size).toBe(0)
    expect(toggleQueue(m, 'audit').nowhere).toBeNull()
    for (const id of ['m1', 'm2', 'm3']) expect(judge(NO_MARKS, pub(id)).right).toBe(false)
  })
})
