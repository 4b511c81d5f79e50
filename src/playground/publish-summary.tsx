/**
 * The answer in one line, above the step-by-step why panel: the shown publish, then its target
 * queues as chips (data-queue, one copy each). Kept with the `route-result` test id and its
 * `data-queue` rows, which the e2e tests and docs/playground.md name as a contract.
 */
import type { PublishExplanation } from '../engine'
import { useT } from '../i18n/messages'
import { playgroundMessages } from './playground-messages'

export function PublishSummary({ publish }: { publish: PublishExplanation | null }) {
  const t = useT(playgroundMessages)
  if (!publish) return <p className="muted">{t('noPublish')}</p>
  const exchange = publish.exchange === '' ? t('summaryDefaultExchange') : publish.exchange
  return (
    <div className="publish-summary" data-testid="route-result" data-publish={publish.id}>
      <span>{t('summaryHead', { id: publish.id, key: publish.routingKeys[0] ?? '', exchange })}</span>
      {publish.queues.length ? (
        <>
          <ul className="queue-chips">
            {publish.queues.map((q) => (
              <li key={q.queue} data-queue={q.queue}>
                {q.queue}
              </li>
            ))}
          </ul>
          <span className="muted">{t('summaryCopies')}</span>
        </>
      ) : (
        <span className="bad">{t('noTargets')}</span>
      )}
    </div>
  )
}
