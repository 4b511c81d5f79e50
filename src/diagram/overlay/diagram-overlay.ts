/**
 * What a message adds to a drawn topology, as data: classes for drawn nodes and edges, the producer,
 * badges (merged copies, the unroutable outcome, an error), links Mermaid did not draw (the default
 * exchange's implicit bindings) and the order in which the message moves. Pure: the live view applies
 * it to the rendered SVG (overlay-dom.ts), the Mermaid export writes it as text (overlay-mermaid.ts).
 */
import type { PublishExplanation } from '../../engine'
import { deadLetterOverlay } from '../dead-letter-diagram'
import { format } from '../diagram-labels'
import {
  aeKey,
  type DiagramEntity,
  type DiagramLabels,
  type DiagramModel,
  type MotionStep,
  type OverlayBadge,
  type OverlayLink,
  sameEntity,
} from '../diagram-types'
import { shorten } from '../escape'

export interface OverlayChoice {
  id: 'returned' | 'dropped'
  label: string
  classes: string[]
  pressed: boolean
}

export interface DiagramOverlay {
  /** The message drawn, if any (the view exposes it as `data-publish`). */
  publishId: string | null
  nodeClasses: Record<string, string[]>
  edgeClasses: Record<string, string[]>
  producer: { target: string | null; lines: string[]; keys: string } | null
  badges: OverlayBadge[]
  links: OverlayLink[]
  /** Stages of motion: the steps of one stage move together, stages one after another. */
  motion: MotionStep[][]
  /** Marking mode: the "nowhere" targets (returned / dropped) drawn as buttons. */
  choices: OverlayChoice[]
  /** Marking mode: edge ids that take clicks (a wider invisible hit area over each). */
  clickableEdges: string[]
  /** Marking mode: node ids marked by the learner (`aria-pressed` on their buttons). */
  pressed: string[]
}

export const EMPTY_OVERLAY: DiagramOverlay = {
  publishId: null,
  nodeClasses: {},
  edgeClasses: {},
  producer: null,
  badges: [],
  links: [],
  motion: [],
  choices: [],
  clickableEdges: [],
  pressed: [],
}

export function addTo(map: Record<string, string[]>, id: string | undefined, cls: string): void {
  if (!id) return
  const list = map[id] ?? []
  if (!list.includes(cls)) list.push(cls)
  map[id] = list
}

/** The producer pill: "publish m1", "mandatory", the headers; the key goes on its arrow. */
export function producerOf(model: DiagramModel, p: PublishExplanation, labels: DiagramLabels) {
  const lines = [`${labels.publish} ${shorten(p.id, 32)}`]
  if (p.mandatory) lines.push(labels.mandatory)
  const keys = shorten(p.routingKeys.map((k) => (k === '' ? '""' : k)).join(', '), 60)
  const target = p.vhost === model.vhost ? (model.ids.exchange.get(p.exchange) ?? null) : null
  return { target, lines, keys }
}

/** Classes for the selected entity (a ring), shared by every mode. */
export function selectionClasses(model: DiagramModel, selected: DiagramEntity | null | undefined) {
  const out: Record<string, string[]> = {}
  if (!selected) return out
  for (const [id, entity] of Object.entries(model.nodes))
    if (sameEntity(entity, selected)) addTo(out, id, 'sel')
  return out
}

/** The path of `p` over the drawn topology `model`. */
export function pathOverlay(
  model: DiagramModel,
  p: PublishExplanation | null,
  labels: DiagramLabels,
  selected?: DiagramEntity | null,
): DiagramOverlay {
  const nodeClasses = selectionClasses(model, selected)
  if (!p || p.vhost !== model.vhost) return { ...EMPTY_OVERLAY, nodeClasses }
  const { ids } = model
  const edgeClasses: Record<string, string[]> = {}
  const badges: OverlayBadge[] = []
  const links: OverlayLink[] = []
  const motion: MotionStep[][] = [[{ kind: 'producer' }]]
  const producer = producerOf(model, p, labels)
  const stage = (i: number, step: MotionStep) => {
    while (motion.length <= i) motion.push([])
    motion[i]?.push(step)
  }
  // How many hops from the producer each visited exchange is (the motion's stage).
  const depth = new Map<string, number>()
  p.hops.forEach((hop, i) => {
    const via = hop.via
    const from = via.kind === 'publish' || via.kind === 'dead-letter' ? undefined : depth.get(via.from)
    depth.set(hop.exchange, i === 0 ? 1 : (from ?? 0) + 1)
  })

  for (const hop of p.hops) {
    const d = depth.get(hop.exchange) ?? 1
    addTo(nodeClasses, ids.exchange.get(hop.exchange), 'hl')
    if (hop.via.kind === 'alternate') {
      const edge = ids.alternate.get(aeKey(hop.via.from, hop.exchange))
      addTo(edgeClasses, edge, 'aehot')
      if (edge) stage(d - 1, { kind: 'edge', id: edge })
    }
    for (const ev of hop.evaluations) {
      if (!ev.matched) continue
      const edge = ids.binding.get(ev.bindingId)
      addTo(edgeClasses, edge, 'hot')
      if (edge) stage(d, { kind: 'edge', id: edge })
    }
    for (const look of hop.defaultLookups ?? []) {
      if (!look.queueExists) continue
      const drawn = ids.defaultEdge.get(look.routingKey)
      if (drawn) {
        addTo(edgeClasses, drawn, 'hot')
        stage(d, { kind: 'edge', id: drawn })
        continue
      }
      const from = ids.exchange.get(hop.exchange)
      const to = ids.queue.get(look.routingKey)
      if (!from || !to) continue
      links.push({ from, to, label: shorten(look.routingKey, 40), cls: 'hot' })
      stage(d, { kind: 'link', index: links.length - 1 })
    }
  }

  for (const delivery of p.queues) {
    const qid = ids.queue.get(delivery.queue)
    addTo(nodeClasses, qid, 'recv')
    if (qid && delivery.reachedBy.length > 1)
      badges.push({
        kind: 'note',
        lines: [format(labels.merged, { n: delivery.reachedBy.length })],
        anchor: qid,
        from: [],
      })
  }

  // Dead-letterings come after the publish's own path (the broker sends them on afterwards).
  deadLetterOverlay(model, p, labels, motion.length, {
    nodeClasses,
    edgeClasses,
    badges,
    links,
    stage,
    add: addTo,
  })

  const outcome = p.outcome
  if (outcome.kind === 'returned' || outcome.kind === 'dropped') {
    const deadEnds = p.hops.filter((h) => h.routedNothing && h.alternate?.status !== 'used')
    const from = (deadEnds.length ? deadEnds : p.hops.slice(-1))
      .map((h) => ids.exchange.get(h.exchange))
      .filter((id): id is string => Boolean(id))
    badges.push({
      kind: 'dead',
      lines: [outcome.kind === 'returned' ? labels.returned : labels.dropped],
      anchor: from[0] ?? 'producer',
      from: from.length ? from : ['producer'],
    })
  } else if (outcome.kind === 'error') {
    badges.push({
      kind: 'err',
      lines: [`${labels.error} ${outcome.code}`, shorten(outcome.text, 80)],
      anchor: 'producer',
      from: ['producer'],
    })
  }
  // An error before routing (404, 403) never reaches the exchange: no arrow into it.
  const entered = p.hops.length > 0
  return {
    publishId: p.id,
    nodeClasses,
    edgeClasses,
    producer: { ...producer, target: entered ? producer.target : null },
    badges,
    links,
    motion: entered ? motion : [],
    choices: [],
    clickableEdges: [],
    pressed: [],
  }
}
