/**
 * One choice or ordering question: the task is stated first; the learner answers; the verdict and the
 * reasoning follow. In the instructor view the answer and reasoning wait for the reveal control.
 */
import { useState } from 'react'
import { type Lang, useLanguage } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import type { OrderQuestion, Question } from '../content/types'
import { practiceMessages } from '../practice-messages'
import { useProgress } from '../progress/progress-store'
import { correctOptions, gradeChoice, gradeOrder } from './question-grade'

interface Props {
  q: Question
  present?: { step: number; revealed: boolean }
}

function OrderList({
  q,
  order,
  setOrder,
  lang,
  disabled,
}: {
  q: OrderQuestion
  order: string[]
  setOrder: (o: string[]) => void
  lang: Lang
  disabled: boolean
}) {
  const t = useT(practiceMessages)
  const move = (i: number, d: -1 | 1) => {
    const next = [...order]
    const j = i + d
    if (j < 0 || j >= next.length) return
    ;[next[i], next[j]] = [next[j] as string, next[i] as string]
    setOrder(next)
  }
  return (
    <ol className="order-list" data-testid="order-list">
      {order.map((id, i) => {
        const item = q.items.find((x) => x.id === id)
        return (
          <li key={id} data-item={id}>
            <span>{item?.text[lang]}</span>
            <button
              type="button"
              disabled={disabled || i === 0}
              aria-label={t('moveUp')}
              onClick={() => move(i, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              disabled={disabled || i === order.length - 1}
              aria-label={t('moveDown')}
              onClick={() => move(i, 1)}
            >
              ↓
            </button>
          </li>
        )
      })}
    </ol>
  )
}

export default function QuestionCard({ q, present }: Props) {
  const t = useT(practiceMessages)
  const lang = useLanguage((s) => s.lang)
  const record = useProgress((s) => s.record)
  const [chosen, setChosen] = useState<string | null>(null)
  const [order, setOrder] = useState<string[]>(q.type === 'order' ? q.start : [])
  const [verdict, setVerdict] = useState<boolean | null>(null)
  const showBody = !present || present.step >= 1
  const revealed = present ? present.revealed : verdict !== null

  const submit = () => {
    const ok = q.type === 'choice' ? chosen !== null && gradeChoice(q, chosen) : gradeOrder(q, order).correct
    setVerdict(ok)
    record(q.id, { status: ok ? 'correct' : 'wrong' })
  }
  const rightText =
    q.type === 'choice'
      ? correctOptions(q)
          .map((id) => q.options.find((o) => o.id === id)?.text[lang])
          .join(' / ')
      : q.items.map((i, n) => `${n + 1}. ${i.text[lang]}`).join('  ')

  return (
    <article className="question-card" data-testid={`question-${q.id}`}>
      <h3>{q.title[lang]}</h3>
      <p className="practice-prompt">{q.prompt[lang]}</p>
      <p className="practice-rules">{t(q.type === 'choice' ? 'choiceRules' : 'orderRules')}</p>
      {showBody && q.type === 'choice' && (
        <fieldset className="choices" disabled={verdict !== null || !!present}>
          <legend className="sr-only">{q.title[lang]}</legend>
          {q.options.map((o) => (
            <label key={o.id} className="choice">
              <input
                type="radio"
                name={`${q.id}-choice`}
                value={o.id}
                checked={chosen === o.id}
                onChange={() => setChosen(o.id)}
              />
              {o.text[lang]}
            </label>
          ))}
        </fieldset>
      )}
      {showBody && q.type === 'order' && (
        <OrderList
          q={q}
          order={order}
          setOrder={setOrder}
          lang={lang}
          disabled={verdict !== null || !!present}
        />
      )}
      {!present && verdict === null && (
        <button
          type="button"
          data-testid="question-submit"
          disabled={q.type === 'choice' && chosen === null}
          onClick={submit}
        >
          {t('submitAnswer')}
        </button>
      )}
      {verdict !== null && !present && (
        <p
          className={`practice-result ${verdict ? 'ok' : 'bad'}`}
          role="status"
          data-testid="question-verdict"
        >
          <strong>{t(verdict ? 'right' : 'notQuite')}</strong>
        </p>
      )}
      {revealed && (
        <div className="practice-answer" data-testid="question-answer">
          <p>
            <strong>{t('rightAnswer')}</strong> {rightText}
          </p>
          <p>
            <strong>{t('reasoning')}</strong> {q.reasoning[lang]}
          </p>
          {!present && (
            <button
              type="button"
              onClick={() => {
                setVerdict(null)
                setChosen(null)
                if (q.type === 'order') setOrder(q.start)
              }}
            >
              {t('tryAgain')}
            </button>
          )}
        </div>
      )}
    </article>
  )
}
