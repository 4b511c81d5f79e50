/**
 * The run's messages above the diagram, each a button (its outcome as a mark), with previous / next:
 * choose any message and the diagram, the why panel and the result follow. Around the selected one
 * when there are many.
 */
import { memo } from 'react'
import type { PublishExplanation } from '../engine'
import { useT } from '../i18n/messages'
import { stripMessages } from './strip-messages'

const AROUND = 6

export const MessageStrip = memo(function MessageStrip(props: {
  publishes: PublishExplanation[]
  selected: number | null
  onSelect: (index: number) => void
}) {
  const t = useT(stripMessages)
  const { publishes, selected, onSelect } = props
  if (publishes.length === 0) return null
  const at = selected ?? publishes.length - 1
  const from = Math.max(0, Math.min(at - AROUND, publishes.length - 2 * AROUND - 1))
  const shown = publishes.slice(from, from + 2 * AROUND + 1)
  return (
    <nav className="message-strip" aria-label={t('label')} data-testid="message-strip">
      <button type="button" disabled={at <= 0} onClick={() => onSelect(at - 1)} aria-label={t('previous')}>
        ‹
      </button>
      {from > 0 && <span className="muted">…</span>}
      {shown.map((p, k) => {
        const i = from + k
        return (
          <button
            key={i}
            type="button"
            className={`message-chip ${p.outcome.kind}`}
            aria-pressed={i === selected}
            data-index={i}
            title={t(p.outcome.kind)}
            onClick={() => onSelect(i)}
          >
            {p.id}
          </button>
        )
      })}
      {from + shown.length < publishes.length && <span className="muted">…</span>}
      <button
        type="button"
        disabled={at >= publishes.length - 1}
        onClick={() => onSelect(at + 1)}
        aria-label={t('next')}
      >
        ›
      </button>
    </nav>
  )
})
