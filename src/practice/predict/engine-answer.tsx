/** The engine's answer to a routing question, with every fact of the route that led to it. */
import type { PublishExplanation, RunResult } from '../../engine'
import { useT } from '../../i18n/messages'
import type { RouteAnswer, StoryEnd } from '../answer'
import { routeFacts } from '../explain-model'
import FactsView from '../facts-view'
import { practiceMessages } from '../practice-messages'

export default function EngineAnswer({
  answer,
  publish,
  testId,
  refused = [],
  story,
}: {
  /** A story question's end: deliveries and the dead-letter reason, said before the route. */
  story?: StoryEnd
  answer: RouteAnswer
  publish: PublishExplanation
  testId: string
  /** The declarations and bindings the broker refused before the publish (RabbitMQ's own text). */
  refused?: RunResult['result']['errors']
}) {
  const t = useT(practiceMessages)
  return (
    <div className="practice-answer" data-testid={testId}>
      <p>
        <strong>{t('engineAnswer')}</strong>{' '}
        {answer.queues.length > 0
          ? t('answerQueues', { queues: answer.queues.join(', ') })
          : t(`outcome_${answer.outcome}` as 'outcome_routed')}
      </p>
      {story && (
        <p data-testid="answer-story">
          {t('answerStory', { n: story.deliveries })}{' '}
          {story.deadLettered ? (
            <>
              {t('answerStoryDead')} <code>{story.deadLettered}</code>
            </>
          ) : answer.queues.length === 0 ? (
            t('answerStoryDropped')
          ) : (
            t('answerStoryKept')
          )}
        </p>
      )}
      {refused.length > 0 && (
        <div data-testid="answer-refused">
          <p>{t('answerRefused')}</p>
          <ul>
            {refused.map((e) => (
              <li key={e.id}>
                <code>{`${e.code} ${e.text}`}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      <FactsView facts={routeFacts(publish)} testId="route-facts" />
    </div>
  )
}
