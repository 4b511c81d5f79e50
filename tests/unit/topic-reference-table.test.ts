// Seed 003: the topic reference's matching table, its two scenarios and its three pitfalls.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runScenario, topicMatch, validateScenario } from '../../src/engine'

function run(file: string) {
  const scenario = validateScenario(JSON.parse(readFileSync(`tests/fixtures/seeds/${file}`, 'utf8')))
  return runScenario(scenario).result
}

describe('seed 003 — topic exchange reference', () => {
  // Binding key → [matches "order.created", matches "order.item.created"].
  const table: [string, boolean, boolean][] = [
    ['order.created', true, false],
    ['order.*', true, false],
    ['order.#', true, true],
    ['#.created', true, true],
    ['*.*', true, false],
    ['#', true, true],
  ]

  it.each(table)('matcher: %s → order.created %s, order.item.created %s', (pattern, a, b) => {
    expect(topicMatch(pattern, 'order.created')).toBe(a)
    expect(topicMatch(pattern, 'order.item.created')).toBe(b)
  })

  it('the same table routed through an exchange', () => {
    const r = run('003-topic-table.json')
    for (const [pattern, a, b] of table) {
      const expected = [...(a ? ['order.created'] : []), ...(b ? ['order.item.created'] : [])]
      expect(r.queues[`b=${pattern}`], pattern).toEqual(expected)
    }
  })

  it('event subscription: order.*, payment.*, #.failed, #', () => {
    expect(run('003-event-subscription.json').queues).toEqual({
      'order.events.queue': ['order.created', 'order.paid'],
      'payment.events.queue': ['payment.success', 'payment.failed'],
      'alert.queue': ['payment.failed'],
      'audit.queue': ['order.created', 'order.paid', 'payment.success', 'payment.failed'],
    })
  })

  it('log levels: log.error.payment reaches all three queues', () => {
    const r = run('003-log-levels.json')
    expect(r.queues).toEqual({
      'error.queue': ['log.error.payment'],
      'payment.log.queue': ['log.error.payment'],
      'all.log.queue': ['log.error.payment'],
    })
  })

  it('pitfalls: empty key only matches #; order.* needs exactly two words', () => {
    const r = run('003-pitfalls.json')
    expect(r.queues['empty:#']).toEqual(['empty key'])
    expect(r.queues['empty:*']).toEqual([])
    expect(r.queues['empty:a.#']).toEqual([])
    expect(r.queues['count:order.*']).toEqual(['order.created'])
  })
})
