/**
 * Topology + routing explanation → Mermaid flowchart text. Pure: no DOM, no Mermaid import.
 * Node ids are generated (ex_N, q_N, pub_0, …) and edge ids too (b_N for bindings, ae_N for alternate
 * exchanges, d_N for the default exchange's implicit bindings), never taken from user text; every
 * label is escaped by DiagramWriter.
 */
import type { PublishExplanation, TopologySnapshot } from '../engine'
import { bindingLabel, exchangeLines, format } from './diagram-labels'
import { aeKey, type DrawnIds, drawPublish } from './diagram-publish'
import { alternateOf, computeScope } from './diagram-scope'
import { classDefsFor } from './diagram-style'
import { DEFAULT_DIAGRAM_LABELS, type DiagramModel, type DiagramOptions, sameEntity } from './diagram-types'
import { DiagramWriter } from './diagram-writer'
import { shorten } from './escape'

export function buildDiagram(
  topology: TopologySnapshot,
  publish: PublishExplanation | null,
  options: DiagramOptions = {},
): DiagramModel {
  const labels = { ...DEFAULT_DIAGRAM_LABELS, ...options.labels }
  const scope = computeScope(topology, publish, options)
  const { vhost } = scope
  const onPath = publish && publish.vhost === vhost ? publish : null
  const w = new DiagramWriter()
  const ids: DrawnIds = {
    exchange: new Map(),
    queue: new Map(),
    binding: new Map(),
    alternate: new Map(),
    defaultEdge: new Map(),
  }

  scope.exchanges.forEach((x, i) => {
    ids.exchange.set(
      x.name,
      w.node(`ex_${i}`, 'exchange', exchangeLines(x, labels), { kind: 'exchange', name: x.name, vhost }),
    )
  })
  scope.queues.forEach((q, i) => {
    ids.queue.set(
      q.name,
      w.node(`q_${i}`, 'queue', [shorten(q.name)], { kind: 'queue', name: q.name, vhost }),
    )
  })

  const typeOf = new Map(topology.exchanges.filter((x) => x.vhost === vhost).map((x) => [x.name, x.type]))
  scope.bindings.forEach((b, i) => {
    const from = ids.exchange.get(b.source)
    const to = (b.destination_type === 'queue' ? ids.queue : ids.exchange).get(b.destination)
    if (!from || !to) return
    const edgeId = `b_${i}`
    w.edge(from, to, '-->', bindingLabel(b, typeOf.get(b.source)), edgeId)
    w.edges[edgeId] = b.id
    ids.binding.set(b.id, edgeId)
  })

  drawAlternates(w, topology, scope.exchanges, ids, labels.alternate, labels.missing, vhost)
  drawDefaultBindings(w, scope.queues, ids, onPath, options.showDefaultExchange === true && !scope.focused)
  if (onPath) drawPublish(w, onPath, ids, labels)

  if (scope.focused && (scope.hiddenBindings > 0 || scope.hiddenQueues > 0)) {
    const text = format(labels.hidden, { bindings: scope.hiddenBindings, queues: scope.hiddenQueues })
    w.node('more_0', 'summary', [text], {
      kind: 'hidden',
      bindings: scope.hiddenBindings,
      queues: scope.hiddenQueues,
    })
    w.addClass('more_0', 'more')
  }
  if (scope.hiddenExchanges > 0) {
    w.node('more_1', 'summary', [format(labels.hiddenExchanges, { n: scope.hiddenExchanges })])
    w.addClass('more_1', 'more')
  }
  if (options.selected) {
    for (const [id, entity] of Object.entries(w.nodes))
      if (sameEntity(entity, options.selected)) w.addClass(id, 'sel')
  }

  return {
    text: w.finish(classDefsFor(options.theme ?? 'light')),
    nodes: w.nodes,
    edges: w.edges,
    edgeClasses: w.edgeClasses(),
    vhost,
    focused: scope.focused,
    hiddenBindings: scope.hiddenBindings,
    hiddenQueues: scope.hiddenQueues,
    hiddenExchanges: scope.hiddenExchanges,
  }
}

/** Compatibility: only the text. */
export function toMermaid(
  topology: TopologySnapshot,
  publish: PublishExplanation | null,
  options: DiagramOptions = {},
): string {
  return buildDiagram(topology, publish, options).text
}

function drawAlternates(
  w: DiagramWriter,
  topology: TopologySnapshot,
  shown: TopologySnapshot['exchanges'],
  ids: DrawnIds,
  aeLabel: string,
  missingLabel: string,
  vhost: string,
) {
  const existing = new Set(topology.exchanges.filter((x) => x.vhost === vhost).map((x) => x.name))
  let n = 0
  for (const x of shown) {
    const target = alternateOf(x)
    const from = ids.exchange.get(x.name)
    if (target === null || !from) continue
    let to = ids.exchange.get(target)
    if (!to && !existing.has(target)) {
      to = w.node(`miss_${n}`, 'exchange', [shorten(target), missingLabel])
      w.addClass(to, 'missing')
    }
    if (!to) continue // exists but hidden by focus mode
    const edgeId = `ae_${n++}`
    w.edge(from, to, '-.->', aeLabel, edgeId)
    ids.alternate.set(aeKey(x.name, target), edgeId)
  }
}

/** The default exchange's implicit binding to every queue (key = queue name); in focus mode only the used ones. */
function drawDefaultBindings(
  w: DiagramWriter,
  queues: TopologySnapshot['queues'],
  ids: DrawnIds,
  publish: PublishExplanation | null,
  all: boolean,
) {
  const from = ids.exchange.get('')
  if (!from) return
  const used = new Set<string>()
  for (const hop of publish?.hops ?? []) {
    if (hop.exchange !== '') continue
    for (const look of hop.defaultLookups ?? []) if (look.queueExists) used.add(look.routingKey)
  }
  queues.forEach((q, i) => {
    const to = ids.queue.get(q.name)
    if (!to || !(all || used.has(q.name))) return
    const edgeId = `d_${i}`
    w.edge(from, to, '-.->', shorten(q.name, 40), edgeId)
    ids.defaultEdge.set(q.name, edgeId)
  })
}
