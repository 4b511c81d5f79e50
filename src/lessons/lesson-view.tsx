/** One lesson: its intro, the current step's text, its stepper, its topology and the step navigation. */
import { useMemo, useState } from 'react'
import { Presenter } from '../components/presenter/presenter'
import type { Lang } from '../i18n/language'
import { useT } from '../i18n/messages'
import type { Lesson } from './content-types'
import { lessonText } from './content-validate'
import { lessonsMessages } from './lessons-messages'
import type { PredictState } from './predict-panel'
import { InlineText, RichText } from './rich-text'
import { runStep } from './run-step'
import { StepSlide } from './step-slide'

export function LessonView({
  lesson,
  index,
  total,
  step,
  lang,
  onStep,
  onNextLesson,
}: {
  lesson: Lesson
  index: number
  total: number
  step: number
  lang: Lang
  onStep: (n: number) => void
  onNextLesson: (() => void) | null
}) {
  const t = useT(lessonsMessages)
  const text = lessonText(lesson, lang)
  const data = lesson.steps[step]
  const stepText = text.steps[step]
  // small scenarios: the engine runs on the main thread (pure function, well under a millisecond)
  const run = useMemo(() => (data ? runStep(data) : null), [data])
  const [presenting, setPresenting] = useState(false)
  const [predictions, setPredictions] = useState<Record<string, PredictState>>({})
  if (!data || !stepText) return null
  const last = step === lesson.steps.length - 1
  // the lesson's intro opens its first step, on the page and on the first slide
  const intro =
    step === 0 && text.intro.length > 0 ? (
      <div className="lesson-intro" data-testid="lesson-intro">
        <RichText blocks={text.intro} />
      </div>
    ) : null
  const body = (
    <StepSlide
      key={`${lesson.id}/${data.id}`}
      lessonId={lesson.id}
      step={data}
      text={stepText}
      run={run}
      lang={lang}
      predict={predictions[data.id]}
      onPredict={(p) => setPredictions((all) => ({ ...all, [data.id]: p }))}
      timelinePredict={predictions[`${data.id}:timeline`]}
      onTimelinePredict={(p) => setPredictions((all) => ({ ...all, [`${data.id}:timeline`]: p }))}
      analysisPredict={predictions[`${data.id}:analysis`]}
      onAnalysisPredict={(p) => setPredictions((all) => ({ ...all, [`${data.id}:analysis`]: p }))}
    />
  )
  if (presenting)
    return (
      <Presenter
        index={step}
        total={lesson.steps.length}
        onIndex={onStep}
        onClose={() => setPresenting(false)}
        heading={<InlineText text={text.title} />}
        labels={{
          region: t('presentRegion', { title: text.title.replace(/[`*_]/g, '') }),
          prev: t('prevStep'),
          next: t('nextStep'),
          close: t('presentClose'),
          position: `${step + 1} / ${lesson.steps.length}`,
          keys: t('presentKeys'),
        }}
      >
        <article
          className="lesson is-presented"
          data-testid="lesson"
          data-lesson={lesson.id}
          data-step={data.id}
        >
          {intro}
          {body}
        </article>
      </Presenter>
    )

  return (
    <article className="lesson" data-testid="lesson" data-lesson={lesson.id} data-step={data.id}>
      <header className="lesson-header">
        <p className="muted">{t('lessonOf', { n: index + 1, total })}</p>
        <h2 data-testid="lesson-title">
          <InlineText text={text.title} />
        </h2>
        {intro}
      </header>
      <nav className="step-tabs" aria-label={t('steps')}>
        {text.steps.map((s, n) => (
          <button
            type="button"
            key={s.id}
            aria-current={n === step ? 'step' : undefined}
            onClick={() => onStep(n)}
            data-testid={`step-tab-${s.id}`}
          >
            {n + 1}. <InlineText text={s.title} />
          </button>
        ))}
      </nav>
      <section className="lesson-step" aria-labelledby="step-title">
        <p className="muted">
          {t('stepOf', { n: step + 1, total: lesson.steps.length })}{' '}
          <button type="button" onClick={() => setPresenting(true)} data-testid="present-lesson">
            {t('present')}
          </button>
        </p>
        {body}
      </section>
      <footer className="step-nav">
        <button type="button" onClick={() => onStep(step - 1)} disabled={step === 0} data-testid="step-prev">
          {t('prevStep')}
        </button>
        {!last && (
          <button type="button" onClick={() => onStep(step + 1)} data-testid="step-next">
            {t('nextStep')}
          </button>
        )}
        {last && onNextLesson && (
          <button type="button" onClick={onNextLesson} data-testid="lesson-next">
            {t('nextLesson')}
          </button>
        )}
      </footer>
    </article>
  )
}
