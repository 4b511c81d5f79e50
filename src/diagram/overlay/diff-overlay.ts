/**
 * A topology diff (issue 20) as overlay links on the drawn, current topology: for each exchange and
 * destination whose messages changed, a link from the exchange to the destination — gained (solid,
 * "+ key") or lost (dashed, "− key"), so the change is told by line style and sign, not by colour
 * alone. A change whose exchange or destination is not drawn (deleted, or outside a focused view) is
 * counted as hidden. Pure, like diagram-overlay.ts.
 */
import type { DiffChange } from '../../engine'
import type { DiagramModel, OverlayLink } from '../diagram-types'
import { shorten } from '../escape'
import type { DiagramOverlay } from './diagram-overlay'

/** Beyond this many drawn changes the diagram becomes a tangle: the list has them all. */
const MAX_DRAWN = 40

export function diffLinks(
  model: DiagramModel,
  changes: readonly DiffChange[],
): { links: OverlayLink[]; hidden: number } {
  const links: OverlayLink[] = []
  let hidden = 0
  for (const c of changes) {
    if (c.vhost !== model.vhost) continue
    const from = model.ids.exchange.get(c.exchange)
    const to = (c.destination_type === 'queue' ? model.ids.queue : model.ids.exchange).get(c.destination)
    if (!from || !to || links.length >= MAX_DRAWN) {
      hidden++
      continue
    }
    const key = c.witness.routing_key === '' ? '""' : c.witness.routing_key
    links.push({ from, to, label: `${c.change === 'gained' ? '+' : '−'} ${shorten(key, 40)}`, cls: c.change })
  }
  return { links, hidden }
}

/** `overlay` with the diff's links added (after its own, so the message's motion indexes stay). */
export function withDiff(overlay: DiagramOverlay, links: OverlayLink[]): DiagramOverlay {
  return links.length ? { ...overlay, links: [...overlay.links, ...links] } : overlay
}
