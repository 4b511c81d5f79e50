/**
 * Topology + routing explanation → Mermaid flowchart text. Pure: no DOM, no Mermaid import.
 * Node ids are generated (ex_N, q_N), never taken from user text; labels go through escapeLabel.
 */
import type { PublishExplanation, TopologySnapshot } from '../engine'
import { escapeLabel } from './escape'

export interface DiagramOptions {
  showDefaultExchange?: boolean
}

export function toMermaid(
  topology: TopologySnapshot,
  publish: PublishExplanation | null,
  options: DiagramOptions = {},
): string {
  const lines = ['flowchart LR']
  const exchangeIds = new Map<string, string>()
  const queueIds = new Map<string, string>()
  const visible = topology.exchanges.filter(
    (x) => !x.builtin || (x.name === '' && options.showDefaultExchange) || isTouched(x.name),
  )
  function isTouched(name: string): boolean {
    return (
      topology.bindings.some((b) => b.source === name || b.destination === name) ||
      (publish?.hops.some((h) => h.exchange === name) ?? false)
    )
  }
  visible.forEach((x, i) => {
    const id = `ex_${i}`
    exchangeIds.set(x.name, id)
    const label = `${x.name === '' ? '(default)' : x.name}\n${x.type}`
    lines.push(`  ${id}{{${escapeLabel(label)}}}`)
  })
  topology.queues.forEach((q, i) => {
    const id = `q_${i}`
    queueIds.set(q.name, id)
    lines.push(`  ${id}[(${escapeLabel(q.name)})]`)
  })
  const matched = new Set<string>()
  for (const hop of publish?.hops ?? []) {
    for (const ev of hop.evaluations) if (ev.matched) matched.add(ev.bindingId)
  }
  topology.bindings.forEach((b) => {
    const from = exchangeIds.get(b.source)
    const to = b.destination_type === 'queue' ? queueIds.get(b.destination) : exchangeIds.get(b.destination)
    if (!from || !to) return
    lines.push(`  ${from} ${b.id}@-->|${escapeLabel(b.routing_key)}| ${to}`)
    if (matched.has(b.id)) lines.push(`  class ${b.id} hot`)
  })
  if (publish) {
    const hot = [
      ...publish.hops.map((h) => exchangeIds.get(h.exchange)),
      ...publish.queues.map((q) => queueIds.get(q.queue)),
    ].filter((id): id is string => Boolean(id))
    lines.push('  classDef hl fill:#fde68a,stroke:#b45309,stroke-width:2px,color:#111')
    lines.push('  classDef hot stroke:#dc2626,stroke-width:3px')
    if (hot.length) lines.push(`  class ${hot.join(',')} hl`)
  }
  return lines.join('\n')
}
