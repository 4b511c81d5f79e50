/** This step's events in plain words (both languages), errors first-class. */
import './timeline-views.css'
import type { SimEvent } from '../../engine'
import { useT } from '../../i18n/messages'
import { eventText } from './event-text'
import { timelineMessages } from './timeline-messages'

export function StepEvents({ events }: { events: SimEvent[] }) {
  const t = useT(timelineMessages)
  return (
    <section className="tl-events" aria-label={t('happened')} aria-live="polite">
      <h3>{t('happened')}</h3>
      {events.length === 0 ? (
        <p className="muted">{t('nothing')}</p>
      ) : (
        <ol data-testid="step-events">
          {events.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: events of one step never reorder
            <li key={i} className={`ev ${e.kind}`}>
              {eventText(e, t)}
              {/* the broker's reply, as it says it */}
              {e.kind === 'error' && (
                <>
                  {' '}
                  <code>{e.text}</code>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
