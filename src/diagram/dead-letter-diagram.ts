/**
 * Dead-lettering in the diagram. The topology part: a dashed edge from every queue with a dead-letter
 * exchange (argument or policy) to that exchange, labelled with its routing key when one replaces
 * the message's. The message part: each dead-letter hop of the shown publish lights that edge, the
 * DLX's matched bindings and the queues it reached, and a badge on the queue says why the message
 * left (expired, maxlen, rejected); queues that refused or dropped the message say so too.
 */
import type { ExchangeHop, PublishExplanation, QueueState, TopologySnapshot } from '../engine'
import { format } from './diagram-labels'
import type {
  DiagramLabels,
  DiagramModel,
  DrawnIds,
  MotionStep,
  OverlayBadge,
  OverlayLink,
} from './diagram-types'
import type { DiagramWriter } from './diagram-writer'
import { shorten } from './escape'

/** The dead-letter exchange in force on a queue, and the routing key that replaces the message's. */
function deadLetterOf(q: QueueState): { exchange: string; key?: string } | null {
  const dlx = q.effective?.find((e) => e.key === 'dead-letter-exchange')
  if (!dlx) return null
  const key = q.effective?.find((e) => e.key === 'dead-letter-routing-key')
  return { exchange: String(dlx.value), ...(key ? { key: String(key.value) } : {}) }
}

/** Queue → DLX edges (`dl_N`); a DLX that does not exist is drawn as a missing exchange. */
export function drawDeadLetterEdges(
  w: DiagramWriter,
  topology: TopologySnapshot,
  queues: readonly QueueState[],
  ids: DrawnIds,
  labels: DiagramLabels,
  vhost: string,
): void {
  const existing = new Set(topology.exchanges.filter((x) => x.vhost === vhost).map((x) => x.name))
  let n = 0
  for (const q of queues) {
    const dl = deadLetterOf(q)
    const from = ids.queue.get(q.name)
    if (!dl || !from) continue
    let to = ids.exchange.get(dl.exchange)
    if (!to && !existing.has(dl.exchange)) {
      to = w.node(`dlmiss_${n}`, 'exchange', [shorten(dl.exchange), labels.missing])
      w.addClass(to, 'missing')
    }
    if (!to) continue // exists but not drawn (focus mode)
    const edgeId = `dl_${n++}`
    const label =
      dl.key === undefined ? labels.deadLetter : format(labels.deadLetterKey, { key: shorten(dl.key, 30) })
    w.edge(from, to, '-.->', label, edgeId)
    ids.deadLetter.set(q.name, edgeId)
  }
}

/** Built-in exchanges worth drawing because a queue dead-letters into them (the default one, amq.*). */
export function deadLetterTargets(queues: readonly QueueState[]): Set<string> {
  return new Set(queues.map(deadLetterOf).flatMap((d) => (d ? [d.exchange] : [])))
}

/** Exchanges, bindings and queues a publish's dead-letter hops touched (for focus mode). */
export function deadLetterTouched(p: PublishExplanation) {
  const exchanges = new Set<string>()
  const bindings = new Set<string>()
  const queues = new Set<string>()
  for (const h of p.deadLetters ?? []) {
    queues.add(h.queue)
    for (const hop of h.hops) {
      exchanges.add(hop.exchange)
      for (const ev of hop.evaluations) if (ev.matched) bindings.add(ev.bindingId)
    }
    for (const d of h.queues) queues.add(d.queue)
  }
  return { exchanges, bindings, queues }
}

export interface OverlayParts {
  nodeClasses: Record<string, string[]>
  edgeClasses: Record<string, string[]>
  badges: OverlayBadge[]
  links: OverlayLink[]
  stage: (i: number, step: MotionStep) => void
  add: (map: Record<string, string[]>, id: string | undefined, cls: string) => void
}

function lightHop(model: DiagramModel, hop: ExchangeHop, at: number, o: OverlayParts): void {
  const { ids } = model
  o.add(o.nodeClasses, ids.exchange.get(hop.exchange), 'hl')
  for (const ev of hop.evaluations) {
    if (!ev.matched) continue
    const edge = ids.binding.get(ev.bindingId)
    o.add(o.edgeClasses, edge, 'dlhot')
    if (edge) o.stage(at, { kind: 'edge', id: edge })
  }
  for (const look of hop.defaultLookups ?? []) {
    if (!look.queueExists) continue
    const from = ids.exchange.get(hop.exchange)
    const to = ids.queue.get(look.routingKey)
    if (!from || !to) continue
    o.links.push({ from, to, label: shorten(look.routingKey, 40), cls: 'dlhot' })
    o.stage(at, { kind: 'link', index: o.links.length - 1 })
  }
}

/** The message part: every dead-letter hop after the publish's own stages (`after`). */
export function deadLetterOverlay(
  model: DiagramModel,
  p: PublishExplanation,
  labels: DiagramLabels,
  after: number,
  o: OverlayParts,
): void {
  const { ids } = model
  for (const a of p.admissions ?? []) {
    const qid = ids.queue.get(a.queue)
    if (!qid) continue
    const text =
      a.result === 'rejected'
        ? labels.refused
        : a.result === 'dropped'
          ? labels.droppedSelf
          : a.result === 'expired'
            ? labels.expiredSelf
            : null
    if (text) o.badges.push({ kind: 'dead', lines: [text], anchor: qid, from: [] })
  }
  let at = after
  for (const h of p.deadLetters ?? []) {
    const qid = ids.queue.get(h.queue)
    const edge = ids.deadLetter.get(h.queue)
    o.add(o.edgeClasses, edge, 'dlhot')
    if (edge) o.stage(at, { kind: 'edge', id: edge })
    if (qid)
      o.badges.push({
        kind: 'note',
        lines: [format(labels.leftQueue, { message: shorten(h.message, 24), reason: h.reason })],
        anchor: qid,
        from: [],
      })
    for (const hop of h.hops) lightHop(model, hop, at + 1, o)
    for (const d of h.queues) o.add(o.nodeClasses, ids.queue.get(d.queue), 'dlrecv')
    at += 2
  }
}
