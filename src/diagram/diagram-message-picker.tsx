/**
 * Picking a message on the diagram itself: the producer badge lists every message of the run, a
 * queue lists the messages that reached it (routed there, or dead-lettered there). Choosing one makes
 * the diagram and the why panel follow it, as the message strip and the result table do.
 */
import type { PublishExplanation } from '../engine'
import { useT } from '../i18n/messages'
import { diagramMessages } from './diagram-messages'

export interface DiagramMessages {
  publishes: PublishExplanation[]
  /** Index of the message shown, or null for the newest. */
  selected: number | null
  onSelect: (index: number) => void
}

/** Indexes of the messages that reached `queue` in `vhost`, directly or through dead-lettering. */
export function messagesReaching(publishes: PublishExplanation[], vhost: string, queue: string): number[] {
  const out: number[] = []
  publishes.forEach((p, i) => {
    if (p.vhost !== vhost) return
    const direct = p.queues.some((d) => d.queue === queue)
    const dead = p.deadLetters?.some((h) => h.queues.some((d) => d.queue === queue)) ?? false
    if (direct || dead) out.push(i)
  })
  return out
}

export function MessagePicker(props: {
  messages: DiagramMessages
  /** Which messages to list (all when absent). */
  indexes?: number[]
  /** The heading above the list. */
  title: string
  onDone: () => void
}) {
  const t = useT(diagramMessages)
  const { publishes, selected, onSelect } = props.messages
  const indexes = props.indexes ?? publishes.map((_, i) => i)
  const shown = selected ?? publishes.length - 1
  return (
    <div className="diagram-picker" data-testid="diagram-message-picker">
      <p className="diagram-popover-title">{props.title}</p>
      {indexes.length === 0 ? (
        <p className="muted">{t('pickNone')}</p>
      ) : (
        <ul className="diagram-picker-list">
          {indexes.map((i) => {
            const p = publishes[i]
            if (!p) return null
            return (
              <li key={i}>
                <button
                  type="button"
                  aria-pressed={i === shown}
                  data-index={i}
                  onClick={() => {
                    onSelect(i)
                    props.onDone()
                  }}
                >
                  <span className={`message-chip ${p.outcome.kind}`}>{p.id}</span>{' '}
                  <span className="muted">{t(`pick_${p.outcome.kind}`)}</span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
