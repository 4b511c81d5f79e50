/**
 * A deck in the instructor's presentation: the shared presenter shell, one question per slide, its
 * answer hidden until "Reveal" (per question). Esc returns to the deck. A reveal is recorded in this
 * browser: the deck marks the question as shown (its review and result file say so) and the
 * question's own progress entry records "answer shown".
 */
import { useState } from 'react'
import { Presenter } from '../../components/presenter/presenter'
import { useT } from '../../i18n/messages'
import { setParams } from '../../store/url-route'
import { useProgress } from '../progress/progress-store'
import type { Deck } from './deck-id'
import { deckMessages } from './deck-messages'
import DeckQuestion from './deck-question'

export default function DeckPresent({ deck, item }: { deck: Deck; item: number }) {
  const t = useT(deckMessages)
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(new Set())
  const deckShown = useProgress((s) => s.deckShown)
  const index = Math.min(Math.max(item, 1), deck.count) - 1
  const q = deck.questions[index]
  if (!q) return null
  const shown = revealed.has(index)
  const flip = () => {
    const next = new Set(revealed)
    if (shown) next.delete(index)
    else {
      next.add(index)
      deckShown(deck.id, q.id)
    }
    setRevealed(next)
  }
  return (
    <Presenter
      index={index}
      total={deck.count}
      onIndex={(i) => setParams({ item: String(i + 1) })}
      onClose={() => setParams({ present: null })}
      heading={t('deckHeading', { id: deck.id })}
      testId="deck-presenter"
      labels={{
        region: t('presentRegion', { id: deck.id }),
        prev: t('prev'),
        next: t('next'),
        close: t('presentClose'),
        position: `${index + 1} / ${deck.count}`,
        keys: t('presentKeys'),
      }}
      actions={
        <button type="button" data-testid="deck-reveal" aria-pressed={shown} onClick={flip}>
          {shown ? t('hide') : t('reveal')}
        </button>
      }
    >
      <DeckQuestion key={q.id} q={q} answer={null} revealed={shown} />
      {shown && (
        <p className="muted" role="status" data-testid="present-shown">
          {t('shownHere')}
        </p>
      )}
    </Presenter>
  )
}
