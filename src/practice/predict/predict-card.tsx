/**
 * "Predict the path": the learner marks receiving queues (diagram click or checkbox) or picks a
 * "nowhere" outcome, then checks. The engine answers; a wrong guess shows the facts that separate it
 * from the right answer, and the full explanation is shown once solved or revealed.
 */
import { type ReactNode, Suspense, useMemo, useState } from 'react'
import { lazyPart } from '../../components/lazy-part'
import { WhenNear } from '../../components/when-near'
import type { DiagramMarks } from '../../diagram/overlay/diagram-marking'
import type { Scenario } from '../../engine'
import { useT } from '../../i18n/messages'
import { useTheme } from '../../store/theme'
import { answerOf, type Grade, gradeRoute, type Nowhere, storyAnswer } from '../answer'
import { type BindingGrade, bindingText, evaluationOf, gradeBindings } from '../binding-marks'
import { explainOnly } from '../engine-run'
import { bindingFact, type Fact, separatingFacts } from '../explain-model'
import FactsView from '../facts-view'
import { parseQuestionId } from '../generator/generate'
import { practiceMessages } from '../practice-messages'
import { useProgress } from '../progress/progress-store'
import { bindingIdsOf } from './binding-ids'
import { headerLine } from './describe'
import EngineAnswer from './engine-answer'
import QueueMarks from './queue-marks'

const RouteDiagram = lazyPart(() => import('../../diagram/route-diagram'))

export interface PredictCardProps {
  exerciseId: string
  scenario: Scenario
  prompt: ReactNode
  /** Instructor view: no grading; the answer stays hidden until `revealed`. */
  present?: { step: number; revealed: boolean }
}

