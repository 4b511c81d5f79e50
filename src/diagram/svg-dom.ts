/**
 * DOM touch-ups after Mermaid renders: edge-label entities decoded (see escape.ts) and nodes made
 * reachable by keyboard (they also carry `data-kind` and `data-name` for tests and other features). Only text nodes and attributes are written, never HTML.
 */
import type { DiagramEntity } from './diagram-types'
import { decodeEdgeLabelParts } from './escape'

const NODE_ID = /-flowchart-(.+)-\d+$/

/** The generated node id (`ex_0`) of a rendered `g.node` element, from its DOM id. */
export function nodeIdOf(el: Element): string | null {
  return NODE_ID.exec(el.id)?.[1] ?? null
}

export function decodeEdgeLabels(root: Element): void {
  for (const label of root.querySelectorAll('g.edgeLabel')) {
    const walker = label.ownerDocument.createTreeWalker(label, NodeFilter.SHOW_TEXT)
    const texts: Text[] = []
    for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text)
    if (!texts.some((n) => n.data.includes('&'))) continue
    const decoded = decodeEdgeLabelParts(texts.map((n) => n.data))
    texts.forEach((n, i) => {
      n.data = decoded[i] ?? ''
    })
  }
}

/** Roving focus: the nodes that stand for something get role=button; the first one is tabbable. */
export function makeNodesFocusable(
  root: Element,
  nodes: Record<string, DiagramEntity>,
  describe: (entity: DiagramEntity) => string,
): SVGGElement[] {
  const focusable: SVGGElement[] = []
  for (const g of root.querySelectorAll<SVGGElement>('g.node')) {
    const id = nodeIdOf(g)
    const entity = id ? nodes[id] : undefined
    if (!entity) continue
    g.setAttribute('role', 'button')
    g.setAttribute('tabindex', focusable.length === 0 ? '0' : '-1')
    g.setAttribute('aria-label', withShownText(describe(entity), g))
    g.dataset.nodeId = id ?? ''
    g.dataset.kind = entity.kind
    if (entity.kind === 'exchange' || entity.kind === 'queue') g.dataset.name = entity.name
    focusable.push(g)
  }
  return focusable
}

/**
 * The description plus the label lines it does not already say, in order ("Exchange orders, topic"), so the
 * accessible name contains the text the node shows (WCAG 2.5.3, label in name); a name shortened
 * with "…" is already said in full; white space and the escaping's WORD JOINER do not count. Read
 * from the text nodes, not innerText: the SVG may not be laid out yet.
 */
function withShownText(described: string, g: Element): string {
  const squash = (s: string) => s.replace(/[\s\u2060]+/g, '')
  const all = squash(described)
  const label = g.querySelector('.label') ?? g
  const walker = g.ownerDocument.createTreeWalker(label, NodeFilter.SHOW_TEXT)
  const missing: string[] = []
  // in order: a line is said only after the lines before it ("Exchange ev.direct" names the
  // exchange but not its type line "direct", though that word is inside the name)
  let from = 0
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const line = (n.textContent ?? '').trim()
    const at = all.indexOf(squash(line.endsWith('…') ? line.slice(0, -1) : line), from)
    if (at >= 0) from = at + squash(line.endsWith('…') ? line.slice(0, -1) : line).length
    else if (line && !missing.includes(line)) missing.push(line)
  }
  return missing.length ? `${described}, ${missing.join(', ')}` : described
}

/** Moves the roving tab stop from `from` to `to`. */
export function moveFocus(from: Element | null, to: SVGGElement): void {
  from?.setAttribute('tabindex', '-1')
  to.setAttribute('tabindex', '0')
  to.focus()
}

/** The serialised SVG as shown (after the fixes above, with its overlay), for export. */
export function currentSvg(root: Element): string | null {
  const svg = root.querySelector('svg')
  if (!svg) return null
  const copy = svg.cloneNode(true) as SVGSVGElement
  // Moving dots and invisible hit areas are for the live page only.
  for (const e of copy.querySelectorAll('.ov-dot, .ov-hit')) e.remove()
  return new XMLSerializer().serializeToString(copy)
}
