/** Plain-text labels for drawn entities (escaped later by the writer). */
import { formatAmqpValue } from '../components/amqp-value'
import { type BindingState, type ExchangeState, type QueueState, queueTypeOf } from '../engine'
import type { DiagramLabels } from './diagram-types'
import type { Shape } from './diagram-writer'
import { shorten } from './escape'

export function exchangeLines(x: ExchangeState, labels: DiagramLabels): string[] {
  const name = x.name === '' ? labels.defaultExchange : shorten(x.name)
  return [name, x.internal ? `${x.type} · ${labels.internal}` : x.type]
}

/**
 * A queue's shape and label lines by its type (`x-queue-type`): a classic queue is the plain
 * cylinder with its name; a quorum queue a lined cylinder and a stream a lying one, each with the
 * type word under the name (so the type is told by the shape and by the text, for every reader).
 */
export function queueNode(q: QueueState, labels: DiagramLabels): [Shape, string[]] {
  const type = queueTypeOf(q.arguments)
  const name = shorten(q.name)
  if (type === 'quorum') return ['quorum', [name, labels.quorumQueue]]
  if (type === 'stream') return ['stream', [name, labels.streamQueue]]
  return ['queue', [name]]
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
