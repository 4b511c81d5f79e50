/**
 * The predict-first moment of a timeline step: before the story plays, the learner marks the
 * consumers a message will be delivered to, or writes a queue's ready / unacked counts at the end.
 */
import { useEffect, useRef } from 'react'
import { scrollToAnswer } from '../components/presenter/presenter'
import type { TimelineRun } from '../engine'
import { useT } from '../i18n/messages'
import { lessonsMessages } from './lessons-messages'
import type { PredictState } from './predict-panel'
import { type Marks, toggleQueue } from './prediction'
import { consumersOf, deliveredTo, finalState, queueCounts, type TimelineQuestion } from './timeline-question'

/** Right or wrong, from the engine's frames. */
export function judgeTimeline(q: TimelineQuestion, run: TimelineRun, p: PredictState): boolean {
  if (q.kind === 'deliveries') {
    const want = deliveredTo(run, q.message)
    return want.length === p.marks.queues.size && want.every((c) => p.marks.queues.has(c))
  }
  const want = queueCounts(finalState(run), q.queue)
  return Number(p.counts?.ready) === want.ready && Number(p.counts?.unacked) === want.unacked
}

function canCheck(q: TimelineQuestion, p: PredictState): boolean {
  if (q.kind === 'deliveries') return p.marks.queues.size > 0
  return /^\d+$/.test(p.counts?.ready ?? '') && /^\d+$/.test(p.counts?.unacked ?? '')
}

export function TimelinePredict({
  question,
  run,
  state,
  onChange,
  onCheck,
  onReveal,
}: {
  question: TimelineQuestion
  run: TimelineRun
  state: PredictState
  onChange: (p: PredictState) => void
  onCheck: () => void
  onReveal: () => void
}) {
  const t = useT(lessonsMessages)
  const answer = useRef<HTMLDivElement>(null)
  const { revealed, verdict } = state
  useEffect(() => {
    if (revealed) scrollToAnswer(answer.current)
  }, [revealed])
  const counts = state.counts ?? { ready: '', unacked: '' }
  const setCount = (k: 'ready' | 'unacked', v: string) =>
    onChange({ ...state, counts: { ...counts, [k]: v } })
  const want =
    question.kind === 'deliveries'
      ? t('answerDeliveries', {
          id: question.message,
          list: deliveredTo(run, question.message).join(', ') || t('nobody'),
        })
      : t('answerCounts', { queue: question.queue, ...queueCounts(finalState(run), question.queue) })

  return (
    <section
      className={`predict${revealed ? ' is-revealed' : ''}`}
      data-testid="timeline-predict"
      aria-label={t('predictTitle')}
    >
      <p className="predict-question">
        <strong>{t('predictTitle')}</strong>{' '}
        {question.kind === 'deliveries'
          ? t('askDeliveries', { id: question.message })
          : t('askCounts', { queue: question.queue })}
      </p>
      {question.kind === 'deliveries' ? (
        <fieldset className="predict-marks" disabled={revealed}>
          <legend>{t('markConsumers')}</legend>
          {consumersOf(run).map((c) => (
            <button
              type="button"
              key={c}
              aria-pressed={state.marks.queues.has(c)}
              onClick={() => onChange({ ...state, marks: toggleQueue(state.marks as Marks, c) })}
              data-testid={`mark-consumer-${c}`}
            >
              <code>{c}</code>
            </button>
          ))}
        </fieldset>
      ) : (
        <fieldset className="predict-counts" disabled={revealed}>
          <legend>{t('countsHint')}</legend>
          <label>
            {t('readyCount')}{' '}
            <input
              inputMode="numeric"
              value={counts.ready}
              onChange={(e) => setCount('ready', e.target.value.trim())}
              data-testid="count-ready"
            />
          </label>
          <label>
            {t('unackedCount')}{' '}
            <input
              inputMode="numeric"
              value={counts.unacked}
              onChange={(e) => setCount('unacked', e.target.value.trim())}
              data-testid="count-unacked"
            />
          </label>
        </fieldset>
      )}
      {!revealed && (
        <div className="predict-actions">
          <button
            type="button"
            onClick={onCheck}
            disabled={!canCheck(question, state)}
            data-testid="predict-check"
          >
            {t('check')}
          </button>
          <button type="button" onClick={onReveal} data-testid="predict-reveal">
            {t('showAnswerPlay')}
          </button>
        </div>
      )}
      <div ref={answer} className="predict-feedback" aria-live="polite" data-testid="predict-feedback">
        {verdict && !verdict.right && !revealed && (
          <p className="predict-wrong" data-verdict="wrong">
            {t('wrong')} {t('wrongTimeline')}
          </p>
        )}
        {revealed && (
          <>
            {verdict?.right ? (
              <p className="predict-right" data-verdict="right">
                {t('right')}
              </p>
            ) : (
              <p className="muted" data-verdict={verdict ? 'wrong' : 'skipped'}>
                {verdict ? t('revealedAfterWrong') : t('revealedSkipped')}
              </p>
            )}
            <p className="predict-answer" data-testid="predict-answer">
              {want}
            </p>
          </>
        )}
      </div>
    </section>
  )
}
