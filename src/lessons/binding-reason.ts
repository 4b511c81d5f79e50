/**
 * The steppers' wording of how an exchange was reached and of a binding's destination; why a
 * binding matched is worded by src/explain/routing-reason.ts (reasonBrief), shared with the why
 * panel and practice.
 */
import type { BindingEvaluation, HopVia } from '../engine'
import type { Params } from '../i18n/messages'
import type { routeMessages } from './route-messages'

type Key = keyof (typeof routeMessages)['en']
type T = (key: Key, params?: Params) => string

export function viaText(via: HopVia, t: T): string {
  if (via.kind === 'publish') return t('viaPublish')
  if (via.kind === 'binding') return t('viaBinding', { from: via.from })
  if (via.kind === 'dead-letter') return t('viaDeadLetter', { queue: via.queue, reason: via.reason })
  return t('viaAlternate', { from: via.from })
}

export function destinationText(e: BindingEvaluation, t: T): string {
  return t(e.destinationType === 'queue' ? 'bindingQueue' : 'bindingExchange', { destination: e.destination })
}
