/** Plain-text labels for drawn entities (escaped later by the writer). */
import { formatAmqpValue } from '../components/amqp-value'
import type { BindingState, ExchangeState } from '../engine'
import type { DiagramLabels } from './diagram-types'
import { shorten } from './escape'

export function exchangeLines(x: ExchangeState, labels: DiagramLabels): string[] {
  const name = x.name === '' ? labels.defaultExchange : shorten(x.name)
  return [name, x.internal ? `${x.type} · ${labels.internal}` : x.type]
}

/**
 * What an edge says: the routing key for direct/topic (`""` when empty, so it is visible), the
 * x-match mode and header arguments for headers, nothing for fanout (the key is ignored there).
 * Returns undefined for "no label".
 */
export function bindingLabel(b: BindingState, sourceType: string | undefined): string | undefined {
  if (sourceType === 'fanout') return b.routing_key === '' ? undefined : shorten(b.routing_key, 40)
  if (sourceType === 'headers') {
    const xMatch = b.arguments['x-match']
    const mode = xMatch ? formatAmqpValue(xMatch) : 'all'
    const args = Object.entries(b.arguments)
      .filter(([k]) => k !== 'x-match')
      .map(([k, v]) => `${k}=${formatAmqpValue(v)}`)
    return shorten([`x-match=${mode}`, ...args].join(', '), 60)
  }
  return b.routing_key === '' ? '""' : shorten(b.routing_key, 40)
}

export function format(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole))
}
