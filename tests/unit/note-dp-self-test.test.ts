// Seed 000: the study note's DP matcher — its 8 self-test cases (teaching profile) and 3 exercises.
import { describe, expect, it } from 'vitest'
import { EmptyWordError, runScenario, topicDpTrace, topicMatch } from '../../src/engine'

describe("the note's self-test (teaching profile)", () => {
  const cases: [boolean, string, string][] = [
    [true, 'order.*', 'order.created'],
    [false, 'order.*', 'order.eu.created'],
    [true, 'order.#', 'order'],
    [true, '#.#', ''],
    [false, '*', ''],
    [true, '', ''],
    [false, '', 'order'],
  ]
  it.each(cases)('expects %s for %j vs %j', (expected, pattern, key) => {
    expect(topicMatch(pattern, key, 'teaching')).toBe(expected)
  })

  it('case 8: an empty word (a..b) is rejected with a clear error', () => {
    expect(() => topicMatch('a..b', 'a.b', 'teaching')).toThrow(EmptyWordError)
    expect(() => topicMatch('a..b', 'a.b', 'teaching')).toThrow(/empty word at position 2/)
    expect(() => topicMatch('a.b', 'a.', 'teaching')).toThrow(/routing key 'a\.' has an empty word/)
    // RabbitMQ itself keeps empty words as literal words.
    expect(topicMatch('a..b', 'a..b', 'rabbitmq-4')).toBe(true)
    expect(topicMatch('a.*.b', 'a..b', 'rabbitmq-4')).toBe(true)
  })

  it('teaching profile refuses an empty-word binding and publish with 406', () => {
    const r = runScenario({
      profile: 'teaching',
      exchanges: [{ name: 't', type: 'topic' }],
      queues: [{ name: 'q' }],
      bindings: [
        { source: 't', destination: 'q', destination_type: 'queue', routing_key: 'a..b' },
        { source: 't', destination: 'q', destination_type: 'queue', routing_key: 'a.#' },
      ],
      publishes: [
        { id: 'bad', exchange: 't', routing_key: 'a..x' },
        { id: 'ok', exchange: 't', routing_key: 'a.x' },
      ],
    }).result
    expect(r.errors.map((e) => [e.id, e.code])).toEqual([
      ['binding:0', 406],
      ['bad', 406],
    ])
    expect(r.queues.q).toEqual(['ok'])
  })
})

describe("the note's code exercises", () => {
  it('1: a.*.c does not match a.b.x.c (a star is one word); a.b.c does', () => {
    expect(topicMatch('a.*.c', 'a.b.x.c', 'teaching')).toBe(false)
    expect(topicMatch('a.*.c', 'a.b.c', 'teaching')).toBe(true)
  })

  it('2: Q1 a.#, Q1 a.*, Q2 b.#; key a.x → [Q1], one copy', () => {
    const run = runScenario({
      profile: 'teaching',
      exchanges: [{ name: 'x', type: 'topic' }],
      queues: [{ name: 'Q1' }, { name: 'Q2' }],
      bindings: [
        { source: 'x', destination: 'Q1', destination_type: 'queue', routing_key: 'a.#' },
        { source: 'x', destination: 'Q1', destination_type: 'queue', routing_key: 'a.*' },
        { source: 'x', destination: 'Q2', destination_type: 'queue', routing_key: 'b.#' },
      ],
      publishes: [{ id: 'm', exchange: 'x', routing_key: 'a.x' }],
    })
    const p = run.publishes[0]
    expect(p?.queues.map((d) => d.queue)).toEqual(['Q1'])
    expect(p?.queues[0]?.reachedBy.map((r) => r.bindingId)).toEqual(['b0', 'b1'])
    expect(run.result.queues).toEqual({ Q1: ['m'], Q2: [] })
  })

  it('3: #.b vs a.b is true, with its 3×3 table', () => {
    const t = topicDpTrace('#.b', 'a.b')
    expect(t.matched).toBe(true)
    expect(t.table).toEqual([
      [true, false, false],
      [true, true, true],
      [false, false, true],
    ])
    // The last cell comes from the upper-left: b matched the second key word after # took one.
    const last = t.steps.at(-1)
    expect(last).toEqual({ i: 2, j: 2, value: true, rule: 'literal-match', from: [[1, 1]] })
  })
})
