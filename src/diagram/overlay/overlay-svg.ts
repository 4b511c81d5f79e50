/**
 * SVG helpers for the overlay: element creation, text pills, and an index of one rendered Mermaid
 * SVG (nodes and edges by generated id, their boxes in the drawing's coordinates, the original view
 * box), built once per rendered SVG and reused by every overlay applied to it.
 */

import { nodeIdOf } from '../svg-dom'
import type { Box } from './overlay-layout'
import { parseViewBox } from './overlay-layout'

const SVG_NS = 'http://www.w3.org/2000/svg'

export function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, tag)
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v)
  return e
}

const LINE = 16
const PAD_X = 7
const PAD_Y = 4

/** A rounded box with lines of text (textContent only), appended to `layer` and measured. */
export function pill(
  layer: SVGGElement,
  classes: string[],
  lines: string[],
): { g: SVGGElement; w: number; h: number } {
  const g = el('g', { class: classes.join(' ') })
  const rect = el('rect', { rx: '8', ry: '8' })
  const text = el('text', { 'font-size': '13' })
  lines.forEach((line, i) => {
    // A space between lines, so the text reads as words (accessible names, copy) and not "m1mandatory".
    if (i > 0) text.appendChild(document.createTextNode(' '))
    const span = el('tspan', { x: '0', dy: i === 0 ? '0' : String(LINE) })
    span.textContent = line
    text.appendChild(span)
  })
  g.append(rect, text)
  layer.appendChild(g)
  let width = 0
  try {
    width = text.getBBox().width
  } catch {
    width = Math.max(...lines.map((l) => l.length)) * 7
  }
  const w = Math.ceil(width) + 2 * PAD_X
  const h = lines.length * LINE + 2 * PAD_Y
  rect.setAttribute('width', String(w))
  rect.setAttribute('height', String(h))
  text.setAttribute('transform', `translate(${PAD_X},${PAD_Y + 12})`)
  for (const span of text.children) span.setAttribute('x', '0')
  return { g, w, h }
}

export interface DrawnSvg {
  svg: SVGSVGElement
  /** Where overlay layers go: the parent of Mermaid's `g.nodes`. */
  root: SVGGElement
  nodes: Map<string, SVGGElement>
  edges: Map<string, SVGPathElement>
  /** Mermaid's own view box, restored before each overlay grows it. */
  viewBox: Box | null
  box: (layer: SVGGElement, nodeId: string) => Box | null
  obstacles: (layer: SVGGElement) => Box[]
}

const index = new WeakMap<SVGSVGElement, DrawnSvg>()

export function drawnIndex(svg: SVGSVGElement): DrawnSvg {
  const known = index.get(svg)
  if (known) return known
  const nodes = new Map<string, SVGGElement>()
  for (const g of svg.querySelectorAll<SVGGElement>('g.node')) {
    const id = nodeIdOf(g)
    if (id) nodes.set(id, g)
  }
  const edges = new Map<string, SVGPathElement>()
  for (const p of svg.querySelectorAll<SVGPathElement>('path[data-id]')) edges.set(p.dataset.id ?? '', p)
  const root =
    (svg.querySelector('g.nodes')?.parentNode as SVGGElement | null) ?? (svg as unknown as SVGGElement)
  const boxes = new Map<string, Box>()
  let obstacles: Box[] | null = null
  const d: DrawnSvg = {
    svg,
    root,
    nodes,
    edges,
    viewBox: parseViewBox(svg.getAttribute('viewBox')),
    box(layer, id) {
      // Only found boxes are kept: a diagram measured while hidden is measured again later.
      const known = boxes.get(id)
      if (known) return known
      const g = nodes.get(id)
      const found = g ? boxIn(layer, g) : null
      if (found) boxes.set(id, found)
      return found
    },
    obstacles(layer) {
      if (obstacles?.length) return obstacles
      obstacles = [
        ...[...nodes.keys()].map((id) => d.box(layer, id)),
        ...[...svg.querySelectorAll<SVGGElement>('g.edgeLabel')].map((g) => boxIn(layer, g)),
      ].filter((b): b is Box => b !== null && b.w > 0)
      return obstacles
    },
  }
  index.set(svg, d)
  return d
}

/** The bounding box of `e` in the coordinates of `layer`. */
function boxIn(layer: SVGGraphicsElement, e: SVGGraphicsElement): Box | null {
  try {
    const bb = e.getBBox()
    const m = layer
      .getCTM()
      ?.inverse()
      .multiply(e.getCTM() ?? new DOMMatrix())
    if (!m) return null
    const corners = [
      new DOMPoint(bb.x, bb.y),
      new DOMPoint(bb.x + bb.width, bb.y),
      new DOMPoint(bb.x, bb.y + bb.height),
      new DOMPoint(bb.x + bb.width, bb.y + bb.height),
    ].map((p) => p.matrixTransform(m))
    const xs = corners.map((p) => p.x)
    const ys = corners.map((p) => p.y)
    const x = Math.min(...xs)
    const y = Math.min(...ys)
    return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y }
  } catch {
    return null
  }
}
