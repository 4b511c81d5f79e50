import { describe, expect, it } from 'vitest'
import {
  bindingCriteria,
  deliveryText,
  hopNotes,
  outcomeText,
  usedAlternate,
  viaText,
} from '../../src/explain/explain-text'
import { headersTally, reasonLine as reasonText } from '../../src/explain/routing-reason'
import { runRich } from './diagram-fixtures'
import { tEn, tZh } from './explain-fixtures'

const { byId } = runRich()
const evaluation = (publishId: string, bindingSource: string, key: string) => {
  const ev = byId(publishId)
    .hops.flatMap((h) => h.evaluations)
    .find((e) => e.source === bindingSource && e.routingKey === key)
  if (!ev) throw new Error(`no evaluation ${bindingSource}/${key}`)
  return ev
}

describe('why panel texts', () => {
  it('reads a topic binding word by word, with where it stopped', () => {
    expect(reasonText(evaluation('m1', 'orders', 'order.#'), tEn)).toBe(
      'routing key “order.created”: every word consumed: match',
    )
    expect(reasonText(evaluation('m2', 'orders', 'order.#'), tEn)).toBe(
      'routing key “zzz”: stops: pattern word “order” does not match key word “zzz”',
    )
    expect(reasonText(evaluation('m2', 'orders', '*.created'), tZh)).toBe(
      '路由键“zzz”: 在此停止：模式单词“created”已没有路由键单词可对应',
    )
  })

  it('summarises a headers binding and shows its arguments', () => {
    const ev = evaluation('m1', 'docs', '')
    expect(bindingCriteria(ev)).toBe('x-match=all, format=pdf, pages=3')
    expect(reasonText(ev, tEn)).toBe('x-match = all: 2 of 2 considered arguments match')
    if (ev.reason.kind !== 'headers') throw new Error('headers expected')
    expect(headersTally(ev.reason.rows)).toEqual({ considered: 2, matching: 2 })
    const miss = byId('m3').hops[0]?.evaluations[0]
    if (!miss) throw new Error('no evaluation')
    expect(reasonText(miss, tEn)).toBe('x-match = all: 0 of 2 considered arguments match')
  })

  it('explains the path: publish, E2E, alternate exchange', () => {
    const [first, second] = byId('m1').hops
    expect(first && viaText(first, tEn)).toBe('published here')
    expect(second && viaText(second, tEn)).toBe('reached from orders through an exchange-to-exchange binding')
    const ae = byId('m2').hops[1]
    expect(ae && viaText(ae, tEn)).toBe('alternate exchange of orders, used because nothing matched there')
    const firstM2 = byId('m2').hops[0]
    expect(firstM2 && hopNotes(firstM2, tEn)).toEqual([
      'This exchange routed the message nowhere.',
      'Alternate exchange unrouted: used.',
    ])
    const docs = byId('m3').hops[0]
    expect(docs && hopNotes(docs, tEn)).toContain('Alternate exchange gone does not exist: ignored.')
  })

  it('says when copies were merged, naming every way in', () => {
    const p = byId('m1')
    const audit = p.queues.find((q) => q.queue === 'audit')
    const pdf = p.queues.find((q) => q.queue === 'pdf')
    expect(audit && deliveryText(audit, p, tEn)).toBe('queue audit: reached by 2 bindings → 1 copy')
    expect(pdf && deliveryText(pdf, p, tEn)).toBe(
      'queue pdf: one copy, through docs → pdf (x-match=all, format=pdf, pages=3)',
    )
    expect(audit && deliveryText(audit, p, tEn, true)).toBe(
      'queue audit: reached by 2 bindings → 1 copy: orders → audit (order.#); orders → audit (*.created)',
    )
    const lost = byId('m2').queues[0]
    expect(lost && deliveryText(lost, byId('m2'), tEn)).toBe('queue lost: one copy, through unrouted → lost')
    const viaDefault = byId('m6').queues[0]
    expect(viaDefault && deliveryText(viaDefault, byId('m6'), tEn)).toBe(
      'queue idle: one copy, through the default exchange',
    )
  })

  it('states the outcome with its AMQP code', () => {
    expect(outcomeText(byId('m1').outcome, 2, tEn)).toBe('Routed: 2 queue(s), one copy each.')
    expect(usedAlternate(byId('m2'))).toBe(true)
    expect(usedAlternate(byId('m1'))).toBe(false)
    expect(outcomeText(byId('m2').outcome, 1, tEn, true)).toBe(
      'Routed through the alternate exchange (AE used): 1 queue(s), one copy each.',
    )
    expect(outcomeText(byId('m3').outcome, 0, tEn)).toContain('312 NO_ROUTE')
    expect(outcomeText(byId('m4').outcome, 0, tEn)).toContain('not mandatory')
    expect(outcomeText(byId('m5').outcome, 0, tEn)).toBe(
      "Channel error 404: NOT_FOUND - no exchange 'nope' in vhost '/'",
    )
  })
})
