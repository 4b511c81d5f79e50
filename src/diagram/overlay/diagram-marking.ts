/**
 * Marking mode, as an overlay: the learner marks the queues (and optionally the bindings) a message
 * will reach, or "nowhere: returned / dropped"; once revealed, each mark is compared with the
 * engine's answer (right, wrong, missed). Before the reveal only the message's entry is drawn, never
 * its path. Pure, like diagram-overlay.ts.
 */
import type { PublishExplanation } from '../../engine'
import type { DiagramEntity, DiagramLabels, DiagramModel } from '../diagram-types'
import {
  addTo,
  type DiagramOverlay,
  EMPTY_OVERLAY,
  type OverlayChoice,
  producerOf,
  selectionClasses,
} from './diagram-overlay'

export type Nowhere = 'returned' | 'dropped'

export interface DiagramMarks {
  queues: ReadonlySet<string>
  /** Engine binding ids (`BindingState.id`). */
  bindings: ReadonlySet<string>
  nowhere: Nowhere | null
}

export const NO_MARKS: DiagramMarks = { queues: new Set(), bindings: new Set(), nowhere: null }

export interface MarkingState {
  marks: DiagramMarks
  /** Compare the marks with the engine's answer (the publish's outcome). */
  revealed: boolean
  /** Offer the "nowhere" targets. */
  nowhere: boolean
  /** Bindings can be marked too (a click on the edge). */
  bindings?: boolean
}

/** right / wrong / missed for a mark against the truth, or `picked` before the reveal. */
function verdict(marked: boolean, truth: boolean, revealed: boolean): string | null {
  if (!revealed) return marked ? 'picked' : null
  if (truth) return marked ? 'right' : 'missed'
  return marked ? 'wrong' : null
}

export function markingOverlay(
  model: DiagramModel,
  p: PublishExplanation | null,
  state: MarkingState,
  labels: DiagramLabels,
  selected?: DiagramEntity | null,
  extraProducerLines: string[] = [],
): DiagramOverlay {
  const { marks, revealed } = state
  const nodeClasses = selectionClasses(model, selected)
  const edgeClasses: Record<string, string[]> = {}
  const receiving = new Set(p?.queues.map((q) => q.queue) ?? [])
  for (const [name, id] of model.ids.queue) {
    const cls = verdict(marks.queues.has(name), receiving.has(name), revealed)
    if (cls) addTo(nodeClasses, id, cls)
  }
  const matched = new Set<string>()
  for (const hop of p?.hops ?? []) {
    for (const ev of hop.evaluations) if (ev.matched) matched.add(ev.bindingId)
    if (revealed) addTo(nodeClasses, model.ids.exchange.get(hop.exchange), 'hl')
  }
  for (const [bindingId, edge] of model.ids.binding) {
    const picked = marks.bindings.has(bindingId)
    const cls = !revealed
      ? picked
        ? 'pickEdge'
        : null
      : matched.has(bindingId)
        ? 'okEdge'
        : picked
          ? 'badEdge'
          : null
    if (cls) addTo(edgeClasses, edge, cls)
  }
  const outcome = p?.outcome.kind
  const choices: OverlayChoice[] = state.nowhere
    ? (['returned', 'dropped'] as const).map((id) => {
        const cls = verdict(marks.nowhere === id, outcome === id, revealed)
        return {
          id,
          label: id === 'returned' ? labels.nowhereReturned : labels.nowhereDropped,
          classes: cls ? [cls] : [],
          pressed: marks.nowhere === id,
        }
      })
    : []
  const producer = p ? producerOf(model, p, labels) : null
  return {
    ...EMPTY_OVERLAY,
    publishId: p?.id ?? null,
    nodeClasses,
    edgeClasses,
    producer: producer && { ...producer, lines: [...producer.lines, ...extraProducerLines] },
    choices,
    clickableEdges: state.bindings && !revealed ? [...model.ids.binding.values()] : [],
    pressed: [...marks.queues].map((q) => model.ids.queue.get(q)).filter((id): id is string => !!id),
  }
}

/** The marks after a click on `entity` (a queue) or a binding edge; a queue mark clears "nowhere". */
export function toggleQueue(marks: DiagramMarks, queue: string): DiagramMarks {
  const queues = new Set(marks.queues)
  if (queues.has(queue)) queues.delete(queue)
  else queues.add(queue)
  return { ...marks, queues, nowhere: null }
}

export function toggleBinding(marks: DiagramMarks, bindingId: string): DiagramMarks {
  const bindings = new Set(marks.bindings)
  if (bindings.has(bindingId)) bindings.delete(bindingId)
  else bindings.add(bindingId)
  return { ...marks, bindings }
}

/** "Nowhere" excludes every queue mark (a message that reaches no queue). */
export function toggleNowhere(marks: DiagramMarks, nowhere: Nowhere): DiagramMarks {
  return { ...marks, queues: new Set(), nowhere: marks.nowhere === nowhere ? null : nowhere }
}
