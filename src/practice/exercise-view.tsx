/**
 * One exercise on its own page (`?view=practice&exercise=ID`). With `present=1` it becomes the
 * instructor view: large type, no editor, no grading, answers hidden until the reveal control;
 * → / Space / PageDown step forward (the last step reveals), ← / PageUp step back.
 */
import { useCallback, useEffect, useState } from 'react'
import { useLanguage } from '../i18n/language'
import { useT } from '../i18n/messages'
import { navigate, setParams } from '../store/url-route'
import CodePanel from './code/code-panel'
import { resolveExercise } from './exercise-registry'
import { randomSeed } from './generator/rng'
import HomeworkPage from './homework/homework-page'
import { practiceMessages } from './practice-messages'
import { GeneratedPrompt } from './predict/generated-panel'
import PredictCard from './predict/predict-card'
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

  const go = useCallback((d: 1 | -1) => setStep((s) => Math.max(0, Math.min(LAST_STEP, s + d))), [])
  // A question's option order comes from the seed in the address, so the link reproduces it.
  const needsSeed = resolved?.kind === 'question' && seed === null
  useEffect(() => {
    if (needsSeed) setParams({ seed: String(randomSeed()) })
  }, [needsSeed])
  useEffect(() => {
    if (!present) return
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null
      if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return
      if (e.key === 'ArrowRight' || e.key === 'PageDown' || e.key === ' ') {
        e.preventDefault()
        go(1)
      } else if (e.key === 'ArrowLeft' || e.key === 'PageUp') {
        e.preventDefault()
        go(-1)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [present, go])

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

  return (
    <section
      className={`panel exercise-view${present ? ' present-mode' : ''}`}
      data-testid="exercise-view"
      data-step={step}
    >
      <nav className="toolbar">
        <a href="?view=practice">{t('allExercises')}</a>
        {!present && <ShareLink exerciseId={id} params={seed === null ? {} : { seed: String(seed) }} />}
      </nav>
      {body}
      {present && (
        <div className="present-controls" data-testid="present-controls">
          <button type="button" onClick={() => go(-1)} disabled={step === 0}>
            {t('stepBack')}
          </button>
          <span data-testid="present-step">{t('stepOf', { n: step + 1, total: LAST_STEP + 1 })}</span>
          <button type="button" onClick={() => go(1)} disabled={step === LAST_STEP}>
            {t('stepNext')}
          </button>
          <button
            type="button"
            data-testid="present-reveal"
            aria-pressed={revealed}
            onClick={() => setStep(revealed ? LAST_STEP - 1 : LAST_STEP)}
          >
            {revealed ? t('hideAnswer') : t('reveal')}
          </button>
          <span className="muted">{t('presentKeys')}</span>
        </div>
      )}
    </section>
  )
}
