/**
 * Topology + routing explanation → Mermaid flowchart text. Pure: no DOM, no Mermaid import.
 * Node ids are generated (ex_N, q_N, pub_0, …) and edge ids too (b_N for bindings, ae_N for alternate
 * exchanges, d_N for the default exchange's implicit bindings), never taken from user text; every
 * label is escaped by DiagramWriter.
 */
import type { PublishExplanation, TopologySnapshot } from '../engine'
import { drawDeadLetterEdges } from './dead-letter-diagram'
import { bindingLabel, exchangeLines, format, queueNode } from './diagram-labels'
import { alternateOf, computeScope } from './diagram-scope'
import { classDefsFor } from './diagram-style'
import {
  aeKey,
  DEFAULT_DIAGRAM_LABELS,
  type DiagramModel,
  type DiagramOptions,
  type DrawnIds,
} from './diagram-types'
import { DiagramWriter } from './diagram-writer'
import { escapeLabel, shorten } from './escape'
import { type DiagramOverlay, pathOverlay } from './overlay/diagram-overlay'
import { writeOverlay } from './overlay/overlay-mermaid'

/**
 * The topology alone, as drawn for `publish` (which decides the vhost, the built-in exchanges it
 * visited and, in focus mode, what is shown). Two messages with the same scope give the same text,
 * so the view keeps Mermaid's drawing and only moves the overlay.
 */
export function buildTopology(
  topology: TopologySnapshot,
  publish: PublishExplanation | null,
  options: DiagramOptions = {},
): DiagramModel {
  const { w, model } = drawTopology(topology, publish, options)
  return { ...model, text: w.finish(classDefsFor(options.theme ?? 'light')) }
}

/** A full diagram as Mermaid text: the topology plus the message's overlay (the exported source). */
export function buildDiagram(
  topology: TopologySnapshot,
  publish: PublishExplanation | null,
  options: DiagramOptions = {},
  overlay?: DiagramOverlay,
): DiagramModel & { edgeClasses: Record<string, string[]>; overlay: DiagramOverlay } {
  const labels = { ...DEFAULT_DIAGRAM_LABELS, ...options.labels }
  const { w, model } = drawTopology(topology, publish, options)
  const drawn = overlay ?? pathOverlay({ ...model, text: '' }, publish, labels, options.selected)
  writeOverlay(w, drawn)
  return {
    ...model,
    nodes: w.nodes,
    text: w.finish(classDefsFor(options.theme ?? 'light')),
    edgeClasses: w.edgeClasses(),
    overlay: drawn,
  }
}

function drawTopology(
  topology: TopologySnapshot,
  publish: PublishExplanation | null,
  options: DiagramOptions,
): { w: DiagramWriter; model: Omit<DiagramModel, 'text'> } {
  const labels = { ...DEFAULT_DIAGRAM_LABELS, ...options.labels }
  const scope = computeScope(topology, publish, options)
  const { vhost } = scope
  const w = new DiagramWriter()
  const ids: DrawnIds = {
    exchange: new Map(),
    queue: new Map(),
    binding: new Map(),
    alternate: new Map(),
    defaultEdge: new Map(),
    deadLetter: new Map(),
  }

  scope.exchanges.forEach((x, i) => {
    ids.exchange.set(
      x.name,
      w.node(`ex_${i}`, 'exchange', exchangeLines(x, labels), { kind: 'exchange', name: x.name, vhost }),
    )
  })
  scope.queues.forEach((q, i) => {
    ids.queue.set(q.name, w.node(`q_${i}`, ...queueNode(q, labels), { kind: 'queue', name: q.name, vhost }))
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
  drawDeadLetterEdges(w, topology, scope.queues, ids, labels, vhost)
  if (options.showDefaultExchange === true && !scope.focused) drawDefaultBindings(w, scope.queues, ids)

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
  const names = (xs: { name: string }[]) =>
    xs.length === 0
      ? '—'
      : [
          ...xs.slice(0, ACC_NAMES).map((x) => (x.name === '' ? labels.defaultExchange : shorten(x.name))),
          ...(xs.length > ACC_NAMES ? ['…'] : []),
        ].join(', ')
  w.lines.splice(
    1,
    0,
    `  accTitle: ${accText(format(labels.accTitle, { vhost }))}`,
    `  accDescr: ${accText(
      format(labels.accDescr, {
        exchanges: scope.exchanges.length,
        queues: scope.queues.length,
        bindings: ids.binding.size,
        exchangeNames: names(scope.exchanges),
        queueNames: names(scope.queues),
      }),
    )}`,
  )

  return {
    w,
    model: {
      nodes: { ...w.nodes },
      edges: w.edges,
      ids,
      vhost,
      focused: scope.focused,
      spansRun: scope.spansRun,
      hiddenBindings: scope.hiddenBindings,
      hiddenQueues: scope.hiddenQueues,
      hiddenExchanges: scope.hiddenExchanges,
    },
  }
}

/** How many names of each kind the accessible description lists before "…". */
const ACC_NAMES = 20

/**
 * An `accTitle:` / `accDescr:` value: Mermaid takes the rest of the line, so a line break would end
 * it and start a statement. Encoded like a node label (`#<codepoint>;`, which Mermaid turns back into
 * text in the SVG's <title> / <desc>): names are user text, and `<`, `=`, `;` or a newline in them
 * stay characters. `:` is encoded too: Mermaid's entity pass cuts the last `;` of a line that reads
 * `style…:…#…;` or `classDef…:…#…;`, which a queue named "style" would otherwise make.
 */
function accText(text: string): string {
  return escapeLabel(text).slice(1, -1).replace(/:/g, '#58;')
}

/** Compatibility: only the text of the full diagram. */
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

/** The default exchange's implicit binding to every queue (key = queue name), when asked to show it. */
function drawDefaultBindings(w: DiagramWriter, queues: TopologySnapshot['queues'], ids: DrawnIds) {
  const from = ids.exchange.get('')
  if (!from) return
  queues.forEach((q, i) => {
    const to = ids.queue.get(q.name)
    if (!to) return
    const edgeId = `d_${i}`
    w.edge(from, to, '-.->', shorten(q.name, 40), edgeId)
    ids.defaultEdge.set(q.name, edgeId)
  })
}
