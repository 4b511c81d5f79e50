/**
 * Collects Mermaid statements with generated ids, the node → entity map and class assignments.
 * Every label passes through escapeLabel / escapeEdgeLabel here, so callers cannot forget it.
 */
import type { DiagramEntity } from './diagram-types'
import { escapeEdgeLabel, escapeLabel } from './escape'

/** Node shapes used by the diagram (Mermaid flowchart syntax around the quoted label). */
const SHAPES = {
  exchange: ['{{', '}}'],
  queue: ['[(', ')]'],
  /** Quorum queue: a cylinder with a band (Mermaid's lined cylinder), for the replicated log. */
  quorum: ['@{ shape: lin-cyl, label: ', ' }'],
  /** Stream: a cylinder lying on its side (Mermaid's horizontal cylinder), read along its length. */
  stream: ['@{ shape: h-cyl, label: ', ' }'],
  producer: ['([', '])'],
  note: ['>', ']'],
  outcome: ['[/', '/]'],
  box: ['[', ']'],
  summary: ['[[', ']]'],
} as const
export type Shape = keyof typeof SHAPES

/** `-->` normal, `-.->` dashed (AE, unroutable), `==>` thick (the publish), `-.-` plain dotted link. */
export type Arrow = '-->' | '-.->' | '==>' | '-.-'

export class DiagramWriter {
  readonly lines: string[] = ['flowchart LR']
  readonly nodes: Record<string, DiagramEntity> = {}
  readonly edges: Record<string, string> = {}
  private readonly classes = new Map<string, string[]>()
  private readonly edgeIds = new Set<string>()

  /** A node whose label lines are joined with `<br/>` (`#10;` breaks only some shapes); lines are escaped. */
  node(id: string, shape: Shape, labelLines: string[], entity?: DiagramEntity): string {
    const [open, close] = SHAPES[shape]
    const label = labelLines.map((l) => escapeLabel(l).slice(1, -1)).join('<br/>')
    this.lines.push(`  ${id}${open}"${label}"${close}`)
    if (entity) this.nodes[id] = entity
    return id
  }

  /** An edge; with `edgeId` it can carry classes (`class b_3 hot`). */
  edge(from: string, to: string, arrow: Arrow, label?: string, edgeId?: string): void {
    if (edgeId) this.edgeIds.add(edgeId)
    const named = edgeId ? `${edgeId}@${arrow}` : arrow
    const text = label === undefined ? '' : `|${escapeEdgeLabel(label)}|`
    this.lines.push(`  ${from} ${named}${text} ${to}`)
  }

  addClass(id: string | undefined, cls: string): void {
    if (!id) return
    const list = this.classes.get(cls) ?? []
    list.push(id)
    this.classes.set(cls, list)
  }

  /**
   * Classes of named edges. Mermaid only inlines an edge's classDef style on the path, without the
   * class name, so the view adds these to `path[data-id]` for CSS and tests.
   */
  edgeClasses(): Record<string, string[]> {
    const out: Record<string, string[]> = {}
    for (const [cls, ids] of this.classes) {
      for (const id of ids) {
        if (!this.edgeIds.has(id)) continue
        out[id] = [...(out[id] ?? []), cls]
      }
    }
    return out
  }

  finish(classDefs: Record<string, string>): string {
    const out = [...this.lines]
    // classDefs order decides which style wins when a node has two classes
    for (const [cls, style] of Object.entries(classDefs)) {
      const ids = this.classes.get(cls)
      if (!ids?.length) continue
      out.push(`  classDef ${cls} ${style}`)
      out.push(`  class ${[...new Set(ids)].join(',')} ${cls}`)
    }
    return out.join('\n')
  }
}
