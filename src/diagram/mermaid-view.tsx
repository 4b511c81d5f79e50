/**
 * Renders Mermaid text to SVG, then applies an overlay (a message's path, marks, the selection) to it.
 * Mermaid runs only when the text changes; a new overlay on the same text only changes classes and a
 * few overlay elements. Out-of-order renders are dropped; on a render error the last good SVG stays
 * and the error is reported beside it. Clicks are delegated from the container (`closest('g.node')`,
 * since securityLevel 'strict' disables Mermaid's own callbacks); the nodes that stand for entities
 * are buttons with a roving tab stop: arrows move, Enter / Space select.
 */
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react'
import type { DiagramEntity } from './diagram-types'
import { renderMermaid } from './mermaid-loader'
import type { DiagramOverlay } from './overlay/diagram-overlay'
import { applyOverlay } from './overlay/overlay-dom'
import { RenderCache } from './render-cache'
import { RenderQueue } from './render-queue'
import { decodeEdgeLabels, makeNodesFocusable, moveFocus, nodeIdOf } from './svg-dom'

export interface MermaidViewProps {
  text: string
  theme: 'light' | 'dark'
  /** Accessible name of the figure. */
  label: string
  /** Generated node id → entity (from buildDiagram); nodes not in it are not interactive. */
  nodes?: Record<string, DiagramEntity>
  /** What to draw over the rendered topology (applied without re-rendering Mermaid). */
  overlay?: DiagramOverlay
  /** Move a dot along the message's path when the overlay changes (never with reduced motion). */
  animate?: boolean
  onNodeClick?: (entity: DiagramEntity) => void
  /** A click on a binding edge that takes clicks (marking mode), with its generated edge id. */
  onEdgeClick?: (edgeId: string) => void
  /** A "nowhere" choice of marking mode. */
  onChoice?: (id: 'returned' | 'dropped') => void
  /** A click on the producer badge (a button only when this is given), with its publish id. */
  onProducerClick?: (publishId: string) => void
  /** Accessible name of the producer badge when it is a button. */
  describeProducer?: (publishId: string) => string
  /** Accessible name of one node (defaults to its name). */
  describeNode?: (entity: DiagramEntity) => string
  /**
   * Wait this long after the text changed before asking Mermaid (a focused view of a large
   * topology changes with every message: a burst of publishes then draws only the last one).
   */
  renderDelayMs?: number
  /** After each successful render (the overlay is applied by then). */
  onRendered?: () => void
  testId?: string
}

class StaleRender extends Error {}

function paint(host: HTMLElement | null, p: MermaidViewProps, animate: boolean): void {
  const describeProducer = p.onProducerClick ? p.describeProducer : undefined
  if (host && p.overlay) applyOverlay(host, p.overlay, { theme: p.theme, animate, describeProducer })
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
  const queue = useRef<RenderQueue | null>(null)
  queue.current ??= new RenderQueue()
  // The text whose SVG is in the host: an overlay is only applied to the drawing it was made for.
  const shownText = useRef<string | null>(null)

  useEffect(() => {
    let stale = false
    let timer: ReturnType<typeof setTimeout> | null = null
    setBusy(true)
    // data-drawn names the theme the shown drawing was made in; absent while a drawing is on its way
    // (tests await it instead of sleeping after a theme change)
    delete host.current?.dataset.drawn
    const mermaidTheme = theme === 'dark' ? 'dark' : 'default'
    const cache = rendered.current as RenderCache
    const cached = cache.get(mermaidTheme, text)
    const svgReady =
      cached !== undefined
        ? Promise.resolve(cached)
        : new Promise<string>((resolve, reject) => {
            const ask = () =>
              (queue.current as RenderQueue).request(async () => {
                // Superseded before its turn: a newer diagram is waiting, this one is not drawn.
                if (stale) return reject(new StaleRender())
                const svg = await renderMermaid(text, mermaidTheme).catch((e: unknown) => {
                  reject(e)
                  return null
                })
                if (svg === null) return
                cache.set(mermaidTheme, text, svg)
                resolve(svg)
              })
            const delay = shownText.current === null ? 0 : (latest.current.renderDelayMs ?? 0)
            if (delay > 0) timer = setTimeout(ask, delay)
            else ask()
          })
    svgReady.then(
      (svg) => {
        if (stale || !host.current) return
        host.current.innerHTML = svg
        shownText.current = text
        decodeEdgeLabels(host.current)
        const { nodes = {}, describeNode = defaultDescribe, onRendered, animate = false } = latest.current
        makeNodesFocusable(host.current, nodes, describeNode)
        paint(host.current, latest.current, animate)
        setError(null)
        setBusy(false)
        host.current.dataset.drawn = theme
        onRendered?.()
      },
      (err: unknown) => {
        if (stale || err instanceof StaleRender) return
        setError(err instanceof Error ? err.message : String(err))
        setBusy(false)
      },
    )
    return () => {
      stale = true
      if (timer) clearTimeout(timer)
    }
  }, [text, theme])

  // A new overlay on the drawing already shown: classes and overlay elements only, no Mermaid.
  const overlay = props.overlay
  useEffect(() => {
    if (overlay && shownText.current === text)
      paint(host.current, latest.current, latest.current.animate ?? false)
  }, [overlay, text])

  function entityOf(target: EventTarget | null): DiagramEntity | null {
    const g = target instanceof Element ? target.closest('g.node') : null
    const id = g ? nodeIdOf(g) : null
    return (id && latest.current.nodes?.[id]) || null
  }

  function onClick(e: MouseEvent) {
    const target = e.target instanceof Element ? e.target : null
    const choice = target?.closest<SVGElement>('[data-choice]')?.dataset.choice
    if (choice === 'returned' || choice === 'dropped') return latest.current.onChoice?.(choice)
    const producer = target?.closest<SVGElement>('[data-producer]')?.dataset.producer
    if (producer !== undefined) return latest.current.onProducerClick?.(producer)
    const edge = target?.closest<SVGElement>('[data-edge]')?.dataset.edge
    if (edge) return latest.current.onEdgeClick?.(edge)
    const entity = entityOf(e.target)
    if (entity) latest.current.onNodeClick?.(entity)
  }

  function onKeyDown(e: KeyboardEvent) {
    const choice = e.target instanceof Element ? e.target.closest<SVGElement>('[data-choice]') : null
    if (choice && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault()
      const id = choice.dataset.choice
      if (id === 'returned' || id === 'dropped') latest.current.onChoice?.(id)
      return
    }
    const producer = e.target instanceof Element ? e.target.closest<SVGElement>('[data-producer]') : null
    if (producer && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault()
      latest.current.onProducerClick?.(producer.dataset.producer ?? '')
      return
    }
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
      <div
        ref={host}
        className="diagram-svg"
        data-testid={props.testId ?? 'diagram'}
        onClick={onClick}
        onKeyDown={onKeyDown}
      />
      {error && (
        <figcaption role="alert" className="diagram-error">
          {error}
        </figcaption>
      )}
    </figure>
  )
}