export default function PredictCard({ exerciseId, scenario, prompt, present }: PredictCardProps) {
  const t = useT(practiceMessages)
  const theme = useTheme((s) => s.theme)
  const record = useProgress((s) => s.record)
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
  const [nowhere, setNowhere] = useState<Nowhere | null>(null)
  const [grade, setGrade] = useState<Grade | null>(null)
  const [pickedBindings, setPickedBindings] = useState<ReadonlySet<number>>(new Set())
  const [bindingGrade, setBindingGrade] = useState<BindingGrade | null>(null)
  const [revealedSelf, setRevealedSelf] = useState(false)
  // A right answer counts only when progress says so (not after an answer shown in this browser).
  const counted = useProgress((s) => s.progress.entries[exerciseId]?.status === 'correct')
  const engine = useMemo(() => {
    try {
      return { ok: true as const, ...explainOnly(scenario) }
    } catch (err) {
      return { ok: false as const, error: err instanceof Error ? err.message : String(err) }
    }
  }, [scenario])
  const queues = (scenario.queues ?? []).map((q) => q.name)
  const revealed = present ? present.revealed : revealedSelf || grade?.correct === true
  // a story question (generated, e.g. delivery limits): the answer is where the story leaves m
  const storyEnd = useMemo(() => {
    const story = parseQuestionId(exerciseId)?.story
    return story ? storyAnswer(story.script) : null
  }, [exerciseId])
  const answer = engine.ok ? (storyEnd?.answer ?? answerOf(engine.publish)) : null
  const answerSet = useMemo(() => (revealed && answer ? new Set(answer.queues) : null), [revealed, answer])
  const bindingIds = useMemo(
    () => (engine.ok ? bindingIdsOf(scenario, engine.run.topology) : []),
    [engine, scenario],
  )

  if (!engine.ok) return <p role="alert">{t('engineError', { error: engine.error })}</p>

  const toggle = (queue: string) => {
    if (revealed) return
    setNowhere(null)
    setGrade(null)
    const next = new Set(picked)
    if (next.has(queue)) next.delete(queue)
    else next.add(queue)
    setPicked(next)
  }
  const toggleBinding = (index: number) => {
    if (revealed) return
    setGrade(null)
    const next = new Set(pickedBindings)
    if (next.has(index)) next.delete(index)
    else next.add(index)
    setPickedBindings(next)
  }
  const check = () => {
    if (!answer) return
    const g = gradeRoute(answer, { queues: [...picked], nowhere })
    // Binding marks are optional: graded only when the learner marked at least one.
    const bg = pickedBindings.size > 0 ? gradeBindings(scenario, engine.publish, pickedBindings) : null
    const correct = g.correct && (!bg || bg.extra.length + bg.missing.length === 0)
    setGrade({ ...g, correct })
    setBindingGrade(bg)
    record(exerciseId, {
      status: correct ? 'correct' : 'wrong',
      score: g.score + (bg?.score ?? 0),
      maxScore: g.maxScore + (bg?.max ?? 0),
    })
  }
  // The diagram speaks in engine binding ids; grading in scenario indexes.
  const shownQueues = present && answerSet ? answerSet : picked
  const marks: DiagramMarks = {
    queues: shownQueues,
    nowhere,
    bindings: new Set([...pickedBindings].map((i) => bindingIds[i]).filter((id): id is string => !!id)),
  }
  const onMarks = (m: DiagramMarks) => {
    if (revealed) return
    setGrade(null)
    setPicked(m.queues)
    setNowhere(m.nowhere)
    const indexes = bindingIds.flatMap((id, i) => (id && m.bindings.has(id) ? [i] : []))
    setPickedBindings(new Set(indexes))
  }
  const bindingFacts = (bg: BindingGrade): Fact[] =>
    [...bg.extra, ...bg.missing].map((i) => {
      const ev = evaluationOf(scenario, engine.publish, i)
      const b = scenario.bindings?.[i]
      return ev
        ? bindingFact(ev, engine.publish.routingKeys[0] ?? '')
        : { kind: 'unvisited', binding: b ? bindingText(b) : String(i), exchange: b?.source ?? '' }
    })
  const reveal = () => {
    setRevealedSelf(true)
    record(exerciseId, { status: 'revealed' })
  }
  const showBody = !present || present.step >= 1

  return (
    <div className="predict-card" data-testid="predict-card">
      <div className="practice-prompt">{prompt}</div>
      {!present && <p className="practice-rules">{t('predictRules')}</p>}
      {showBody && (
        <div className="predict-body">
          <div className="practice-diagram">
            <WhenNear placeholder={<p className="loading">{t('loadingDiagram')}</p>}>
              <Suspense fallback={<p className="loading">{t('loadingDiagram')}</p>}>
                <RouteDiagram
                  topology={engine.run.topology}
                  publish={engine.publish}
                  theme={theme}
                  label={t('diagramLabel')}
                  testId="practice-diagram"
                  marking={{
                    marks,
                    // the diagram judges marks by routing; a story's answer is its end, said below
                    revealed: revealed && !storyEnd,
                    bindings: (scenario.bindings?.length ?? 0) > 0,
                    onChange: present ? undefined : onMarks,
                    producerLines: headerLine(scenario.publishes?.[0]?.headers),
                  }}
                />
              </Suspense>
            </WhenNear>
          </div>
          {!present && (
            <QueueMarks
              queues={queues}
              picked={picked}
              nowhere={nowhere}
              onQueue={toggle}
              onNowhere={(n) => {
                setGrade(null)
                setPicked(new Set())
                setNowhere(n)
              }}
              disabled={revealed}
            >
              {(scenario.bindings?.length ?? 0) > 0 && (
                <fieldset className="binding-marks">
                  <legend>{t('markBindings')}</legend>
                  {(scenario.bindings ?? []).map((b, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: bindings are identified by position
                    <label key={i} className="mark">
                      <input
                        type="checkbox"
                        data-testid={`mark-binding-${i}`}
                        checked={pickedBindings.has(i)}
                        onChange={() => toggleBinding(i)}
                      />
                      <code>{bindingText(b)}</code>
                    </label>
                  ))}
                </fieldset>
              )}
              <div className="actions">
                <button type="button" data-testid="predict-check" onClick={check}>
                  {t('check')}
                </button>
                <button type="button" data-testid="predict-reveal" onClick={reveal}>
                  {t('showAnswer')}
                </button>
              </div>
            </QueueMarks>
          )}
        </div>
      )}
      {grade && !present && (
        <div
          className={`practice-result ${grade.correct ? 'ok' : 'bad'}`}
          data-testid="predict-result"
          data-correct={grade.correct}
          data-counted={grade.correct && counted}
          role="status"
        >
          <strong>{t(grade.correct ? 'right' : 'notQuite')}</strong>{' '}
          {grade.correct && !counted && (
            <span data-testid="predict-not-counted">{t('rightNotCounted')} </span>
          )}
          {t('score', { score: grade.score, max: grade.maxScore })}{' '}
          {bindingGrade && t('bindingScore', { score: bindingGrade.score, max: bindingGrade.max })}
          {!grade.correct && !revealed && !storyEnd && (
            <>
              <p>{t('separatingIntro')}</p>
              <FactsView
                facts={[
                  ...separatingFacts(scenario, engine.publish, grade),
                  ...(bindingGrade ? bindingFacts(bindingGrade) : []),
                ]}
                testId="separating-facts"
              />
            </>
          )}
        </div>
      )}
      {revealed && answer && (
        <EngineAnswer
          answer={answer}
          publish={engine.publish}
          refused={engine.run.result.errors}
          {...(storyEnd ? { story: storyEnd } : {})}
          testId="predict-answer"
        />
      )}
    </div>
  )
}
