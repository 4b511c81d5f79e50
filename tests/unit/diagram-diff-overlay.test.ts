/** A topology diff drawn on the current topology: gained and lost links, signed labels, hidden counts. */
import { describe, expect, it } from 'vitest'
import { EMPTY_OVERLAY } from '../../src/diagram/overlay/diagram-overlay'
import { diffLinks, withDiff } from '../../src/diagram/overlay/diff-overlay'
import { buildTopology } from '../../src/diagram/to-mermaid'
import { RunSession } from '../../src/engine/scenario/session'
import { analyzeText } from '../../src/worker/analysis-api'

const BEFORE =
  'exchange declare orders topic\nqueue declare audit\nqueue declare old\nbind audit to orders key "order.#"\nbind old to orders key "x.*"\n'
const AFTER =
  'exchange declare orders topic\nqueue declare audit\nqueue declare notify\nbind audit to orders key "order.#"\nbind notify to orders key "order.created"\n'

function topologyOf(text: string) {
  const u = new RunSession().update(text, {
    session: null,
    generation: null,
    publishes: 0,
    topology: null,
    names: null,
    queues: null,
  })
  const full = u.run?.topology?.full
  if (!full) throw new Error('expected a full topology')
  return full
}

describe('diffLinks', () => {
  const diff = analyzeText(AFTER, BEFORE).diff
  const model = buildTopology(topologyOf(AFTER), null)

  it('draws a gained link exchange → destination with "+ key", and counts a lost one whose queue is gone', () => {
    expect(diff?.changes.map((c) => [c.change, c.destination])).toEqual([
      ['gained', 'notify'],
      ['lost', 'old'],
    ])
    const { links, hidden } = diffLinks(model, diff?.changes ?? [])
    expect(links).toEqual([
      {
        from: model.ids.exchange.get('orders'),
        to: model.ids.queue.get('notify'),
        label: '+ order.created',
        cls: 'gained',
      },
    ])
    expect(hidden).toBe(1)
    // appended after the message's own links (their motion indexes stay)
    const o = withDiff({ ...EMPTY_OVERLAY, links: [{ from: 'a', to: 'b', label: '', cls: 'hot' }] }, links)
    expect(o.links.map((l) => l.cls)).toEqual(['hot', 'gained'])
  })

  it('draws a lost link with "− key" when the destination is still drawn', () => {
    const back = analyzeText(BEFORE.replace('bind old to orders key "x.*"\n', ''), BEFORE).diff
    const m = buildTopology(topologyOf(BEFORE.replace('bind old to orders key "x.*"\n', '')), null)
    const { links } = diffLinks(m, back?.changes ?? [])
    expect(links).toEqual([
      { from: m.ids.exchange.get('orders'), to: m.ids.queue.get('old'), label: '− x.other', cls: 'lost' },
    ])
  })
})
