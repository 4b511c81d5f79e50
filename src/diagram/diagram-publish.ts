/**
 * The publish overlay: a producer node, the path (visited exchanges, matched bindings, AE hops)
 * highlighted, receiving queues marked, merged copies noted, and the unroutable or error branch.
 */
import type { PublishExplanation } from '../engine'
import { format } from './diagram-labels'
import type { DiagramLabels } from './diagram-types'
import type { DiagramWriter } from './diagram-writer'
import { shorten } from './escape'

export interface DrawnIds {
  exchange: Map<string, string>
  queue: Map<string, string>
  /** engine binding id → edge id */
  binding: Map<string, string>
  /** `${from}\u0000${to}` → AE edge id */
  alternate: Map<string, string>
  /** queue name → default-exchange edge id */
  defaultEdge: Map<string, string>
}

export const aeKey = (from: string, to: string) => `${from}\u0000${to}`

export function drawPublish(w: DiagramWriter, p: PublishExplanation, ids: DrawnIds, labels: DiagramLabels) {
  const producerLines = [`${labels.publish} ${shorten(p.id, 32)}`]
  if (p.mandatory) producerLines.push(labels.mandatory)
  const producer = w.node('pub_0', 'producer', producerLines, { kind: 'publish', id: p.id })
  const keys = shorten(p.routingKeys.map((k) => (k === '' ? '""' : k)).join(', '), 60)

  const first = p.hops[0]
  const firstId = first && ids.exchange.get(first.exchange)
  if (firstId) {
    w.edge(producer, firstId, '==>', keys, 'p_0')
    w.addClass('p_0', 'hot')
  }

  for (const hop of p.hops) {
    w.addClass(ids.exchange.get(hop.exchange), 'hl')
    if (hop.via.kind === 'alternate')
      w.addClass(ids.alternate.get(aeKey(hop.via.from, hop.exchange)), 'aehot')
    for (const ev of hop.evaluations) if (ev.matched) w.addClass(ids.binding.get(ev.bindingId), 'hot')
    for (const look of hop.defaultLookups ?? []) {
      if (look.queueExists) w.addClass(ids.defaultEdge.get(look.routingKey), 'hot')
    }
  }

  p.queues.forEach((delivery, i) => {
    const qid = ids.queue.get(delivery.queue)
    w.addClass(qid, 'recv')
    if (qid && delivery.reachedBy.length > 1) {
      const note = w.node(`note_${i}`, 'note', [format(labels.merged, { n: delivery.reachedBy.length })])
      w.edge(note, qid, '-.-')
      w.addClass(note, 'note')
    }
  })

  const outcome = p.outcome
  if (outcome.kind === 'returned' || outcome.kind === 'dropped') {
    const text = outcome.kind === 'returned' ? labels.returned : labels.dropped
    const out = w.node('out_0', 'outcome', [text], { kind: 'publish', id: p.id })
    w.addClass(out, 'dead')
    const deadEnds = p.hops.filter((h) => h.routedNothing && h.alternate?.status !== 'used')
    const from = (deadEnds.length ? deadEnds : p.hops.slice(-1))
      .map((h) => ids.exchange.get(h.exchange))
      .filter((id): id is string => Boolean(id))
    for (const id of from.length ? from : [producer]) w.edge(id, out, '-.->')
  } else if (outcome.kind === 'error') {
    const err = w.node('err_0', 'box', [`${labels.error} ${outcome.code}`, shorten(outcome.text, 80)], {
      kind: 'publish',
      id: p.id,
    })
    w.addClass(err, 'err')
    w.edge(producer, err, '-.->')
  }
}
