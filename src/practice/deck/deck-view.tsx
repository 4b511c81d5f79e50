/**
 * A deck in test mode (`?view=practice&deck=<id>&item=<n>`): one question at a time, answers saved as
 * they are marked (a reload resumes), no feedback until "Finish" — then one score and the review.
 */
import { useState } from 'react'
import { useT } from '../../i18n/messages'
import { setParams } from '../../store/url-route'
import { useProgress } from '../progress/progress-store'
import type { DeckAnswer } from '../progress/progress-types'
import type { Deck } from './deck-id'
import { deckMessages } from './deck-messages'
import DeckQuestion from './deck-question'
import { reviewDeck } from './deck-result'
import DeckReview from './deck-review'
import DeckShare from './deck-share'

export default function DeckView({ deck, item }: { deck: Deck; item: number }) {
  const t = useT(deckMessages)
  const record = useProgress((s) => s.progress.decks[deck.id])
  const saveDeck = useProgress((s) => s.deck)
  const recordAttempt = useProgress((s) => s.record)
  const [asking, setAsking] = useState(false)
  const answers = record?.answers ?? {}
  const index = Math.min(Math.max(item, 1), deck.count) - 1
  const q = deck.questions[index]
  const answered = deck.questions.filter((x) => answers[x.id]).length
  const go = (i: number) => setParams({ item: String(i + 1) })

  if (record?.finishedAt) return <DeckReview deck={deck} record={record} />
  if (!q) return null

  const onAnswer = (a: DeckAnswer) => {
    const now = new Date().toISOString()
    const empty = a.queues.length === 0 && a.nowhere === null
    saveDeck(deck.id, (prev) => {
      const next = { ...prev?.answers }
      if (empty) delete next[q.id]
      else next[q.id] = a
      return { ...prev, answers: next, startedAt: prev?.startedAt ?? now }
    })
  }
  const finish = () => {
    setAsking(false)
    const finishedAt = new Date().toISOString()
    saveDeck(deck.id, (prev) => ({ ...prev, answers, startedAt: prev?.startedAt ?? finishedAt, finishedAt }))
    // Each question's result also goes to progress, keyed by the question's own id (a question the
    // presentation revealed in this browser is recorded as "answer shown", never as right).
    for (const x of reviewDeck(deck, answers).items)
      recordAttempt(x.id, {
        status: x.grade.correct ? 'correct' : 'wrong',
        score: x.grade.score,
        maxScore: x.grade.maxScore,
      })
  }

  return (
    <section className="panel deck" data-testid="deck-view" data-deck={deck.id} data-item={index + 1}>
      <h2>{t('deckHeading', { id: deck.id })}</h2>
      <DeckShare deck={deck} />
      <p className="practice-rules">{t('deckRules')}</p>
      <p>
        <strong data-testid="deck-position">{t('deckPosition', { n: index + 1, total: deck.count })}</strong>{' '}
        <span className="muted" data-testid="deck-answered">
          {t('deckAnswered', { n: answered, total: deck.count })}
        </span>
      </p>
      <DeckQuestion key={q.id} q={q} answer={answers[q.id] ?? null} onAnswer={onAnswer} />
      <div className="actions">
        <button type="button" data-testid="deck-prev" disabled={index === 0} onClick={() => go(index - 1)}>
          {t('prev')}
        </button>
        {index < deck.count - 1 && (
          <button type="button" data-testid="deck-next" onClick={() => go(index + 1)}>
            {t('next')}
          </button>
        )}
        <button
          type="button"
          data-testid="deck-finish"
          onClick={() => (answered < deck.count ? setAsking(true) : finish())}
        >
          {t('finish')}
        </button>
      </div>
      {asking && (
        <div className="confirm" role="alertdialog" aria-label={t('finish')} data-testid="deck-finish-ask">
          <p>{t('unansweredAsk', { n: deck.count - answered })}</p>
          <button type="button" data-testid="deck-finish-yes" onClick={finish}>
            {t('finishYes')}
          </button>{' '}
          <button type="button" onClick={() => setAsking(false)}>
            {t('finishNo')}
          </button>
        </div>
      )}
    </section>
  )
}
