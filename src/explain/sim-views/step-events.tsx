/** This step's events in plain words (both languages), errors first-class. */
import './timeline-views.css'
import type { SimEvent } from '../../engine'
import { useT } from '../../i18n/messages'
import { type Translate, timelineMessages } from './timeline-messages'

function describe(e: SimEvent, t: Translate): string {
  switch (e.kind) {
    case 'delivered':
      return t('ev_delivered', {
        message: e.message,
        queue: e.queue,
        consumer: e.consumer ?? t('getter'),
        tag: e.tag,
        redelivered: e.redelivered ? t('ev_redelivered') : '',
      })
    case 'topology':
      return t('ev_topology', {
        what: t(`w_${e.what}`),
        name: e.name || t('defaultExchange'),
        change: t(e.change),
      })
    case 'error':
      return t('ev_error', { code: e.code })
    case 'overflow':
      return t(`ev_overflow_${e.how}`, { message: e.message, queue: e.queue })
    case 'dead-lettered': {
      const h = e.hop
      const targets = [
        ...(h.outcome === 'no-exchange' ? [t('dlNoExchange')] : []),
        ...(h.outcome === 'unroutable' ? [t('dlNowhere')] : []),
        ...h.queues.map((q) => q.queue),
        ...(h.cycleDropped.length > 0 ? [t('dlCycle', { queues: h.cycleDropped.join(', ') })] : []),
      ]
      return t('ev_dead-lettered', {
        message: e.message,
        queue: e.queue,
        reason: e.reason,
        exchange: h.exchange === '' ? t('defaultExchange') : h.exchange,
        keys: h.routingKeys.map((k) => (k === '' ? '""' : k)).join(', '),
        targets: targets.join('; '),
      })
    }
    default: {
      const params: Record<string, string | number> = {}
      for (const [k, v] of Object.entries(e))
        if (typeof v === 'string' || typeof v === 'number') params[k] = v
      return t(`ev_${e.kind}`, params)
    }
  }
}

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
              {describe(e, t)}
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
