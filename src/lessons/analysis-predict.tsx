/**
 * The predict-first moment of a question about every message: the learner says whether each
 * `expect` line holds, or which queues gain or lose messages in a change; then the analysis's answer
 * — each requirement's verdict with its shortest counter-example, each gained or lost destination
 * with its witness and both routes, the changes of copies, and the lint findings the step names.
 * Everything shown comes from src/engine/analysis (analysis-step.ts); nothing here routes.
 */
import { useEffect, useMemo, useRef } from 'react'
import { scrollToAnswer } from '../components/presenter/presenter'
import type { Lang } from '../i18n/language'
import { useT } from '../i18n/messages'
import { type AnalysisAnswer, canCheck, isRight, rightMarks, toggleMark } from './analysis-step'
import { lessonsMessages } from './lessons-messages'
import type { PredictState } from './predict-panel'

const show = (s: string) => (s === '' ? '""' : s)
type T = ReturnType<typeof useT<keyof (typeof lessonsMessages)['en']>>

/** The marks of an analysis question live in `marks.queues` (as `req-0:holds`, `gain:audit` …). */
function judgeAnalysis(answer: AnalysisAnswer, p: PredictState): PredictState {
  const marks = p.marks.queues
  const want = new Set(rightMarks(answer))
  const right = isRight(answer, marks)
  return {
    ...p,
    verdict: {
      right,
      hit: [...marks].filter((m) => want.has(m)),
      extra: [...marks].filter((m) => !want.has(m)),
      missed: [...want].filter((m) => !marks.has(m)),
    },
    revealed: right,
  }
}

export function AnalysisPredict({
  answer,
  state,
  lang,
  onChange,
}: {
  answer: AnalysisAnswer
  state: PredictState
  lang: Lang
  onChange: (p: PredictState) => void
}) {
  const t = useT(lessonsMessages)
  const box = useRef<HTMLDivElement>(null)
  const { revealed, verdict } = state
  const marks = state.marks.queues
  useEffect(() => {
    if (revealed) scrollToAnswer(box.current)
  }, [revealed])
  const want = useMemo(() => new Set(rightMarks(answer)), [answer])
  const toggle = (m: string) =>
    onChange({ ...state, marks: { ...state.marks, queues: toggleMark(marks, m) } })
  const judged = (m: string) => {
    if (!revealed) return undefined
    if (want.has(m)) return marks.has(m) ? 'is-right' : 'is-missed'
    return marks.has(m) ? 'is-wrong' : undefined
  }
  const mark = (m: string, label: string) => (
    <button
      type="button"
      aria-pressed={marks.has(m)}
      onClick={() => toggle(m)}
      data-testid={`mark-${m.replace(':', '-')}`}
      className={judged(m)}
    >
      {label}
    </button>
  )

  return (
    <section
      className={`predict analysis-predict${revealed ? ' is-revealed' : ''}`}
      data-testid="analysis-predict"
      data-kind={answer.kind}
      aria-label={t('predictTitle')}
    >
      <p className="predict-question">
        <strong>{t('predictTitle')}</strong> {t(answer.kind === 'check' ? 'askCheck' : 'askDiff')}
      </p>
      <fieldset className="predict-marks analysis-marks" disabled={revealed}>
        <legend>{t(answer.kind === 'check' ? 'markCheck' : 'markDiff')}</legend>
        {answer.kind === 'check'
          ? answer.requirements.map((r, n) => (
              <div className="analysis-row" key={r.text} data-requirement={n}>
                <code>{r.text}</code>
                <span className="analysis-choices">
                  {mark(`req-${n}:holds`, t('holds'))}
                  {mark(`req-${n}:fails`, t('fails'))}
                </span>
              </div>
            ))
          : answer.destinations.map((d) => (
              <div className="analysis-row" key={d} data-destination={d}>
                <code>{d}</code>
                <span className="analysis-choices">
                  {mark(`gain:${d}`, t('gains'))}
                  {mark(`lose:${d}`, t('loses'))}
                </span>
              </div>
            ))}
      </fieldset>
      {!revealed && (
        <div className="predict-actions">
          <button
            type="button"
            onClick={() => onChange(judgeAnalysis(answer, state))}
            disabled={!canCheck(answer, marks)}
            data-testid="predict-check"
          >
            {t('check')}
          </button>
          <button
            type="button"
            onClick={() => onChange({ ...state, revealed: true })}
            data-testid="predict-reveal"
          >
            {t('showAnswer')}
          </button>
        </div>
      )}
      <div ref={box} className="predict-feedback" aria-live="polite" data-testid="predict-feedback">
        {verdict && !verdict.right && !revealed && (
          <p className="predict-wrong" data-verdict="wrong">
            {t('wrong')} {t('wrongAnalysis', { n: verdict.extra.length + verdict.missed.length })}
          </p>
        )}
        {revealed && (
          <>
            {verdict?.right ? (
              <p className="predict-right" data-verdict="right">
                {t('rightAnalysis')}
              </p>
            ) : (
              <p className="muted" data-verdict={verdict ? 'wrong' : 'skipped'}>
                {verdict ? t('revealedAfterWrong') : t('revealedSkipped')}
              </p>
            )}
            <AnalysisAnswerView answer={answer} lang={lang} t={t} />
          </>
        )}
      </div>
    </section>
  )
}

