/**
 * Highlight styles per theme, written two ways from one table: Mermaid `classDef`s (for the exported
 * Mermaid source) and CSS scoped to one rendered SVG (the live overlay sets classes on drawn nodes and
 * edges instead of re-rendering). Each node style sets its text colour explicitly: with the dark
 * theme's light default text, a light fill without it becomes unreadable (TOOLCHAIN §5). Order
 * matters: a later class wins where two set the same property (recv after hl, sel last).
 */
export type DiagramTheme = 'light' | 'dark'

interface Look {
  fill?: string
  stroke: string
  width: number
  color?: string
  dash?: string
}

type Table = Record<string, Look>

const LIGHT: Table = {
  hl: { fill: '#fde68a', stroke: '#b45309', width: 2, color: '#111827' },
  recv: { fill: '#bbf7d0', stroke: '#15803d', width: 3, color: '#052e16' },
  dlrecv: { fill: '#e9d5ff', stroke: '#7e22ce', width: 3, color: '#1e1b4b' },
  hot: { stroke: '#dc2626', width: 3 },
  dlhot: { stroke: '#7e22ce', width: 3, dash: '6 3' },
  aehot: { stroke: '#c2410c', width: 3 },
  dead: { fill: '#fee2e2', stroke: '#b91c1c', width: 2, color: '#450a0a' },
  err: { fill: '#fecaca', stroke: '#991b1b', width: 3, color: '#450a0a' },
  note: { fill: '#e0f2fe', stroke: '#0369a1', width: 1, color: '#082f49' },
  missing: { fill: '#f1f5f9', stroke: '#64748b', width: 1, dash: '4 3', color: '#334155' },
  more: { fill: '#f1f5f9', stroke: '#64748b', width: 1, dash: '4 3', color: '#0f172a' },
  producer: { fill: '#ede9fe', stroke: '#6d28d9', width: 2, color: '#1e1b4b' },
  picked: { fill: '#bfdbfe', stroke: '#1d4ed8', width: 3, color: '#111111' },
  right: { fill: '#bbf7d0', stroke: '#15803d', width: 3, color: '#111111' },
  wrong: { fill: '#fecaca', stroke: '#b91c1c', width: 3, color: '#111111' },
  missed: { fill: '#fde68a', stroke: '#b45309', width: 3, dash: '6 3', color: '#111111' },
  pickEdge: { stroke: '#1d4ed8', width: 4 },
  okEdge: { stroke: '#15803d', width: 4 },
  badEdge: { stroke: '#b91c1c', width: 4, dash: '6 3' },
  selEdge: { stroke: '#2563eb', width: 5 },
  sel: { stroke: '#2563eb', width: 4 },
  gained: { stroke: '#15803d', width: 3 },
  lost: { stroke: '#b91c1c', width: 3, dash: '7 4' },
}

const DARK: Table = {
  hl: { fill: '#78350f', stroke: '#fbbf24', width: 2, color: '#fef3c7' },
  recv: { fill: '#14532d', stroke: '#4ade80', width: 3, color: '#dcfce7' },
  dlrecv: { fill: '#3b0764', stroke: '#d8b4fe', width: 3, color: '#f3e8ff' },
  hot: { stroke: '#f87171', width: 3 },
  dlhot: { stroke: '#d8b4fe', width: 3, dash: '6 3' },
  aehot: { stroke: '#fb923c', width: 3 },
  dead: { fill: '#450a0a', stroke: '#f87171', width: 2, color: '#fee2e2' },
  err: { fill: '#7f1d1d', stroke: '#fca5a5', width: 3, color: '#fee2e2' },
  note: { fill: '#0c4a6e', stroke: '#7dd3fc', width: 1, color: '#e0f2fe' },
  missing: { fill: '#1f2937', stroke: '#9ca3af', width: 1, dash: '4 3', color: '#e5e7eb' },
  more: { fill: '#1f2937', stroke: '#9ca3af', width: 1, dash: '4 3', color: '#e5e7eb' },
  producer: { fill: '#2e1065', stroke: '#c4b5fd', width: 2, color: '#ede9fe' },
  picked: { fill: '#1e3a8a', stroke: '#93c5fd', width: 3, color: '#eff6ff' },
  right: { fill: '#14532d', stroke: '#4ade80', width: 3, color: '#dcfce7' },
  wrong: { fill: '#7f1d1d', stroke: '#fca5a5', width: 3, color: '#fee2e2' },
  missed: { fill: '#78350f', stroke: '#fbbf24', width: 3, dash: '6 3', color: '#fef3c7' },
  pickEdge: { stroke: '#93c5fd', width: 4 },
  okEdge: { stroke: '#4ade80', width: 4 },
  badEdge: { stroke: '#fca5a5', width: 4, dash: '6 3' },
  selEdge: { stroke: '#93c5fd', width: 5 },
  sel: { stroke: '#93c5fd', width: 4 },
  gained: { stroke: '#4ade80', width: 3 },
  lost: { stroke: '#fca5a5', width: 3, dash: '7 4' },
}

