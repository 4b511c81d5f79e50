/**
 * The predict-first moment of a step: the question about one message, the learner's marks (the same
 * marks the diagram toggles), Check (a wrong answer can be tried again) and Show the answer (skip).
 * After the answer: what the engine computed, and whether the prediction was right.
 */
import { useEffect, useRef } from 'react'
import { scrollToAnswer } from '../components/presenter/presenter'
import type { Nowhere } from '../diagram/overlay/diagram-marking'
import type { PublishExplanation } from '../engine'
import { useT } from '../i18n/messages'
import { lessonsMessages } from './lessons-messages'
import { isEmpty, type Marks, toggleNowhere, toggleQueue, type Verdict } from './prediction'

export interface PredictState {
  marks: Marks
  /** The last checked answer (null before the first check). */
  verdict: Verdict | null
  revealed: boolean
  /** A timeline question about counts: the numbers as typed. */
  counts?: { ready: string; unacked: string }
}

const show = (s: string) => (s === '' ? '""' : s)

export function PredictPanel({
  publish,
  queues,
  wanted,
  state,
  onMarks,
  onCheck,
  onReveal,
}: {
  publish: PublishExplanation
  /** The queues the learner can mark (those of the message's vhost). */
  queues: string[]
  /** The marks the engine's answer calls for (same naming as `queues`). */
  wanted: string[]
  state: PredictState
  onMarks: (m: Marks) => void
  onCheck: () => void
  onReveal: () => void
}) {
  const t = useT(lessonsMessages)
  const answer = useRef<HTMLDivElement>(null)
  const { marks, verdict, revealed } = state
  useEffect(() => {
    if (revealed) scrollToAnswer(answer.current)
  }, [revealed])
  const nowhere: Nowhere[] = ['returned', 'dropped']
  const key = publish.routingKeys[0] ?? ''
  return (
    <section
      className={`predict${revealed ? ' is-revealed' : ''}`}
      data-testid="predict"
      data-ask={publish.id}
      aria-label={t('predictTitle')}
    >
      <p className="predict-question">
        <strong>{t('predictTitle')}</strong>{' '}
        {t(publish.mandatory ? 'askMandatory' : 'ask', {
          id: publish.id,
          key: show(key),
          exchange: show(publish.exchange),
        })}
      </p>
      <fieldset className="predict-marks" disabled={revealed}>
        <legend>{t('markHint')}</legend>
        {queues.map((q) => (
          <button
            type="button"
            key={q}
            aria-pressed={marks.queues.has(q)}
            onClick={() => onMarks(toggleQueue(marks, q))}
            data-testid={`mark-queue-${q}`}
            className={revealed ? markClass(q, wanted, marks) : undefined}
          >
            <code>{q}</code>
          </button>
        ))}
        {nowhere.map((n) => (
          <button
            type="button"
            key={n}
            aria-pressed={marks.nowhere === n}
            onClick={() => onMarks(toggleNowhere(marks, n))}
            data-testid={`mark-nowhere-${n}`}
          >
            {t(n === 'returned' ? 'nowhereReturned' : 'nowhereDropped')}
          </button>
        ))}
      </fieldset>
      {!revealed && (
        <div className="predict-actions">
          <button type="button" onClick={onCheck} disabled={isEmpty(marks)} data-testid="predict-check">
            {t('check')}
          </button>
          <button type="button" onClick={onReveal} data-testid="predict-reveal">
            {t('showAnswer')}
          </button>
        </div>
      )}
      <div ref={answer} className="predict-feedback" aria-live="polite" data-testid="predict-feedback">
        {verdict && !verdict.right && !revealed && (
          <p className="predict-wrong" data-verdict="wrong">
            {t('wrong')} {verdict.extra.length > 0 && t('wrongExtra', { list: verdict.extra.join(', ') })}{' '}
            {verdict.missed.length > 0 && t('wrongMissed', { n: verdict.missed.length })}
            {verdict.extra.length === 0 && verdict.missed.length === 0 && t('wrongNowhere')}
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
            <p className="predict-answer" data-testid="predict-answer" data-outcome={publish.outcome.kind}>
              <AnswerText p={publish} t={t} />
            </p>
          </>
        )}
      </div>
    </section>
  )
}

function markClass(q: string, wanted: string[], m: Marks): string {
  const chosen = wanted.includes(q)
  if (chosen) return m.queues.has(q) ? 'is-right' : 'is-missed'
  return m.queues.has(q) ? 'is-wrong' : ''
}

type T = ReturnType<typeof useT<keyof (typeof lessonsMessages)['en']>>

/** One message's outcome in words; a refusal ends with the broker's own reply, quoted as code. */
export function AnswerText({ p, t }: { p: PublishExplanation; t: T }) {
  const base = { id: p.id, key: show(p.routingKeys[0] ?? '') }
  const o = p.outcome
  if (o.kind === 'routed')
    return <>{t('toQueues', { ...base, queues: p.queues.map((q) => q.queue).join(', ') })}</>
  if (o.kind === 'returned') return <>{t('returned', base)}</>
  if (o.kind === 'dropped') return <>{t('dropped', base)}</>
  return (
    <>
      {t('error', { ...base, code: o.code })} <code>{o.text}</code>
    </>
  )
}
