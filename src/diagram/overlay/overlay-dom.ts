/**
 * Applies a DiagramOverlay to a rendered Mermaid SVG without re-rendering it: classes on the drawn
 * nodes and edges (remembered in `data-ov` so the next overlay removes exactly them), and a layer of
 * overlay elements (producer, badges, links, "nowhere" choices) placed beside the drawn nodes. Texts
 * are set with textContent only, never as markup.
 */

import { type DiagramTheme, EDGE_CLASSES, edgeColour, neutralStroke, overlayCss } from '../diagram-style'
import type { DiagramOverlay } from './diagram-overlay'
import { type Box, connector, curve, placeBeside, port, type Side, union } from './overlay-layout'
import { animateMotion } from './overlay-motion'
import { type DrawnSvg, drawnIndex, el, pill } from './overlay-svg'

export interface ApplyOptions {
  theme: DiagramTheme
  animate: boolean
  /** Accessible name of a "nowhere" choice button. */
  describeChoice?: (label: string) => string
  /** When given, the producer badge is a button (picking another message): what choosing it does. */
  describeProducer?: (publishId: string) => string
}

const GAP = 10

export function applyOverlay(host: Element, overlay: DiagramOverlay, opts: ApplyOptions): void {
  const svg = host.querySelector('svg')
  if (!svg) return
  const d = drawnIndex(svg)
  clear(d)
  ensureStyle(d, opts.theme)
  if (host instanceof HTMLElement) host.dataset.publish = overlay.publishId ?? ''

  for (const [id, classes] of Object.entries(overlay.nodeClasses)) mark(d.nodes.get(id), classes)
  for (const id of overlay.pressed) d.nodes.get(id)?.setAttribute('aria-pressed', 'true')
  for (const [id, classes] of Object.entries(overlay.edgeClasses)) {
    const path = d.edges.get(id)
    mark(path, classes)
    const colour = classes.find((c) => EDGE_CLASSES.has(c))
    if (path && colour) {
      path.dataset.ovMarker = path.getAttribute('marker-end') ?? ''
      path.setAttribute('marker-end', `url(#${markerId(d, colour)})`)
    }
  }

  const layer = el('g', { class: 'ov-layer' })
  d.root.appendChild(layer)
  const defs = el('defs')
  layer.appendChild(defs)
  for (const cls of [...EDGE_CLASSES, 'dead', 'err', 'note'])
    defs.appendChild(arrowMarker(markerId(d, cls), edgeColour(opts.theme, cls) ?? 'currentColor'))
  defs.appendChild(arrowMarker(markerId(d, 'plain'), neutralStroke(opts.theme)))
  const obstacles = d.obstacles(layer)
  const placed: Box[] = []
  const free = () => [...obstacles, ...placed]
  const boxOf = (id: string) => d.box(layer, id)
  const base = d.viewBox ?? union(obstacles) ?? { x: 0, y: 0, w: 0, h: 0 }

  // The producer: left of the exchange it publishes to (else above or below), its key on the arrow.
  let producerBox: Box | null = null
  if (overlay.producer) {
    const p = overlay.producer
    const g = pill(layer, ['ov-badge', 'ov-producer', 'producer'], p.lines)
    if (opts.describeProducer && overlay.publishId !== null) {
      g.g.setAttribute('role', 'button')
      g.g.setAttribute('tabindex', '0')
      g.g.setAttribute('aria-haspopup', 'dialog')
      // Its name starts with what it shows (label in name), then what choosing it does.
      g.g.setAttribute('aria-label', `${p.lines.join(' ')}: ${opts.describeProducer(overlay.publishId)}`)
      g.g.dataset.producer = overlay.publishId
      g.g.dataset.testid = 'diagram-producer'
    }
    const target = p.target ? boxOf(p.target) : null
    let key: { g: SVGGElement; w: number; h: number } | null = null
    if (target) key = pill(layer, ['ov-key'], [p.keys])
    const gap = Math.max(36, (key?.w ?? 0) + 16)
    const spot = target
      ? placeBeside(target, g, ['left', 'above', 'below'], gap, free())
      : { box: { x: base.x, y: base.y - g.h - GAP, w: g.w, h: g.h }, side: 'left' as Side }
    producerBox = spot.box
    move(g.g, spot.box)
    placed.push(spot.box)
    if (target) {
      const arrow = el('path', {
        id: `${d.svg.id}-ov-producer`,
        class: `ov-arrow ov-producer-arrow${overlay.motion.length ? ' hot' : ''}`,
        d: connector(spot.box, target, spot.side),
        'marker-end': `url(#${markerId(d, overlay.motion.length ? 'hot' : 'plain')})`,
      })
      layer.insertBefore(arrow, g.g)
      if (key) {
        const mid = midpoint(spot.box, target, spot.side)
        const kb = { x: mid.x - key.w / 2, y: mid.y - key.h - 2, w: key.w, h: key.h }
        move(key.g, kb)
        placed.push(kb)
      }
    }
  }

  for (const link of overlay.links) {
    const a = boxOf(link.from)
    const b = boxOf(link.to)
    if (!a || !b) continue
    const path = el('path', { class: `ov-arrow ov-link ${link.cls}`, d: curve(a, b) })
    path.setAttribute('marker-end', `url(#${markerId(d, link.cls)})`)
    path.id = `${d.svg.id}-ov-link-${overlay.links.indexOf(link)}`
    layer.insertBefore(path, layer.children[1] ?? null)
    // A diff link carries its sign and witness key as a label (the change is not told by colour alone).
    if (link.cls === 'gained' || link.cls === 'lost') {
      path.dataset.diff = link.cls
      path.dataset.testid = 'diff-edge'
      const tag = pill(layer, ['ov-badge', 'ov-diff', link.cls], [link.label])
      const mid = { x: (a.x + a.w / 2 + b.x + b.w / 2) / 2, y: (a.y + a.h / 2 + b.y + b.h / 2) / 2 }
      const box = { x: mid.x - tag.w / 2, y: mid.y - tag.h / 2, w: tag.w, h: tag.h }
      tag.g.dataset.diff = link.cls
      move(tag.g, box)
      placed.push(box)
    }
  }

  for (const badge of overlay.badges) {
    const anchor = badge.anchor === 'producer' ? producerBox : boxOf(badge.anchor)
    const g = pill(layer, ['ov-badge', badge.kind], badge.lines)
    const sides: Side[] = badge.kind === 'note' ? ['above', 'below', 'right'] : ['below', 'above', 'right']
    const spot = anchor
      ? placeBeside(anchor, g, badge.anchor === 'producer' ? ['right', 'below'] : sides, 28, free())
      : { box: { x: base.x, y: base.y - g.h - GAP, w: g.w, h: g.h }, side: 'below' as Side }
    move(g.g, spot.box)
    placed.push(spot.box)
    for (const from of badge.from) {
      const fb = from === 'producer' ? producerBox : boxOf(from)
      if (!fb) continue
      const path = el('path', { class: `ov-arrow ov-dashed ${badge.kind}`, d: curveBetween(fb, spot.box) })
      path.setAttribute('marker-end', `url(#${markerId(d, badge.kind)})`)
      layer.insertBefore(path, g.g)
    }
  }

  if (overlay.choices.length) {
    const all = union([base, ...placed]) ?? base
    let x = all.x
    for (const c of overlay.choices) {
      const g = pill(layer, ['ov-badge', 'ov-choice', ...c.classes], [c.label])
      const box = { x, y: all.y + all.h + GAP, w: g.w, h: g.h }
      g.g.setAttribute('role', 'button')
      g.g.setAttribute('tabindex', '0')
      g.g.setAttribute('aria-pressed', String(c.pressed))
      g.g.setAttribute('aria-label', opts.describeChoice?.(c.label) ?? c.label)
      g.g.dataset.choice = c.id
      g.g.dataset.testid = `diagram-nowhere-${c.id}`
      move(g.g, box)
      placed.push(box)
      x += box.w + GAP
    }
  }

  for (const id of overlay.clickableEdges) {
    const path = d.edges.get(id)
    const shape = path?.getAttribute('d')
    if (!shape) continue
    // A copy of the edge's shape, wide and invisible: a 1-pixel line is hard to hit.
    const hit = el('path', { d: shape, class: 'ov-hit' })
    hit.dataset.edge = id
    layer.insertBefore(hit, layer.children[1] ?? null)
  }

  growViewBox(d, placed)
  if (opts.animate && overlay.motion.length) animateMotion(d, layer, overlay)
}

