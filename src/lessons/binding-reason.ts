/** One-line wording of an engine BindingReason (what was compared), for the steppers. */
import type { BindingEvaluation, HopVia } from '../engine'
import type { Params } from '../i18n/messages'
import type { routeMessages } from './route-messages'

type Key = keyof (typeof routeMessages)['en']
type T = (key: Key, params?: Params) => string

const words = (w: string[]) => (w.length === 0 ? '""' : w.join('.'))

export function reasonText(e: BindingEvaluation, t: T): string {
  const r = e.reason
  switch (r.kind) {
    case 'topic':
      return r.perKey
        .map(
          (k) =>
            `${t('reasonTopic', { pattern: words(k.patternWords), key: words(k.keyWords) })}: ${t(k.matched ? 'match' : 'noMatch')}`,
        )
        .join('; ')
    case 'direct':
      return r.compared
        .map(
          (c) =>
            `${t('reasonDirect', { key: e.routingKey, rk: c.routingKey })}: ${t(c.equal ? 'match' : 'noMatch')}`,
        )
        .join('; ')
    case 'fanout':
      return t('reasonFanout')
    case 'headers': {
      const rows = r.rows
        .filter((row) => row.considered)
        .map((row) => `${row.key} ${row.result ? '✓' : '✗'}`)
        .join(', ')
      return t('reasonHeaders', { mode: r.xMatch, rows: rows || '—' })
    }
  }
}

export function viaText(via: HopVia, t: T): string {
  if (via.kind === 'publish') return t('viaPublish')
  if (via.kind === 'binding') return t('viaBinding', { from: via.from })
  if (via.kind === 'dead-letter') return t('viaDeadLetter', { queue: via.queue, reason: via.reason })
  return t('viaAlternate', { from: via.from })
}

export function destinationText(e: BindingEvaluation, t: T): string {
  return t(e.destinationType === 'queue' ? 'bindingQueue' : 'bindingExchange', { destination: e.destination })
}
