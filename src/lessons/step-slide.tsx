/**
 * One lesson step, as a page section or a presented slide: the setup text, the topology as the live
 * diagram, the predict-first moment, then (after the answer or a skip) the text that explains the
 * outcome, every message's result, the step's stepper and its timeline.
 */
import { useMemo, useState } from 'react'
import type { RunResult } from '../engine'
import type { Lang } from '../i18n/language'
import { useT } from '../i18n/messages'
import { AnalysisPredict } from './analysis-predict'
import { analyzeStep, witnessRun } from './analysis-step'
import type { LessonStep, StepText } from './content-types'
import { LessonDiagram } from './lesson-diagram'
import { lessonsMessages } from './lessons-messages'
import { PredictPanel, type PredictState } from './predict-panel'
import { judge, type Marks, NO_MARKS, queueKeys } from './prediction'
import { PublishPicker } from './publish-picker'
import { InlineText, RichText } from './rich-text'
import { RunLines, StepRun } from './step-run'
import { StepTimeline } from './step-timeline'
import { StepWidget } from './step-widget'
import './step-slide.css'

const FRESH: PredictState = { marks: NO_MARKS, verdict: null, revealed: false }

export function StepSlide({
  lessonId,
  step,
  text,
  run,
  lang,
  predict = FRESH,
  onPredict,
  timelinePredict = FRESH,
  onTimelinePredict,
  analysisPredict = FRESH,
  onAnalysisPredict,
}: {
  lessonId: string
  step: LessonStep
  text: StepText
  run: RunResult | null
  lang: Lang
  /** The learner's prediction for this step, kept by the lesson so it survives presenting and going back. */
  predict?: PredictState
  onPredict: (p: PredictState) => void
  timelinePredict?: PredictState
  onTimelinePredict: (p: PredictState) => void
  /** A question about every message (step.analysis): its marks and verdict. */
  analysisPredict?: PredictState
  onAnalysisPredict: (p: PredictState) => void
}) {
  const t = useT(lessonsMessages)
  const asked = run?.publishes.find((p) => p.id === step.ask) ?? null
  const setPredict = onPredict
  const open = !asked || predict.revealed
  // the text after the --- line waits for every question of the step
  // the analysis of a lesson topology takes milliseconds: computed here, as the run is
  const analysis = useMemo(() => analyzeStep(step), [step])
  const answered =
    open && (!step.timeline?.ask || timelinePredict.revealed) && (!analysis || analysisPredict.revealed)
  // after the answer, a step without messages of its own draws the analysis's witnesses
  const witnesses = useMemo(
    () => (analysis && run && run.publishes.length === 0 ? witnessRun(step, analysis) : null),
    [analysis, run, step],
  )
  const [witnessShown, setWitnessShown] = useState(0)
  // after the answer the learner may follow any message of the step on the diagram
  const [shownId, setShownId] = useState<string | null>(null)
  const shown = run?.publishes.find((p) => p.id === (shownId ?? step.ask)) ?? run?.publishes[0] ?? null
  // several vhosts: every queue is offered with its vhost, since a name alone is ambiguous
  const qualified = (run?.topology.vhosts.length ?? 0) > 1
  const queues = useMemo(
    () => (run ? run.topology.queues.map((q) => (qualified ? `${q.vhost}/${q.name}` : q.name)) : []),
    [run, qualified],
  )
  const check = () => {
    if (!asked) return
    const verdict = judge(predict.marks, asked, qualified)
    setPredict({ ...predict, verdict, revealed: verdict.right })
  }
  // the diagram draws the asked message's vhost with plain names; the marks may be VHOST/NAME
  const prefix = qualified && asked ? `${asked.vhost}/` : ''
  const onDiagram: Marks = {
    ...predict.marks,
    queues: new Set(
      [...predict.marks.queues].filter((q) => q.startsWith(prefix)).map((q) => q.slice(prefix.length)),
    ),
  }
  const fromDiagram = (m: Marks): Marks => ({
    ...m,
    queues: new Set([
      ...[...predict.marks.queues].filter((q) => prefix !== '' && !q.startsWith(prefix)),
      ...[...m.queues].map((q) => prefix + q),
    ]),
  })
  // the asked message keeps its judged marks on the diagram; another picked message shows its path
  const marking =
    asked && (!open || shown?.id === asked.id)
      ? {
          marks: onDiagram,
          revealed: open,
          ...(open ? {} : { onChange: (m: Marks) => setPredict({ ...predict, marks: fromDiagram(m) }) }),
        }
      : undefined

  return (
    <div className="step-slide" data-testid="step-slide" data-revealed={answered ? 'true' : 'false'}>
      <h3 id="step-title" data-testid="step-title">
        <InlineText text={text.title} />
      </h3>
      <div className="step-text" data-testid="step-text">
        <RichText blocks={text.blocks} />
      </div>
      {run && (
        <div className="step-stage">
          {/* until every question of the step is answered, no path but the asked one (a timeline
              question is answered by the path: only the topology is drawn) */}
          {answered && witnesses ? (
            <LessonDiagram run={witnesses} publish={witnesses.publishes[witnessShown] ?? null} />
          ) : (
            <LessonDiagram run={run} publish={answered ? shown : asked} {...(marking ? { marking } : {})} />
          )}
          {asked && (
            <PredictPanel
              publish={asked}
              queues={queues}
              wanted={queueKeys(asked, qualified)}
              state={predict}
              onMarks={(marks) => setPredict({ ...predict, marks })}
              onCheck={check}
              onReveal={() => setPredict({ ...predict, revealed: true })}
            />
          )}
          {analysis && open && (
            <AnalysisPredict
              answer={analysis}
              state={analysisPredict}
              lang={lang}
              onChange={onAnalysisPredict}
            />
          )}
        </div>
      )}
      {answered && (
        <div className="step-after" data-testid="step-after">
          {text.after.length > 0 && (
            <div className="step-text">
              <RichText blocks={text.after} />
            </div>
          )}
          {run && run.publishes.length > 1 && (
            <PublishPicker
              publishes={run.publishes}
              selected={Math.max(0, run.publishes.indexOf(shown as never))}
              onSelect={(n) => setShownId(run.publishes[n]?.id ?? null)}
              testId="path"
              legend={t('pathOf')}
            />
          )}
          {witnesses && witnesses.publishes.length > 1 && (
            <PublishPicker
              publishes={witnesses.publishes}
              selected={witnessShown}
              onSelect={setWitnessShown}
              testId="witness"
              legend={t('pathOf')}
            />
          )}
          {run && run.publishes.length > 0 && <RunLines run={run} />}
          {step.widget && (
            <StepWidget key={`widget:${lessonId}/${step.id}`} widget={step.widget} run={run} ask={step.ask} />
          )}
        </div>
      )}
      {step.timeline && open && (
        <StepTimeline
          script={step.timeline.script}
          {...(step.timeline.profiles ? { profiles: step.timeline.profiles } : {})}
          file={step.timeline.file}
          lang={lang}
          question={step.timeline.ask}
          predict={timelinePredict}
          onPredict={onTimelinePredict}
        />
      )}
      {run && <StepRun step={step} />}
      {!run && !step.timeline && <p className="muted">{t('noTopology')}</p>}
    </div>
  )
}
