/**
 * One exercise on its own page (`?view=practice&exercise=ID`). With `present=1` it becomes the
 * instructor view in the shared presenter shell: large type, no editor, no grading; step 1 the task,
 * step 2 the diagram or options, step 3 (or "Reveal") the answer. Esc leaves the presentation.
 * The instructor link opens in another tab of the same browser, so a reveal is recorded as "answer
 * shown" in this browser's progress: the learner's view cannot then count a right answer or a pass.
 */
import { useEffect, useState } from 'react'
import { Presenter } from '../components/presenter/presenter'
import { useLanguage } from '../i18n/language'
import { useT } from '../i18n/messages'
import { hrefFor, navigate, setParams } from '../store/url-route'
import CodePanel from './code/code-panel'
import { resolveExercise } from './exercise-registry'
import { randomSeed } from './generator/rng'
import HomeworkPage from './homework/homework-page'
import { practiceMessages } from './practice-messages'
import { GeneratedPrompt } from './predict/generated-panel'
import PredictCard from './predict/predict-card'
import { useProgress } from './progress/progress-store'
import QuestionCard from './questions/question-card'
import ShareLink from './share-link'

const LAST_STEP = 2

export default function ExerciseView({
  id,
  present,
  seed,
}: {
  id: string
  present: boolean
  seed: number | null
}) {
  const t = useT(practiceMessages)
  const lang = useLanguage((s) => s.lang)
  const resolved = resolveExercise(id)
  const [step, setStep] = useState(present ? 0 : LAST_STEP)
  const revealed = present && step >= LAST_STEP
  const answerShown = useProgress((s) => s.answerShown)
  // Homework has no answer to reveal; every other kind's answer is now on screen.
  const marks = revealed && !!resolved && resolved.kind !== 'homework'
  useEffect(() => {
    if (marks) answerShown(id)
  }, [marks, id, answerShown])

  // A question's option order comes from the seed in the address, so the link reproduces it.
  const needsSeed = resolved?.kind === 'question' && seed === null
  useEffect(() => {
    if (needsSeed) setParams({ seed: String(randomSeed()) })
  }, [needsSeed])

  if (!resolved)
    return (
      <p role="alert" className="panel" data-testid="exercise-unknown">
        {t('unknownExercise', { id })}
      </p>
    )
  const p = present ? { step, revealed } : undefined
  let body: React.ReactNode
  if (resolved.kind === 'predict')
    body = (
      <>
        <h2>{resolved.item.title[lang]}</h2>
        <PredictCard
          exerciseId={id}
          scenario={resolved.item.scenario}
          prompt={<p>{resolved.item.prompt[lang]}</p>}
          present={p}
        />
      </>
    )
  else if (resolved.kind === 'generated')
    body = (
      <>
        <h2>{t('generatedTitle')}</h2>
        <PredictCard
          exerciseId={id}
          scenario={resolved.item.scenario}
          prompt={<GeneratedPrompt q={resolved.item} />}
          present={p}
        />
      </>
    )
  else if (resolved.kind === 'question')
    body =
      seed === null ? null : (
        <QuestionCard
          key={seed}
          q={resolved.item}
          present={p}
          seed={seed ?? undefined}
          onSeed={(s) => setParams({ seed: String(s) })}
        />
      )
  else if (resolved.kind === 'code')
    body = (
      <CodePanel
        ex={resolved.item}
        present={p}
        onOpen={(other) => navigate('practice', { exercise: other })}
      />
    )
  else body = <HomeworkPage task={resolved.item} />

  const view = (
    <section
      className={`panel exercise-view${present ? ' present-mode' : ''}`}
      data-testid="exercise-view"
      data-step={step}
    >
      {!present && (
        <nav className="toolbar">
          <a href={hrefFor('practice')}>{t('allExercises')}</a>
          <ShareLink exerciseId={id} params={seed === null ? {} : { seed: String(seed) }} />
        </nav>
      )}
      {/* Question, code and homework cards title themselves with an h3: keep the outline h1 → h2 → h3. */}
      {resolved.kind !== 'predict' && resolved.kind !== 'generated' && (
        <h2 className="sr-only">{t('exerciseHeading')}</h2>
      )}
      {body}
      {marks && (
        <p className="muted" role="status" data-testid="present-shown">
          {t('shownHere')}
        </p>
      )}
    </section>
  )
  if (!present) return view
  return (
    <Presenter
      index={step}
      total={LAST_STEP + 1}
      onIndex={setStep}
      onClose={() => setParams({ present: null })}
      testId="exercise-presenter"
      labels={{
        region: t('presentRegion'),
        prev: t('stepBack'),
        next: t('stepNext'),
        close: t('presentClose'),
        position: t('stepOf', { n: step + 1, total: LAST_STEP + 1 }),
        keys: t('presentKeys'),
      }}
      actions={
        <button
          type="button"
          data-testid="present-reveal"
          aria-pressed={revealed}
          onClick={() => setStep(revealed ? LAST_STEP - 1 : LAST_STEP)}
        >
          {revealed ? t('hideAnswer') : t('reveal')}
        </button>
      }
    >
      {view}
    </Presenter>
  )
}
