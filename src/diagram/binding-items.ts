/**
 * The drawn bindings as plain data for the text list beside the diagram (source → destination, the
 * key or the arguments), in the order they are drawn. Pure: no DOM, no React.
 */
import { formatAmqpValue } from '../components/amqp-value'
import type { TopologySnapshot } from '../engine'
import type { DiagramModel } from './diagram-types'

export interface BindingItem {
  id: string
  source: string
  destination: string
  destinationKind: 'queue' | 'exchange'
  /** What the binding matches on: a routing key, header arguments, or anything (fanout). */
  match: { kind: 'key'; key: string } | { kind: 'args'; args: string } | { kind: 'any' }
}

export function bindingItems(
  topology: TopologySnapshot,
  model: Pick<DiagramModel, 'ids' | 'vhost'>,
): BindingItem[] {
  const typeOf = new Map(
    topology.exchanges.filter((x) => x.vhost === model.vhost).map((x) => [x.name, x.type] as const),
  )
  const byId = new Map(topology.bindings.map((b) => [b.id, b] as const))
  const out: BindingItem[] = []
  for (const id of model.ids.binding.keys()) {
    const b = byId.get(id)
    if (!b) continue
    const type = typeOf.get(b.source)
    const match: BindingItem['match'] =
      type === 'fanout'
        ? { kind: 'any' }
        : type === 'headers'
          ? { kind: 'args', args: headerArgs(b.arguments) }
          : { kind: 'key', key: b.routing_key }
    out.push({ id, source: b.source, destination: b.destination, destinationKind: b.destination_type, match })
  }
  return out
}

/** x-match first (`all` when absent, as the edge label says), then the other arguments. */
function headerArgs(args: TopologySnapshot['bindings'][number]['arguments']): string {
  const xMatch = args['x-match']
  const rest = Object.entries(args).filter(([k]) => k !== 'x-match')
  return [
    `x-match=${xMatch ? formatAmqpValue(xMatch) : 'all'}`,
    ...rest.map(([k, v]) => `${k}=${formatAmqpValue(v)}`),
  ].join(', ')
}
