/** The publishes of this session; each entry re-opens that publish's path and explanation. */
import { memo } from 'react'
import type { PublishExplanation } from '../engine'
import { useT } from '../i18n/messages'
import type { LogEntry, Selection } from '../store/types'
import { logMessages } from './log-messages'

function outcomeKey(p: PublishExplanation): 'routedTo' | 'returned' | 'dropped' | 'failed' {
  switch (p.outcome.kind) {
    case 'routed':
      return 'routedTo'
    case 'returned':
      return 'returned'
    case 'dropped':
      return 'dropped'
    default:
      return 'failed'
  }
}

export const MessageLog = memo(function MessageLog(props: {
  log: LogEntry[]
  selection: Selection
  onOpen: (seq: number) => void
}) {
  const t = useT(logMessages)
  return (
    <section className="panel message-log" aria-labelledby="log-heading" data-testid="message-log">
      <h2 id="log-heading">{t('heading')}</h2>
      {props.log.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ol reversed>
          {[...props.log].reverse().map((e) => {
            const p = e.publish
            const current = props.selection?.kind === 'log' && props.selection.seq === e.seq
            return (
              <li key={e.seq}>
                <button
                  type="button"
                  aria-pressed={current}
                  data-testid={`log-entry-${e.seq}`}
                  onClick={() => props.onOpen(e.seq)}
                >
                  {t('entry', {
                    id: p.id,
                    exchange: p.exchange === '' ? t('defaultExchange') : p.exchange,
                    key: p.routingKeys[0] ?? '',
                  })}{' '}
                  —{' '}
                  {t(outcomeKey(p), {
                    count: p.queues.length,
                    code: p.outcome.kind === 'error' ? p.outcome.code : '',
                  })}
                </button>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
})
