/**
 * The practice diagram: Mermaid rendering through the shared MermaidView, with click delegation so a
 * click on a queue node toggles its mark (keyboard users use the checkboxes beside it).
 */
import { lazy, type MouseEvent, Suspense, useCallback, useMemo, useRef } from 'react'
import { decodeEdgeLabelText } from '../../diagram/escape'
import type { Scenario } from '../../engine'
import { bindingFromEdgeId, queueFromNodeDomId, routeDiagram } from './route-diagram'

const MermaidView = lazy(() => import('../../diagram/mermaid-view'))

export interface RouteDiagramViewProps {
  scenario: Scenario
  picked: ReadonlySet<string>
  answer: ReadonlySet<string> | null
  pickedBindings: ReadonlySet<number>
  matchedBindings: ReadonlySet<number> | null
  theme: 'light' | 'dark'
  label: string
  loadingText: string
  onToggle?: (queue: string) => void
  onToggleBinding?: (index: number) => void
}

export default function RouteDiagramView(props: RouteDiagramViewProps) {
  const { scenario, picked, answer, pickedBindings, matchedBindings, theme, label, loadingText } = props
  const { onToggle, onToggleBinding } = props
  const host = useRef<HTMLDivElement>(null)
  const text = useMemo(
    () => routeDiagram(scenario, { picked, answer, pickedBindings, matchedBindings }, theme),
    [scenario, picked, answer, pickedBindings, matchedBindings, theme],
  )
  const queues = useMemo(() => (scenario.queues ?? []).map((q) => q.name), [scenario])

  // Mermaid leaves `&#N;` literally in edge labels (see diagram/escape.ts); turn them back into text.
  const onRendered = useCallback(() => {
    const labels = host.current?.querySelectorAll('.edgeLabel text, .edgeLabel tspan, .edgeLabel span') ?? []
    for (const el of labels) {
      if (el.childElementCount === 0 && el.textContent) el.textContent = decodeEdgeLabelText(el.textContent)
    }
    for (const node of host.current?.querySelectorAll('g.node') ?? []) {
      if (queueFromNodeDomId(node.id, queues)) node.classList.add('practice-clickable')
    }
    for (const edge of host.current?.querySelectorAll('path[data-id]') ?? []) {
      if (bindingFromEdgeId(edge.getAttribute('data-id')) !== null) edge.classList.add('practice-edge')
    }
  }, [queues])

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as Element
    const edge = bindingFromEdgeId(target.closest('path[data-id]')?.getAttribute('data-id') ?? null)
    if (edge !== null) {
      onToggleBinding?.(edge)
      return
    }
    const node = target.closest('g.node')
    const queue = node ? queueFromNodeDomId(node.id, queues) : null
    if (queue) onToggle?.(queue)
  }

  return (
    // Clicks are a shortcut for pointer users; the same action is available as checkboxes next to it.
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard access is provided by the checkboxes
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard access is provided by the checkboxes
    <div ref={host} className="practice-diagram" data-testid="practice-diagram" onClick={onClick}>
      <Suspense fallback={<p className="loading">{loadingText}</p>}>
        <MermaidView text={text} theme={theme} label={label} onRendered={onRendered} />
      </Suspense>
    </div>
  )
}
