/**
 * One line about the shown publish plus its target queues (data-queue, one copy each). Kept with the
 * `route-result` test id the shell's e2e test reads.
 */
import type { PublishExplanation } from '../engine'
import { useT } from '../i18n/messages'
import { playgroundMessages } from './playground-messages'

export function PublishSummary({ publish }: { publish: PublishExplanation | null }) {
  const t = useT(playgroundMessages)
  if (!publish) return <p className="muted">{t('noPublish')}</p>
  return (
    <div className="publish-summary" data-testid="route-result" data-publish={publish.id}>
      <p>{t('published', { key: publish.routingKeys[0] ?? '', exchange: publish.exchange })}</p>
      {publish.queues.length ? (
        <>
          <p>{t('targets')}</p>
          <ul>
            {publish.queues.map((q) => (
              <li key={q.queue} data-queue={q.queue}>
                {q.queue}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('noTargets')}</p>
      )}
    </div>
  )
}
