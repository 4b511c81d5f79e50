/**
 * A finished deck: one score, every question with the learner's answer beside the engine's, a link
 * to open each question on its own (with its explanation), and the result file to hand in.
 */
import { useMemo } from 'react'
import { downloadText } from '../../components/download'
import { ScrollX } from '../../components/scroll-x'
import { useLanguage } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import { hrefFor } from '../../store/url-route'
import type { RouteAnswer } from '../answer'
import { useProgress } from '../progress/progress-store'
import type { DeckAnswer, DeckRecord } from '../progress/progress-types'
import type { Deck } from './deck-id'
import { deckMessages } from './deck-messages'
import { resultFile, reviewDeck, shownBeforeFinish } from './deck-result'
import DeckShare from './deck-share'

function useAnswerText() {
  const t = useT(deckMessages)
  return (a: DeckAnswer | RouteAnswer | null): string => {
    if (!a) return t('noAnswer')
    if ('outcome' in a && a.queues.length === 0)
      return a.outcome === 'returned'
        ? t('nowhereReturned')
        : a.outcome === 'dropped'
          ? t('nowhereDropped')
          : t('nowhereError')
    if ('nowhere' in a && a.nowhere) return t(a.nowhere === 'returned' ? 'nowhereReturned' : 'nowhereDropped')
    return a.queues.join(', ')
  }
}

export default function DeckReview({ deck, record }: { deck: Deck; record: DeckRecord }) {
  const t = useT(deckMessages)
  const lang = useLanguage((s) => s.lang)
  const saveDeck = useProgress((s) => s.deck)
  const text = useAnswerText()
  const review = useMemo(() => reviewDeck(deck, record.answers, shownBeforeFinish(record)), [deck, record])
  const download = () => {
    const file = resultFile(deck, review, {
      link: hrefFor('practice', { deck: deck.id }),
      language: lang,
      startedAt: record.startedAt,
      finishedAt: record.finishedAt ?? '',
    })
    downloadText(`quiz-${deck.id}.json`, `${JSON.stringify(file, null, 2)}\n`)
  }

  return (
    <section className="panel deck" data-testid="deck-review" data-deck={deck.id}>
      <h2>{t('deckHeading', { id: deck.id })}</h2>
      <DeckShare deck={deck} />
      <p className="deck-score" data-testid="deck-score" data-score={review.score} data-max={review.maxScore}>
        <strong>{t('deckScore', { score: review.score, max: review.maxScore })}</strong>{' '}
        {t('deckCorrect', { correct: review.correct, total: deck.count })}
      </p>
      {review.answersShown > 0 && (
        <p
          className="practice-result bad"
          role="status"
          data-testid="deck-shown"
          data-count={review.answersShown}
        >
          {t('shownCount', { n: review.answersShown })}
        </p>
      )}
      <div className="actions">
        <button type="button" data-testid="deck-download" onClick={download}>
          {t('downloadResult')}
        </button>
        <button
          type="button"
          data-testid="deck-restart"
          // What the presentation revealed stays marked on the next round.
          onClick={() =>
            saveDeck(deck.id, (prev) => ({
              ...(prev?.shown ? { shown: prev.shown } : {}),
              answers: {},
              startedAt: new Date().toISOString(),
            }))
          }
        >
          {t('restart')}
        </button>
      </div>
      <ScrollX>
        <table className="progress-table deck-table" data-testid="deck-table">
          <thead>
            <tr>
              <th>{t('colN')}</th>
              <th>{t('colQuestion')}</th>
              <th>{t('colYours')}</th>
              <th>{t('colRight')}</th>
              <th>{t('colPoints')}</th>
            </tr>
          </thead>
          <tbody>
            {review.items.map((x) => (
              <tr
                key={x.id}
                data-id={x.id}
                data-correct={x.grade.correct}
                data-shown={x.answerShown}
                className={x.grade.correct ? 'ok' : 'bad'}
              >
                <td>{x.n}</td>
                <td>
                  <a href={hrefFor('practice', { exercise: x.id })}>
                    <code>{x.id}</code>
                  </a>
                </td>
                <td>{text(x.answer)}</td>
                <td>{text(x.right)}</td>
                <td>
                  {x.grade.correct ? '✓ ' : '✗ '}
                  {x.grade.score} / {x.grade.maxScore}
                  {x.answerShown && <em className="muted"> ({t('shownMark')})</em>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </section>
  )
}