function mark(target: Element | undefined, classes: string[]): void {
  if (!target || classes.length === 0) return
  target.classList.add(...classes)
  const before = (target as HTMLElement).dataset.ov
  ;(target as HTMLElement).dataset.ov = before ? `${before} ${classes.join(' ')}` : classes.join(' ')
}

function clear(d: DrawnSvg): void {
  for (const e of d.svg.querySelectorAll<SVGElement>('[data-ov]')) {
    e.classList.remove(...(e.dataset.ov ?? '').split(' ').filter(Boolean))
    delete e.dataset.ov
    if (e.dataset.ovMarker !== undefined) {
      if (e.dataset.ovMarker) e.setAttribute('marker-end', e.dataset.ovMarker)
      else e.removeAttribute('marker-end')
      delete e.dataset.ovMarker
    }
  }
  for (const e of d.svg.querySelectorAll('g.node[aria-pressed]')) e.removeAttribute('aria-pressed')
  for (const layer of d.svg.querySelectorAll('g.ov-layer')) layer.remove()
  if (d.viewBox) setViewBox(d, d.viewBox)
}

function ensureStyle(d: DrawnSvg, theme: DiagramTheme): void {
  const existing = d.svg.querySelector<SVGStyleElement>('style.ov-style')
  if (existing?.dataset.theme === theme) return
  existing?.remove()
  const style = el('style', { class: 'ov-style' })
  style.dataset.theme = theme
  style.textContent = overlayCss(theme, d.svg.id)
  d.svg.insertBefore(style, d.svg.firstChild)
}

