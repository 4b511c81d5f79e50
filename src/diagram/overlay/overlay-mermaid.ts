/**
 * The overlay written into Mermaid text, for the exported source (the live view draws the same
 * overlay on the rendered SVG instead): a producer node, badges as nodes, links as dashed edges and
 * the classes as `class` lines.
 */

import type { DiagramWriter } from '../diagram-writer'
import type { DiagramOverlay } from './diagram-overlay'

export function writeOverlay(w: DiagramWriter, o: DiagramOverlay): void {
  const producer = o.producer ? 'pub_0' : null
  if (o.producer && producer) {
    w.node(
      producer,
      'producer',
      o.producer.lines,
      o.publishId === null ? undefined : { kind: 'publish', id: o.publishId },
    )
    if (o.producer.target) {
      w.edge(producer, o.producer.target, '==>', o.producer.keys, 'p_0')
      if (o.publishId !== null && o.motion.length > 0) w.addClass('p_0', 'hot')
    }
  }
  for (const [id, classes] of Object.entries(o.nodeClasses)) for (const c of classes) w.addClass(id, c)
  for (const [id, classes] of Object.entries(o.edgeClasses)) for (const c of classes) w.addClass(id, c)
  o.links.forEach((link, i) => {
    const id = `dl_${i}`
    w.edge(link.from, link.to, '-.->', link.label, id)
    w.addClass(id, link.cls)
  })
  const entity = o.publishId === null ? undefined : { kind: 'publish' as const, id: o.publishId }
  let notes = 0
  for (const badge of o.badges) {
    const anchor = badge.anchor === 'producer' ? producer : badge.anchor
    const from = badge.from.map((f) => (f === 'producer' ? producer : f)).filter((f): f is string => !!f)
    if (badge.kind === 'note') {
      const id = w.node(`note_${notes++}`, 'note', badge.lines)
      if (anchor) w.edge(id, anchor, '-.-')
      w.addClass(id, 'note')
    } else if (badge.kind === 'dead') {
      const id = w.node('out_0', 'outcome', badge.lines, entity)
      w.addClass(id, 'dead')
      for (const f of from) w.edge(f, id, '-.->')
    } else {
      const id = w.node('err_0', 'box', badge.lines, entity)
      w.addClass(id, 'err')
      for (const f of from) w.edge(f, id, '-.->')
    }
  }
}
