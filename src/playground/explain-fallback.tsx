/**
 * Stand-ins for the why panel and result table while src/explain has none (see explain-adapter.tsx):
 * a plain list of the evaluated bindings and a one-row-per-queue table.
 */
import type { OperationOutcome, PublishExplanation, RunResult } from '../engine'
import { useT } from '../i18n/messages'
import { fallbackMessages } from './fallback-messages'

export function FallbackWhy({
  publish,
}: {
  publish: PublishExplanation | null
  outcomes?: OperationOutcome[]
}) {
  const t = useT(fallbackMessages)
  if (!publish) return null
  return (
    <div className="why-fallback" data-testid="why-panel">
      {publish.hops.map((hop) => (
        <section key={hop.exchange}>
          <h3>
            {t('hop', {
              exchange: hop.exchange === '' ? t('defaultExchange') : hop.exchange,
              type: hop.type,
            })}
          </h3>
          <ul>
            {hop.evaluations.map((ev) => (
              <li key={ev.bindingId} className={ev.matched ? 'ok' : 'bad'}>
                {ev.matched ? '✓' : '✗'} {ev.destination} — {t('bindingKey', { key: ev.routingKey })}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {publish.outcome.kind === 'error' && (
        <p className="bad">{t('error', { code: publish.outcome.code, text: publish.outcome.text })}</p>
      )}
    </div>
  )
}

export function FallbackResult({ run }: { run: RunResult | null }) {
  const t = useT(fallbackMessages)
  if (!run) return null
  return (
    <table data-testid="result-table">
      <thead>
        <tr>
          <th scope="col">{t('queue')}</th>
          <th scope="col">{t('messages')}</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(run.result.queues).map(([q, ids]) => (
          <tr key={q} data-queue={q}>
            <th scope="row">{q}</th>
            <td>{ids.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
