/**
 * The step's topology as the live routing diagram (src/diagram's RouteDiagram). While the learner
 * predicts it is in marking mode: only the message's entry is drawn, a click on a queue or on
 * "nowhere" marks it. Once answered, the same marks are judged on the diagram (right, wrong, missed);
 * picking another message draws that message's path.
 */
import { Suspense } from 'react'
import { lazyPart } from '../components/lazy-part'
import { WhenNear } from '../components/when-near'
import type { DiagramMarks } from '../diagram/overlay/diagram-marking'
import type { PublishExplanation, RunResult } from '../engine'
import { useT } from '../i18n/messages'
import { useTheme } from '../store/theme'
import { lessonsMessages } from './lessons-messages'

const RouteDiagram = lazyPart(() => import('../diagram/route-diagram'))

export function LessonDiagram({
  run,
  publish,
  marking,
}: {
  run: RunResult
  /** The message drawn: the one asked about, or the one picked after the answer. */
  publish: PublishExplanation | null
  /** The learner's marks on the asked message (absent: the path is drawn). */
  marking?: { marks: DiagramMarks; revealed: boolean; onChange?: (m: DiagramMarks) => void }
}) {
  const t = useT(lessonsMessages)
  const theme = useTheme((s) => s.theme)
  return (
    <div
      className="lesson-diagram"
      data-testid="lesson-diagram"
      data-path={publish && (!marking || marking.revealed) ? publish.id : ''}
    >
      <WhenNear placeholder={<p className="loading">{t('loadingDiagram')}</p>}>
        <Suspense fallback={<p className="loading">{t('loadingDiagram')}</p>}>
          {publish || run.topology ? (
            <RouteDiagram
              topology={run.topology}
              publish={publish}
              theme={theme}
              label={t('diagramLabel')}
              focus="all"
              showDefaultExchange={publish?.exchange === ''}
              {...(marking ? { marking: { ...marking, nowhere: true } } : {})}
            />
          ) : null}
        </Suspense>
      </WhenNear>
    </div>
  )
}
