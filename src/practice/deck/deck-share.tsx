/** The deck's link (everyone who opens it gets the same questions) and its presentation link. */
import { useState } from 'react'
import { useT } from '../../i18n/messages'
import { hrefFor } from '../../store/url-route'
import { practiceMessages } from '../practice-messages'
import type { Deck } from './deck-id'
import { deckMessages } from './deck-messages'

export default function DeckShare({ deck }: { deck: Deck }) {
  const t = useT(deckMessages)
  const tp = useT(practiceMessages)
  const [copied, setCopied] = useState(false)
  const link = hrefFor('practice', { deck: deck.id })
  return (
    <p className="toolbar deck-share">
      <a href={link} data-testid="deck-link">
        {t('deckLink')}
      </a>
      <button
        type="button"
        onClick={() =>
          navigator.clipboard?.writeText(link).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? tp('copied') : tp('copyLink')} <code>{deck.id}</code>
      </button>
      <a href={hrefFor('practice', { deck: deck.id, present: '1' })} data-testid="deck-present-link">
        {t('present')}
      </a>
    </p>
  )
}
