/**
 * A refused operation of a JSON scenario has no line: the result table names it for people
 * ("binding 3", "第 3 个绑定") in the learner's language, while the data attributes keep the id.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { runScenario } from '../../src/engine'
import { explainMessages } from '../../src/explain/explain-messages'
import { operationLabel } from '../../src/explain/operation-label'
import ResultTable from '../../src/explain/result-table'
import { format, type Params } from '../../src/i18n/messages'

const say = (lang: 'en' | 'zh-CN') => (key: keyof (typeof explainMessages)['en'], p?: Params) =>
  format(explainMessages[lang][key], p)

const run = runScenario({
  exchanges: [{ name: 'x', type: 'topic' }],
  queues: [{ name: 'q' }],
  bindings: [
    { source: 'x', destination: 'q', destination_type: 'queue', routing_key: 'a' },
    { source: 'x', destination: 'q', destination_type: 'queue', routing_key: 'b' },
    { source: 'nope', destination: 'q', destination_type: 'queue', routing_key: 'c' },
  ],
  publishes: [],
})

describe('the result table names a scenario operation', () => {
  it('counts bindings from 1 and keeps the id in data-error', () => {
    expect(run.result.errors.map((e) => e.id)).toEqual(['binding:2'])
    const html = renderToStaticMarkup(createElement(ResultTable, { run }))
    expect(html).toMatch(/<tr data-error="binding:2" data-code="404">.*binding 3: <code>NOT_FOUND/)
    expect(html).not.toContain('binding:2:')
  })
  it('says it in Chinese without the id form', () => {
    const zh = say('zh-CN')
    expect(operationLabel('binding:2', zh)).toBe('第 3 个绑定：')
    expect(operationLabel('queue:orders', zh)).toBe('队列 orders：')
    expect(operationLabel('exchange:study.orders', zh)).toBe('交换机 study.orders：')
    expect(operationLabel('policy:p1', zh)).toBe('策略 p1：')
    expect(operationLabel('binding:0', say('en'))).toBe('binding 1:')
    expect(operationLabel('m1', say('en'))).toBe('m1:')
  })
})
