/** The explanation as prose: publish, exchange path with every binding, deliveries, outcome. */
import type { PublishExplanation } from '../engine'
import type { ExplainT } from './explain-messages'
import {
  deliveryText,
  exchangeName,
  hopNotes,
  outcomeText,
  reachedByText,
  usedAlternate,
  viaText,
} from './explain-text'
import { HopBindings } from './hop-bindings'

export function WhyStory({ publish, t }: { publish: PublishExplanation; t: ExplainT }) {
  const p = publish
  return (
    <div className="why-story">
      {p.hops.length > 0 && <h4>{t('path')}</h4>}
      <ol className="why-hops">
        {p.hops.map((hop) => (
          <li key={hop.exchange} data-exchange={hop.exchange}>
            <p className="why-hop-title">
              <strong>{exchangeName(hop.exchange, t)}</strong>{' '}
              <span className="why-muted">{t('exchangeType', { type: hop.type })}</span> · {viaText(hop, t)}
            </p>
            {hop.exchange !== '' && <HopBindings evaluations={hop.evaluations} t={t} />}
            {hopNotes(hop, t).map((note, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes can repeat (same key twice via CC)
              <p key={i} className="why-note">
                {note}
              </p>
            ))}
          </li>
        ))}
      </ol>
      <h4>{t('deliveries')}</h4>
      {p.queues.length === 0 ? (
        <p>{t('noDeliveries')}</p>
      ) : (
        <ul className="why-deliveries">
          {p.queues.map((d) => (
            <li key={d.queue} data-queue={d.queue} data-copies-merged={d.reachedBy.length > 1 || undefined}>
              {deliveryText(d, p, t)}
              {d.reachedBy.length > 1 && (
                <ul>
                  {d.reachedBy.map((by) => (
                    <li key={`${by.exchange}\u0000${by.bindingId}`}>{reachedByText(by, d.queue, p, t)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className={`why-outcome why-outcome-${p.outcome.kind}`} data-outcome={p.outcome.kind}>
        {outcomeText(p.outcome, p.queues.length, t, usedAlternate(p))}
      </p>
    </div>
  )
}
