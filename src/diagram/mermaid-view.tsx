/**
 * Renders Mermaid text to SVG. Out-of-order renders are dropped; on a render error the last good
 * SVG stays and the error is reported beside it. Clicks are delegated from the container
 * (`closest('g.node')`, since securityLevel 'strict' disables Mermaid's own callbacks); the nodes
 * that stand for entities are buttons with a roving tab stop: arrows move, Enter / Space select.
 */
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react'
import type { DiagramEntity } from './diagram-types'
import { renderMermaid } from './mermaid-loader'
import { RenderCache } from './render-cache'
import {
  classifyEdges,
  currentSvg,
  decodeEdgeLabels,
  makeNodesFocusable,
  moveFocus,
  nodeIdOf,
} from './svg-dom'

export interface MermaidViewProps {
  text: string
  theme: 'light' | 'dark'
  /** Accessible name of the figure. */
  label: string
  /** Generated node id → entity (from buildDiagram); nodes not in it are not interactive. */
  nodes?: Record<string, DiagramEntity>
  /** Generated edge id → classes to set on its path (from buildDiagram). */
  edgeClasses?: Record<string, string[]>
  onNodeClick?: (entity: DiagramEntity) => void
  /** Accessible name of one node (defaults to its name). */
  describeNode?: (entity: DiagramEntity) => string
  /** The SVG as displayed, after each successful render (for export). */
  onRendered?: (svg: string) => void
}

const defaultDescribe = (e: DiagramEntity) =>
  e.kind === 'publish' ? e.id : e.kind === 'hidden' ? `${e.bindings} / ${e.queues}` : e.name

export default function MermaidView(props: MermaidViewProps) {
  const { text, theme, label } = props
  const host = useRef<HTMLDivElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(true)
  // Callbacks through a ref: a new function from the parent must not trigger a re-render of Mermaid.
  const latest = useRef(props)
  latest.current = props
  const rendered = useRef<RenderCache | null>(null)
  rendered.current ??= new RenderCache()

  useEffect(() => {
    let stale = false
    setBusy(true)
    const mermaidTheme = theme === 'dark' ? 'dark' : 'default'
    const cache = rendered.current as RenderCache
    const cached = cache.get(mermaidTheme, text)
    const svgReady =
      cached !== undefined
        ? Promise.resolve(cached)
        : renderMermaid(text, mermaidTheme).then((svg) => {
            cache.set(mermaidTheme, text, svg)
            return svg
          })
    svgReady.then(
      (svg) => {
        if (stale || !host.current) return
        host.current.innerHTML = svg
        decodeEdgeLabels(host.current)
        const { nodes = {}, edgeClasses = {}, describeNode = defaultDescribe, onRendered } = latest.current
        classifyEdges(host.current, edgeClasses)
        makeNodesFocusable(host.current, nodes, describeNode)
        setError(null)
        setBusy(false)
        const shown = currentSvg(host.current)
        if (shown) onRendered?.(shown)
      },
      (err: unknown) => {
        if (stale) return
        setError(err instanceof Error ? err.message : String(err))
        setBusy(false)
      },
    )
    return () => {
      stale = true
    }
  }, [text, theme])

  function entityOf(target: EventTarget | null): DiagramEntity | null {
    const g = target instanceof Element ? target.closest('g.node') : null
    const id = g ? nodeIdOf(g) : null
    return (id && latest.current.nodes?.[id]) || null
  }

  function onClick(e: MouseEvent) {
    const entity = entityOf(e.target)
    if (entity) latest.current.onNodeClick?.(entity)
  }

  function onKeyDown(e: KeyboardEvent) {
    const current = e.target instanceof Element ? e.target.closest('g.node[role="button"]') : null
    if (!current || !host.current) return
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      const entity = entityOf(current)
      if (entity) latest.current.onNodeClick?.(entity)
      return
    }
    const all = [...host.current.querySelectorAll<SVGGElement>('g.node[role="button"]')]
    const i = all.indexOf(current as SVGGElement)
    const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }
    let next: SVGGElement | undefined
    if (e.key in step) next = all[(i + (step[e.key] ?? 0) + all.length) % all.length]
    else if (e.key === 'Home') next = all[0]
    else if (e.key === 'End') next = all[all.length - 1]
    if (!next) return
    e.preventDefault()
    moveFocus(current, next)
  }

  return (
    <figure className="diagram" aria-label={label} aria-busy={busy}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: events come from the SVG nodes inside, which carry role=button */}
      <div ref={host} className="diagram-svg" data-testid="diagram" onClick={onClick} onKeyDown={onKeyDown} />
      {error && (
        <figcaption role="alert" className="diagram-error">
          {error}
        </figcaption>
      )}
    </figure>
  )
}
