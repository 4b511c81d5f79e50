/**
 * Geometry for overlay elements drawn beside Mermaid's nodes: boxes, the first free spot around an
 * anchor, connector paths, and the grown view box. Pure numbers, so it is tested without a browser.
 */

export interface Box {
  x: number
  y: number
  w: number
  h: number
}

export type Side = 'left' | 'right' | 'above' | 'below'

const overlaps = (a: Box, b: Box, pad = 2) =>
  a.x < b.x + b.w + pad && b.x < a.x + a.w + pad && a.y < b.y + b.h + pad && b.y < a.y + a.h + pad

/** Where a box of `size` goes on `side` of `anchor`, `gap` away, centred on the other axis. */
function beside(anchor: Box, size: { w: number; h: number }, side: Side, gap: number): Box {
  const cx = anchor.x + anchor.w / 2 - size.w / 2
  const cy = anchor.y + anchor.h / 2 - size.h / 2
  switch (side) {
    case 'left':
      return { x: anchor.x - gap - size.w, y: cy, ...size }
    case 'right':
      return { x: anchor.x + anchor.w + gap, y: cy, ...size }
    case 'above':
      return { x: cx, y: anchor.y - gap - size.h, ...size }
    case 'below':
      return { x: cx, y: anchor.y + anchor.h + gap, ...size }
  }
}

/** The first side (in preference order) where the box overlaps nothing; the first side otherwise. */
export function placeBeside(
  anchor: Box,
  size: { w: number; h: number },
  sides: Side[],
  gap: number,
  obstacles: readonly Box[],
): { box: Box; side: Side } {
  for (const side of sides) {
    const box = beside(anchor, size, side, gap)
    if (!obstacles.some((o) => overlaps(box, o))) return { box, side }
  }
  const side = sides[0] ?? 'right'
  return { box: beside(anchor, size, side, gap), side }
}

/** The middle of the edge of `b` that faces `side`. */
export function port(b: Box, side: Side): { x: number; y: number } {
  switch (side) {
    case 'left':
      return { x: b.x, y: b.y + b.h / 2 }
    case 'right':
      return { x: b.x + b.w, y: b.y + b.h / 2 }
    case 'above':
      return { x: b.x + b.w / 2, y: b.y }
    case 'below':
      return { x: b.x + b.w / 2, y: b.y + b.h }
  }
}

const OPPOSITE: Record<Side, Side> = { left: 'right', right: 'left', above: 'below', below: 'above' }

/** A connector from a box placed on `side` of `target` into the target (straight, short). */
export function connector(from: Box, target: Box, side: Side): string {
  const a = port(from, OPPOSITE[side])
  const b = port(target, side)
  return `M${r(a.x)},${r(a.y)}L${r(b.x)},${r(b.y)}`
}

/** A curve from the right of `a` to the left of `b` (or the nearest sides when b lies left of a). */
export function curve(a: Box, b: Box): string {
  const forward = b.x >= a.x + a.w
  const p = forward ? port(a, 'right') : port(a, 'below')
  const q = forward ? port(b, 'left') : port(b, 'above')
  const dx = Math.max(30, Math.abs(q.x - p.x) / 2)
  const c1 = forward ? { x: p.x + dx, y: p.y } : { x: p.x, y: p.y + dx }
  const c2 = forward ? { x: q.x - dx, y: q.y } : { x: q.x, y: q.y - dx }
  return `M${r(p.x)},${r(p.y)}C${r(c1.x)},${r(c1.y)} ${r(c2.x)},${r(c2.y)} ${r(q.x)},${r(q.y)}`
}

export function union(boxes: readonly Box[], pad = 0): Box | null {
  if (boxes.length === 0) return null
  let x0 = Number.POSITIVE_INFINITY
  let y0 = Number.POSITIVE_INFINITY
  let x1 = Number.NEGATIVE_INFINITY
  let y1 = Number.NEGATIVE_INFINITY
  for (const b of boxes) {
    x0 = Math.min(x0, b.x)
    y0 = Math.min(y0, b.y)
    x1 = Math.max(x1, b.x + b.w)
    y1 = Math.max(y1, b.y + b.h)
  }
  return { x: x0 - pad, y: y0 - pad, w: x1 - x0 + 2 * pad, h: y1 - y0 + 2 * pad }
}

export function parseViewBox(text: string | null): Box | null {
  const n = (text ?? '').split(/[\s,]+/).map(Number)
  if (n.length !== 4 || n.some((v) => !Number.isFinite(v))) return null
  return { x: n[0] as number, y: n[1] as number, w: n[2] as number, h: n[3] as number }
}

const r = (v: number) => Math.round(v * 10) / 10
