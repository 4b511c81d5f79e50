/**
 * Why a message went where it went: the exchange path, every binding with its reason, merged copies,
 * the outcome with its AMQP code. A toggle shows the same content as one table. All names are React
 * text, never HTML.
 */
import { useState } from 'react'
import type { PublishExplanation } from '../engine'
import { useT } from '../i18n/messages'
import { explainMessages } from './explain-messages'
import { exchangeName } from './explain-text'
import { WhyDeadLetters } from './why-dead-letters'
import { WhyStory } from './why-story'
import { WhyTable } from './why-table'
import './explain.css'

export interface WhyPanelProps {
  publish: PublishExplanation
  /** Start in the table view (the toggle still works). */
  initialView?: 'story' | 'table'
}

export default function WhyPanel({ publish, initialView = 'story' }: WhyPanelProps) {
  const t = useT(explainMessages)
  const [view, setView] = useState(initialView)
  const keys = publish.routingKeys.map((k) => (k === '' ? '""' : k)).join(', ')
  return (
    <section className="why-panel" data-testid="why-panel" data-publish={publish.id} aria-label={t('title')}>
      <header className="why-header">
        <h3>{t('title')}</h3>
        <button
          type="button"
          aria-pressed={view === 'table'}
          onClick={() => setView(view === 'table' ? 'story' : 'table')}
        >
          {view === 'table' ? t('showStory') : t('showTable')}
        </button>
      </header>
      <p>
        {t('published', { id: publish.id, exchange: exchangeName(publish.exchange, t) })}
        {publish.mandatory && <span className="why-flag">{t('mandatory')}</span>}
      </p>
      <p>
        {t('keys', { keys })} <span className="why-muted">{t('keysNote')}</span>
      </p>
      {view === 'table' ? <WhyTable publish={publish} t={t} /> : <WhyStory publish={publish} t={t} />}
      <WhyDeadLetters publish={publish} t={t} />
    </section>
  )
}
