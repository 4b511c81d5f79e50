/**
 * One question of a deck in test mode: the statement, the diagram in marking mode and the same marks
 * as checkboxes. No grading here — the deck grades everything at the end. In the presentation the
 * marks are read-only and `revealed` shows the engine's answer with its facts.
 */
import { lazy, Suspense, useMemo } from 'react'
import { WhenNear } from '../../components/when-near'
import type { DiagramMarks } from '../../diagram/overlay/diagram-marking'
import { useT } from '../../i18n/messages'
import { useTheme } from '../../store/theme'
import { answerOf, type Nowhere } from '../answer'
import { explainOnly } from '../engine-run'
import type { GeneratedQuestion } from '../generator/generate'
import { practiceMessages } from '../practice-messages'
import { headerLine } from '../predict/describe'
import EngineAnswer from '../predict/engine-answer'
import { GeneratedPrompt } from '../predict/generated-panel'
import QueueMarks from '../predict/queue-marks'
import type { DeckAnswer } from '../progress/progress-types'

const RouteDiagram = lazy(() => import('../../diagram/route-diagram'))

interface Props {
  q: GeneratedQuestion
  answer: DeckAnswer | null
  /** Absent in the presentation: the marks are then read-only. */
  onAnswer?: (a: DeckAnswer) => void
  revealed?: boolean
}

export default function DeckQuestion({ q, answer, onAnswer, revealed = false }: Props) {
  const t = useT(practiceMessages)
  const theme = useTheme((s) => s.theme)
  const { run, publish } = useMemo(() => explainOnly(q.scenario), [q])
  const right = useMemo(() => answerOf(publish), [publish])
  const shown = revealed && !onAnswer ? { queues: right.queues, nowhere: null } : answer
  const marks: DiagramMarks = {
    queues: new Set(shown?.queues ?? []),
    nowhere: shown?.nowhere ?? null,
    bindings: new Set(),
  }
  const set = (queues: Iterable<string>, nowhere: Nowhere | null) =>
    onAnswer?.({ queues: [...queues].sort(), nowhere })
  const toggle = (queue: string) => {
    const next = new Set(marks.queues)
    if (next.has(queue)) next.delete(queue)
    else next.add(queue)
    set(next, null)
  }

  return (
    <div className="predict-card deck-question" data-testid="deck-question" data-question={q.id}>
      <div className="practice-prompt">
        <GeneratedPrompt q={q} />
      </div>
      <div className="predict-body">
        <div className="practice-diagram">
          <WhenNear placeholder={<p className="loading">{t('loadingDiagram')}</p>}>
            <Suspense fallback={<p className="loading">{t('loadingDiagram')}</p>}>
              <RouteDiagram
                topology={run.topology}
                publish={publish}
                theme={theme}
                label={t('diagramLabel')}
                testId="practice-diagram"
                marking={{
                  marks,
                  revealed,
                  onChange: onAnswer ? (m) => set(m.queues, m.nowhere) : undefined,
                  producerLines: headerLine(q.scenario.publishes?.[0]?.headers),
                }}
              />
            </Suspense>
          </WhenNear>
        </div>
        {onAnswer && (
          <QueueMarks
            queues={q.candidates}
            picked={marks.queues}
            nowhere={marks.nowhere}
            onQueue={toggle}
            onNowhere={(n) => set([], n)}
          />
        )}
      </div>
      {revealed && <EngineAnswer answer={right} publish={publish} testId="deck-answer" />}
    </div>
  )
}