const queueList = (qs: readonly string[], t: T) => (qs.length ? qs.join(', ') : t('noQueue'))

function AnalysisAnswerView({ answer, lang, t }: { answer: AnalysisAnswer; lang: Lang; t: T }) {
  return (
    <div className="analysis-answer" data-testid="analysis-answer">
      {answer.kind === 'check' ? (
        <ul className="analysis-results">
          {answer.requirements.map((r) => (
            <li key={r.text} data-holds={String(r.holds)} className={r.holds ? 'ok' : 'bad'}>
              <span className="analysis-verdict">{r.holds ? `✓ ${t('holds')}` : `✗ ${t('fails')}`}</span>{' '}
              <code>{r.text}</code>
              {r.counterexample && (
                <span className="analysis-witness" data-testid="analysis-witness">
                  {t('counterexample')} <code>{show(r.counterexample.routing_key)}</code> →{' '}
                  {queueList(r.counterexample.reached, t)}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <>
          {answer.diff.changes.length === 0 ? (
            <p data-testid="diff-none">{t('diffNone')}</p>
          ) : (
            <ul className="analysis-results">
              {answer.diff.changes.map((c) => (
                <li
                  key={`${c.change}:${c.exchange}:${c.destination}`}
                  data-change={c.change}
                  data-destination={c.destination}
                  className={c.change === 'gained' ? 'ok' : 'bad'}
                >
                  <span className="analysis-verdict">
                    {c.change === 'gained' ? '+' : '−'} <code>{c.destination}</code>{' '}
                    {t(c.change === 'gained' ? 'gained' : 'lost')}
                  </span>{' '}
                  <span className="analysis-witness" data-testid="analysis-witness">
                    {t('forExample')} <code>{show(c.witness.routing_key)}</code>
                  </span>{' '}
                  <span className="analysis-sides">
                    {t('beforeAfter', {
                      before: queueList(c.before.queues, t),
                      after: queueList(c.after.queues, t),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {answer.diff.copies.length > 0 && (
            <ul className="analysis-results" data-testid="diff-copies">
              {answer.diff.copies.map((c) => (
                <li key={`${c.exchange}:${c.witness.routing_key}`}>
                  <code>{show(c.witness.routing_key)}</code>{' '}
                  {t('copiesChange', { before: c.copies_before, after: c.copies_after })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {answer.findings.length > 0 && (
        <ul className="analysis-results" data-testid="analysis-findings">
          {answer.findings.map((f) => (
            <li key={`${f.rule}:${f.subject.binding?.id ?? f.subject.name}`} data-rule={f.rule}>
              <code>{f.rule}</code> {lang === 'zh-CN' ? f.message.zh : f.message.en}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
