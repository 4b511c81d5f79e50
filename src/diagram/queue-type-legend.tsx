/**
 * The legend of queue shapes, shown when the drawn vhost holds a quorum queue or a stream: each
 * type's glyph (drawn like its Mermaid shape) beside its name, so the shapes are never a riddle.
 */
import { type QueueType, queueTypeOf, type TopologySnapshot } from '../engine'
import { useT } from '../i18n/messages'
import { diagramMessages } from './diagram-messages'
import type { DiagramModel } from './diagram-types'

/** The types of the queues the model draws, in the legend's order. */
export function drawnQueueTypes(topology: TopologySnapshot, model: DiagramModel): QueueType[] {
  const types = new Set<QueueType>()
  for (const q of topology.queues)
    if (q.vhost === model.vhost && model.ids.queue.has(q.name)) types.add(queueTypeOf(q.arguments))
  return (['classic', 'quorum', 'stream'] as const).filter((t) => types.has(t))
}

function Glyph({ type }: { type: QueueType }) {
  const common = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.5 }
  return (
    <svg width="28" height="20" viewBox="0 0 28 20" aria-hidden="true" className="qt-glyph">
      {type === 'stream' ? (
        <>
          <path d="M6 3 H22 A4 7 0 0 1 22 17 H6 A4 7 0 0 1 6 3 Z" {...common} />
          <path d="M22 3 A4 7 0 0 0 22 17" {...common} />
        </>
      ) : (
        <>
          <path d="M5 4 V16 A9 3 0 0 0 23 16 V4" {...common} />
          <ellipse cx="14" cy="4" rx="9" ry="3" {...common} />
          {type === 'quorum' && <path d="M5 7 A9 3 0 0 0 23 7" {...common} />}
        </>
      )}
    </svg>
  )
}

const LABEL = { classic: 'legendClassic', quorum: 'legendQuorum', stream: 'legendStream' } as const

export function QueueTypeLegend({ types }: { types: readonly QueueType[] }) {
  const t = useT(diagramMessages)
  // only worth a legend when a type other than classic is drawn
  if (!types.some((x) => x !== 'classic')) return null
  return (
    <ul className="qt-legend" aria-label={t('legendTypes')} data-testid="queue-type-legend">
      {types.map((type) => (
        <li key={type} data-type={type}>
          <Glyph type={type} /> {t(LABEL[type])}
        </li>
      ))}
    </ul>
  )
}
