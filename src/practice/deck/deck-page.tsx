/** `?view=practice&deck=<id>`: the deck in test mode, or (with `present=1`) in the presentation. */
import { useMemo } from 'react'
import { useT } from '../../i18n/messages'
import { hrefFor } from '../../store/url-route'
import { practiceMessages } from '../practice-messages'
import { parseDeckId } from './deck-id'
import { deckMessages } from './deck-messages'
import DeckPresent from './deck-present'
import DeckView from './deck-view'

export default function DeckPage({ id, item, present }: { id: string; item: number; present: boolean }) {
  const t = useT(deckMessages)
  const tp = useT(practiceMessages)
  const deck = useMemo(() => parseDeckId(id), [id])
  if (!deck)
    return (
      <p role="alert" className="panel" data-testid="deck-bad-id">
        {t('badDeck', { id })} <a href={hrefFor('practice', { tab: 'deck' })}>{t('deckStart')}</a>
      </p>
    )
  if (present) return <DeckPresent deck={deck} item={item} />
  return (
    <>
      <nav className="toolbar">
        <a href={hrefFor('practice', { tab: 'deck' })}>{tp('allExercises')}</a>
      </nav>
      <DeckView deck={deck} item={item} />
    </>
  )
}
