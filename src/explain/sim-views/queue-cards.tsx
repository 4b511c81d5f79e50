/** Cards of every queue and consumer at one step: depth, the message ids, what each consumer holds. */
import './timeline-views.css'
import type { SimState } from '../../engine'
import { useT } from '../../i18n/messages'
import { timelineMessages } from './timeline-messages'

export function QueueCards({ state }: { state: SimState }) {
  const t = useT(timelineMessages)
  const unackedOf = (queue: string) =>
    state.channels.flatMap((ch) => ch.unacked.filter((d) => d.queue === queue))
  return (
    <div className="tl-cards">
      <section aria-label={t('queues')}>
        <h3>{t('queues')}</h3>
        {state.queues.length === 0 && <p className="muted">{t('noQueues')}</p>}
        {state.queues.map((q) => {
          const unacked = unackedOf(q.name)
          return (
            <article
              key={`${q.vhost}/${q.name}`}
              className="tl-card"
              data-testid="queue-card"
              data-queue={q.name}
              data-ready={q.ready.length}
              data-unacked={unacked.length}
            >
              <header>
                <strong>{q.name}</strong>
                <span className="tl-count ready">
                  {t('ready')} {q.ready.length}
                </span>
                <span className={`tl-count unacked${unacked.length > 0 ? ' some' : ''}`}>
                  {t('unacked')} {unacked.length}
                </span>
              </header>
              <div className="tl-row">
                <span className="muted">{t('readyMessages')}:</span>
                {q.ready.length === 0 && <span className="muted">{t('none')}</span>}
                {q.ready.map((m) => (
                  <code
                    key={m.seq}
                    className={`chip${m.redelivered ? ' redelivered' : ''}`}
                    title={m.redelivered ? t('ev_redelivered') : undefined}
                  >
                    {m.id}
                    {m.redelivered ? ' ↻' : ''}
                  </code>
                ))}
              </div>
              {q.log && (
                <div className="tl-row" data-testid="stream-log">
                  <span className="muted">{t('streamLog')}:</span>
                  {q.log.length === 0 && <span className="muted">{t('none')}</span>}
                  {q.log.map((m) => (
                    <code key={m.seq} className="chip">
                      {m.id} @{m.streamOffset}
                    </code>
                  ))}
                </div>
              )}
              {q.held && q.held.length > 0 && (
                <div className="tl-row" data-testid="held-messages">
                  <span className="muted">{t('heldMessages')}:</span>
                  {q.held.map((m) => (
                    <code key={m.seq} className="chip">
                      {m.id}
                    </code>
                  ))}
                </div>
              )}
              <div className="tl-row">
                <span className="muted">{t('unackedMessages')}:</span>
                {unacked.length === 0 && <span className="muted">{t('none')}</span>}
                {unacked.map((d) => (
                  <code key={`${d.tag}:${d.consumer}`} className="chip held">
                    {d.message.id} → {d.consumer ?? t('getter')}
                  </code>
                ))}
              </div>
            </article>
          )
        })}
      </section>
      <section aria-label={t('consumers')}>
        <h3>{t('consumers')}</h3>
        {state.consumers.length === 0 && <p className="muted">{t('none')}</p>}
        {state.consumers.map((c) => {
          const held =
            state.channels.find((ch) => ch.id === c.channel)?.unacked.filter((d) => d.consumer === c.tag) ??
            []
          return (
            <article
              key={c.tag}
              className="tl-card"
              data-testid="consumer-card"
              data-consumer={c.tag}
              data-delivered={c.delivered.length}
              data-held={held.length}
            >
              <header>
                <strong>{c.tag}</strong>
                <span className="muted">
                  {c.queue} · {c.prefetch ? t('prefetch', { n: c.prefetch }) : t('unlimited')}
                </span>
              </header>
              <div className="tl-row">
                <span className="muted">
                  {t('delivered')} ({c.delivered.length}):
                </span>
                {c.delivered.map((id, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same id can be delivered twice
                  <code key={i} className="chip">
                    {id}
                  </code>
                ))}
              </div>
              <div className="tl-row">
                <span className="muted">{t('holds', { n: held.length })}</span>
              </div>
            </article>
          )
        })}
      </section>
    </div>
  )
}
