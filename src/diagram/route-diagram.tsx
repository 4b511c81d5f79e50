/**
 * The reusable routing diagram (see notes/api-diagram.md): a topology drawn once by Mermaid, and over
 * it either (a) a message's path after a run, or (b) marking mode, where the learner marks the queues
 * (optionally bindings, or "nowhere: returned / dropped") and gets the marks back through `onChange`;
 * after `revealed` each mark shows right / wrong / missed. Props in, events out; no store.
 */
import { useMemo } from 'react'
import type { PublishExplanation, TopologySnapshot } from '../engine'
import type { DiagramEntity } from './diagram-types'
import MermaidView from './mermaid-view'
import {
  type DiagramMarks,
  markingOverlay,
  toggleBinding,
  toggleNowhere,
  toggleQueue,
} from './overlay/diagram-marking'
import { pathOverlay } from './overlay/diagram-overlay'
import { drawnQueueTypes, QueueTypeLegend } from './queue-type-legend'
import { buildTopology } from './to-mermaid'
import { useDescribeNode, useDiagramLabels } from './use-diagram'
import './diagram.css'

export interface RouteMarking {
  marks: DiagramMarks
  /** Compare the marks with the engine's answer (`publish`). */
  revealed: boolean
  /** Offer "nowhere: returned" and "nowhere: dropped" (default true). */
  nowhere?: boolean
  /** Bindings can be marked by clicking their edge (default false). */
  bindings?: boolean
  /** Absent: the marks are shown read-only. */
  onChange?: (marks: DiagramMarks) => void
  /** Extra lines on the producer (e.g. the message's headers). */
  producerLines?: string[]
}

export interface RouteDiagramProps {
  topology: TopologySnapshot
  /** The message: its path (no marking), or only its entry until revealed (marking). */
  publish?: PublishExplanation | null
  theme: 'light' | 'dark'
  /** Accessible name of the figure. */
  label: string
  marking?: RouteMarking
  selected?: DiagramEntity | null
  onNodeClick?: (entity: DiagramEntity) => void
  /** 'auto' (default) focuses large topologies on the message; marking mode always draws all. */
  focus?: 'auto' | 'all' | 'touched'
  showDefaultExchange?: boolean
  /** Move a dot along the path (default true; never with reduced motion). */
  animate?: boolean
  testId?: string
}

export default function RouteDiagram(props: RouteDiagramProps) {
  const { topology, publish = null, theme, marking, selected } = props
  const labels = useDiagramLabels()
  const describe = useDescribeNode()
  const marked = marking !== undefined
  const model = useMemo(
    () =>
      buildTopology(topology, publish, {
        labels,
        theme,
        focus: marked ? 'all' : props.focus,
        // A message to the default exchange may go to any queue: draw its implicit bindings.
        showDefaultExchange: props.showDefaultExchange ?? (marked && publish?.exchange === ''),
      }),
    [topology, publish, labels, theme, marked, props.focus, props.showDefaultExchange],
  )
  const overlay = useMemo(
    () =>
      marking
        ? markingOverlay(
            model,
            publish,
            {
              marks: marking.marks,
              revealed: marking.revealed,
              nowhere: marking.nowhere ?? true,
              bindings: marking.bindings ?? false,
            },
            labels,
            selected,
            marking.producerLines,
          )
        : pathOverlay(model, publish, labels, selected),
    [model, publish, marking, labels, selected],
  )
  const editable = marking?.onChange && !marking.revealed ? marking : null
  return (
    <>
      <QueueTypeLegend types={drawnQueueTypes(topology, model)} />
      <MermaidView
        text={model.text}
        theme={theme}
        label={props.label}
        nodes={model.nodes}
        overlay={overlay}
        animate={!marked && props.animate !== false}
        describeNode={describe}
        testId={props.testId}
        onNodeClick={(entity) => {
          if (editable && entity.kind === 'queue')
            editable.onChange?.(toggleQueue(editable.marks, entity.name))
          props.onNodeClick?.(entity)
        }}
        onEdgeClick={(edge) => {
          const binding = model.edges[edge]
          if (editable && binding) editable.onChange?.(toggleBinding(editable.marks, binding))
        }}
        onChoice={(id) => editable?.onChange?.(toggleNowhere(editable.marks, id))}
      />
    </>
  )
}
