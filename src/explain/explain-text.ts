/**
 * One-line plain-text readings of the engine's explanation, shared by the why panel's two views.
 * Pure: takes a translator, returns strings (rendered as React text by the callers). Why a binding
 * matched or not is worded in routing-reason.ts, shared with lessons and practice.
 */
import { formatAmqpValue } from '../components/amqp-value'
import type {
  BindingEvaluation,
  ExchangeHop,
  PublishExplanation,
  PublishOutcome,
  QueueDelivery,
} from '../engine'
import type { ExplainT } from './explain-messages'

export const exchangeName = (name: string, t: ExplainT) => (name === '' ? t('defaultExchange') : name)

/** The binding's criteria: the key for direct/topic, x-match and arguments for headers, '' for fanout. */
export function bindingCriteria(ev: BindingEvaluation): string {
  if (ev.reason.kind === 'fanout') return ''
  if (ev.reason.kind === 'headers') {
    const args = Object.entries(ev.arguments)
      .filter(([k]) => k !== 'x-match')
      .map(([k, v]) => `${k}=${formatAmqpValue(v)}`)
    return [`x-match=${ev.reason.xMatch}`, ...args].join(', ')
  }
  return ev.routingKey === '' ? '""' : ev.routingKey
}

export function bindingTarget(ev: BindingEvaluation, t: ExplainT): string {
  return ev.destinationType === 'queue'
    ? t('toQueue', { name: ev.destination })
    : t('toExchange', { name: ev.destination })
}

/** How the exchange was reached, then what happened to its alternate exchange and skipped hops. */
export function viaText(hop: ExchangeHop, t: ExplainT): string {
  const via = hop.via
  if (via.kind === 'publish') return t('viaPublish')
  if (via.kind === 'binding') return t('viaBinding', { from: exchangeName(via.from, t) })
  if (via.kind === 'dead-letter') return t('viaDeadLetter', { queue: via.queue, reason: via.reason })
  return t('viaAlternate', { from: exchangeName(via.from, t) })
}

export function hopNotes(hop: ExchangeHop, t: ExplainT): string[] {
  const notes: string[] = []
  for (const look of hop.defaultLookups ?? []) {
    notes.push(
      look.queueExists
        ? t('defaultFound', { key: look.routingKey })
        : t('defaultMissing', { key: look.routingKey }),
    )
  }
  if (hop.routedNothing) notes.push(t('routedNothing'))
  const ae = hop.alternate
  if (ae) {
    const key = {
      used: 'aeUsed',
      'not-needed': 'aeNotNeeded',
      missing: 'aeMissing',
      'already-visited': 'aeAlreadyVisited',
    } as const
    notes.push(t(key[ae.status], { name: ae.name }))
  }
  for (const name of hop.skippedExchanges) notes.push(t('skipped', { name: exchangeName(name, t) }))
  return notes
}

export const usedAlternate = (p: PublishExplanation) => p.hops.some((h) => h.via.kind === 'alternate')

export function deliveryText(d: QueueDelivery, p: PublishExplanation, t: ExplainT, detailed = false): string {
  if (d.reachedBy.length > 1) {
    const head = t('deliveryMerged', { queue: d.queue, n: d.reachedBy.length })
    return detailed
      ? `${head}: ${d.reachedBy.map((by) => reachedByText(by, d.queue, p, t)).join('; ')}`
      : head
  }
  const by = d.reachedBy[0]
  return t('deliveryOne', { queue: d.queue, via: by ? reachedByText(by, d.queue, p, t) : '' })
}

export function reachedByText(
  by: QueueDelivery['reachedBy'][number],
  queue: string,
  p: PublishExplanation,
  t: ExplainT,
): string {
  if (by.bindingId === null) return t('viaDefault')
  const ev = p.hops.flatMap((h) => h.evaluations).find((e) => e.bindingId === by.bindingId)
  const key = ev ? bindingCriteria(ev) : by.bindingId
  const source = exchangeName(by.exchange, t)
  return key === '' ? t('viaBindingPlain', { source, queue }) : t('viaBindingOf', { source, queue, key })
}

/** `viaAlternate`: some queue was reached only after an alternate exchange took over. */
export function outcomeText(
  outcome: PublishOutcome,
  queues: number,
  t: ExplainT,
  viaAlternate = false,
): string {
  switch (outcome.kind) {
    case 'routed':
      return t(viaAlternate ? 'outcomeRoutedAe' : 'outcomeRouted', { n: queues })
    case 'returned':
      return t('outcomeReturned')
    case 'dropped':
      return t('outcomeDropped')
    case 'error':
      return t('outcomeError', { code: outcome.code, text: outcome.text })
  }
}
