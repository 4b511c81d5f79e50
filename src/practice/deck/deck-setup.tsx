/** The deck tab: choose how many questions and which levels, then start a new deck (a new seed). */
import { useState } from 'react'
import { useT } from '../../i18n/messages'
import { navigate } from '../../store/url-route'
import { LEVELS, type Level } from '../generator/generate'
import { randomSeed } from '../generator/rng'
import { practiceMessages } from '../practice-messages'
import { deckId } from './deck-id'
import { deckMessages } from './deck-messages'

const COUNTS = [5, 10, 15, 20] as const

export default function DeckSetup() {
  const t = useT(deckMessages)
  const tp = useT(practiceMessages)
  const [count, setCount] = useState<number>(10)
  const [levels, setLevels] = useState<ReadonlySet<Level>>(new Set(LEVELS))
  const toggle = (l: Level) => {
    const next = new Set(levels)
    if (next.has(l)) next.delete(l)
    else next.add(l)
    if (next.size > 0) setLevels(next)
  }
  return (
    <section className="panel deck-setup" data-testid="deck-setup">
      <h2>{t('deckTitle')}</h2>
      <p>{t('deckIntro')}</p>
      <div className="toolbar">
        <label>
          {t('deckCount')}{' '}
          <select data-testid="deck-count" value={count} onChange={(e) => setCount(Number(e.target.value))}>
            {COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="deck-levels">
          <legend>{t('deckLevels')}</legend>
          {LEVELS.map((l) => (
            <label key={l} className="mark">
              <input
                type="checkbox"
                data-testid={`deck-level-${l}`}
                checked={levels.has(l)}
                onChange={() => toggle(l)}
              />
              {tp(`level${l}` as 'level1')}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          data-testid="deck-start"
          onClick={() => navigate('practice', { deck: deckId(count, [...levels], randomSeed()), item: '1' })}
        >
          {t('deckStart')}
        </button>
      </div>
    </section>
  )
}
