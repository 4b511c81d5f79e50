/**
 * The step's topology as the live routing diagram. While the learner predicts, only the topology is
 * drawn and clicking a queue marks it; after the answer the message's path is drawn.
 */
import { lazy, Suspense } from 'react'
import type { PublishExplanation, RunResult } from '../engine'
import { useT } from '../i18n/messages'
import { useTheme } from '../store/theme'
import { lessonsMessages } from './lessons-messages'

const DiagramPane = lazy(() => import('../diagram/diagram-pane'))

export function LessonDiagram({
  run,
  publish,
  showPath,
  onQueue,
}: {
  run: RunResult
  /** The message of the step (asked about, or picked after the answer). */
  publish: PublishExplanation | null
  /** Draw the message's path (after the answer, or in a step without a question). */
  showPath: boolean
  /** While predicting: a queue node was clicked. */
  onQueue?: (queue: string) => void
}) {
  const t = useT(lessonsMessages)
  const theme = useTheme((s) => s.theme)
  return (
    <div
      className="lesson-diagram"
      data-testid="lesson-diagram"
      data-path={showPath && publish ? publish.id : ''}
    >
      <Suspense fallback={<p className="loading">{t('loadingDiagram')}</p>}>
        <DiagramPane
          topology={run.topology}
          publish={showPath ? publish : null}
          theme={theme}
          showDefaultExchange={publish?.exchange === ''}
          focus="all"
          onNodeClick={onQueue ? (e) => e.kind === 'queue' && onQueue(e.name) : undefined}
        />
      </Suspense>
    </div>
  )
}