/** Classes that colour edges (the rest colour nodes and overlay badges). */
export const EDGE_CLASSES = new Set([
  'hot',
  'aehot',
  'dlhot',
  'pickEdge',
  'okEdge',
  'badEdge',
  'selEdge',
  'gained',
  'lost',
])

const tableFor = (theme: DiagramTheme) => (theme === 'dark' ? DARK : LIGHT)

/** The stroke colour of an edge class (for its arrowhead). */
export function edgeColour(theme: DiagramTheme, cls: string): string | undefined {
  return tableFor(theme)[cls]?.stroke
}

/** The neutral colour of overlay arrows and badges. */
export function neutralStroke(theme: DiagramTheme): string {
  return (theme === 'dark' ? BASE_DARK : BASE_LIGHT).stroke
}

/** Mermaid `classDef` bodies, in precedence order. */
export function classDefsFor(theme: DiagramTheme): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [cls, l] of Object.entries(tableFor(theme))) {
    const parts = [
      l.fill && `fill:${l.fill}`,
      `stroke:${l.stroke}`,
      `stroke-width:${l.width}px`,
      l.dash && `stroke-dasharray:${l.dash}`,
      l.color && `color:${l.color}`,
    ]
    out[cls] = parts.filter(Boolean).join(',')
  }
  return out
}

/**
 * CSS for the overlay classes inside the SVG whose id is `svgId`. `!important` because Mermaid's own
 * stylesheet is scoped by the same id and inline styles of classDefs would otherwise win.
 */
export function overlayCss(theme: DiagramTheme, svgId: string): string {
  // Mermaid's ids are generated (`mmd-N`), so they need no escaping.
  const s = `#${svgId}`
  const rules: string[] = []
  for (const [cls, l] of Object.entries(tableFor(theme))) {
    const stroke = `stroke:${l.stroke}!important;stroke-width:${l.width}px!important;${l.dash ? `stroke-dasharray:${l.dash.replace(' ', ',')}!important;` : ''}`
    if (EDGE_CLASSES.has(cls)) {
      rules.push(`${s} path.${cls}{${stroke}}`)
      // A diff link's label pill takes the link's colour and dash on its border.
      if (cls === 'gained' || cls === 'lost') rules.push(`${s} g.ov-diff.${cls} rect{${stroke}}`)
      continue
    }
    const shape = `${s} g.node.${cls} .label-container,${s} g.node.${cls} .label-container path,${s} g.ov-badge.${cls} rect`
    rules.push(`${shape}{${l.fill ? `fill:${l.fill}!important;` : ''}${stroke}}`)
    if (l.color)
      rules.push(
        `${s} g.node.${cls} .nodeLabel,${s} g.node.${cls} .label div{color:${l.color}!important}`,
        `${s} g.node.${cls} text,${s} g.ov-badge.${cls} text{fill:${l.color}!important}`,
      )
  }
  const base = theme === 'dark' ? BASE_DARK : BASE_LIGHT
  rules.unshift(
    `${s} g.ov-badge rect{fill:${base.fill};stroke:${base.stroke};stroke-width:1px}`,
    `${s} g.ov-badge text{fill:${base.text};font-family:inherit}`,
    `${s} g.ov-key rect{fill:${base.key};stroke:none}`,
    `${s} g.ov-key text{fill:${base.text}}`,
    `${s} path.ov-arrow{fill:none;stroke:${base.stroke};stroke-width:1.5px}`,
    `${s} path.ov-dashed{stroke-dasharray:5,4}`,
    `${s} path.ov-hit{fill:none;stroke:transparent;stroke-width:14px;pointer-events:stroke;cursor:pointer}`,
    `${s} g.ov-choice{cursor:pointer}`,
    `${s} circle.ov-dot{fill:${tableFor(theme).hot?.stroke};stroke:${base.fill};stroke-width:1.5px}`,
  )
  return rules.join('\n')
}

const BASE_LIGHT = { fill: '#ffffff', stroke: '#475569', text: '#111827', key: 'rgba(232,232,232,0.9)' }
const BASE_DARK = { fill: '#1f2937', stroke: '#9ca3af', text: '#f3f4f6', key: 'rgba(55,65,81,0.9)' }