const markerId = (d: DrawnSvg, cls: string) => `${d.svg.id}-ov-m-${cls}`

function arrowMarker(id: string, colour: string): SVGElement {
  const m = el('marker', {
    id,
    viewBox: '0 0 10 10',
    refX: '9',
    refY: '5',
    markerWidth: '10',
    markerHeight: '10',
    markerUnits: 'userSpaceOnUse',
    orient: 'auto-start-reverse',
  })
  m.appendChild(el('path', { d: 'M0,0L10,5L0,10z', fill: colour }))
  return m
}

function move(g: SVGGElement, box: Box): void {
  g.setAttribute('transform', `translate(${box.x.toFixed(1)},${box.y.toFixed(1)})`)
}

function midpoint(a: Box, b: Box, side: Side): { x: number; y: number } {
  const from = side === 'left' ? { x: a.x + a.w, y: a.y + a.h / 2 } : { x: a.x + a.w / 2, y: a.y + a.h / 2 }
  const to = { x: b.x + b.w / 2, y: b.y + b.h / 2 }
  if (side === 'left') return { x: (from.x + b.x) / 2, y: from.y }
  return { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 }
}

/** A connector from a node to a badge placed anywhere around it. */
function curveBetween(a: Box, b: Box): string {
  if (b.x >= a.x + a.w || b.x + b.w <= a.x) return curve(a, b)
  const from = port(a, b.y > a.y ? 'below' : 'above')
  const to = port(b, b.y > a.y ? 'above' : 'below')
  return `M${from.x.toFixed(1)},${from.y.toFixed(1)}L${to.x.toFixed(1)},${to.y.toFixed(1)}`
}

function growViewBox(d: DrawnSvg, placed: Box[]): void {
  if (!d.viewBox || placed.length === 0) return
  const grown = union([
    d.viewBox,
    ...placed.map((b) => ({ ...b, x: b.x - 6, y: b.y - 6, w: b.w + 12, h: b.h + 12 })),
  ])
  if (grown) setViewBox(d, grown)
}

function setViewBox(d: DrawnSvg, b: Box): void {
  d.svg.setAttribute('viewBox', `${b.x} ${b.y} ${b.w} ${b.h}`)
  // Mermaid caps the width at the drawing's natural size; keep 1:1 as the box grows.
  d.svg.style.maxWidth = `${b.w}px`
}
