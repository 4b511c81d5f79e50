/**
 * Mermaid text for a practice scenario: the publisher, exchanges, queues and bindings, with the
 * learner's marks and — once revealed — the engine's answer. Node ids are generated (q_N, ex_N), never
 * taken from names; labels are escaped. Kept separate from the playground's diagram so that marking
 * state (picked / right / wrong / missed) stays a practice concern.
 */

import { escapeEdgeLabel, escapeLabel } from '../../diagram/escape'
import type { JsonValue, Scenario } from '../../engine'

export interface RouteMarks {
  picked: ReadonlySet<string>
  /** The engine's receiving queues, present only after reveal. */
  answer: ReadonlySet<string> | null
  /** Indexes of bindings the learner marked as matching (optional part of the exercise). */
  pickedBindings?: ReadonlySet<number>
  /** Indexes of the bindings the engine matched, present only after reveal. */
  matchedBindings?: ReadonlySet<number> | null
}

function argsLabel(args: { [k: string]: JsonValue } | undefined): string {
  if (!args) return ''
  return Object.entries(args)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ')
}

export function queueNodeId(index: number): string {
  return `q_${index}`
}

export function routeDiagram(s: Scenario, marks: RouteMarks, theme: 'light' | 'dark'): string {
  const lines = ['flowchart LR']
  const exId = new Map<string, string>()
  const qId = new Map<string, string>()
  const exchanges = s.exchanges ?? []
  exchanges.forEach((x, i) => {
    exId.set(x.name, `ex_${i}`)
    lines.push(`  ex_${i}{{${escapeLabel(`${x.name} (${x.type})`)}}}`)
  })
  ;(s.queues ?? []).forEach((q, i) => {
    qId.set(q.name, queueNodeId(i))
    lines.push(`  ${queueNodeId(i)}[(${escapeLabel(q.name)})]`)
  })
  const p = s.publishes?.[0]
  if (p) {
    const headers = p.headers ? ` · ${argsLabel(p.headers)}` : ''
    const flag = p.mandatory ? ' · mandatory' : ''
    lines.push(`  pub_0[/${escapeLabel(`${p.routing_key === '' ? '""' : p.routing_key}${headers}${flag}`)}/]`)
    if (p.exchange === '' && !exId.has('')) {
      exId.set('', 'ex_default')
      lines.push(`  ex_default{{${escapeLabel('"" (default, direct)')}}}`)
    }
    const target = exId.get(p.exchange)
    if (target) lines.push(`  pub_0 --> ${target}`)
  }
  const edgeClasses: string[] = []
  ;(s.bindings ?? []).forEach((b, i) => {
    const from = exId.get(b.source)
    const to = b.destination_type === 'queue' ? qId.get(b.destination) : exId.get(b.destination)
    if (!from || !to) return
    const text = b.arguments ? argsLabel(b.arguments) : b.routing_key === '' ? '""' : b.routing_key
    lines.push(`  ${from} b_${i}@-->|${escapeEdgeLabel(text)}| ${to}`)
    const picked = marks.pickedBindings?.has(i) ?? false
    const matched = marks.matchedBindings?.has(i)
    const cls =
      matched === undefined ? (picked ? 'pickEdge' : null) : matched ? 'okEdge' : picked ? 'badEdge' : null
    if (cls) edgeClasses.push(`  class b_${i} ${cls}`)
  })
  exchanges.forEach((x) => {
    const ae = x.arguments?.['alternate-exchange']
    const from = exId.get(x.name)
    const to = typeof ae === 'string' ? exId.get(ae) : undefined
    if (from && to) lines.push(`  ${from} -.->|AE| ${to}`)
  })
  const dark = theme === 'dark'
  const ink = 'color:#111'
  lines.push(`  classDef picked fill:${dark ? '#60a5fa' : '#bfdbfe'},stroke:#1d4ed8,stroke-width:3px,${ink}`)
  lines.push(`  classDef right fill:#bbf7d0,stroke:#15803d,stroke-width:3px,${ink}`)
  lines.push(`  classDef wrong fill:#fecaca,stroke:#b91c1c,stroke-width:3px,${ink}`)
  lines.push(`  classDef missed fill:#fde68a,stroke:#b45309,stroke-width:3px,stroke-dasharray:6 3,${ink}`)
  lines.push('  classDef pickEdge stroke:#1d4ed8,stroke-width:4px')
  lines.push('  classDef okEdge stroke:#15803d,stroke-width:4px')
  lines.push('  classDef badEdge stroke:#b91c1c,stroke-width:4px,stroke-dasharray:6 3')
  lines.push(...edgeClasses)
  for (const [name, id] of qId) {
    const picked = marks.picked.has(name)
    let cls = picked ? 'picked' : null
    if (marks.answer) {
      const gets = marks.answer.has(name)
      cls = gets && picked ? 'right' : gets ? 'missed' : picked ? 'wrong' : null
    }
    if (cls) lines.push(`  class ${id} ${cls}`)
  }
  return lines.join('\n')
}

/** The queue a click landed on, from Mermaid's DOM id `<render>-flowchart-q_N-<n>`. */
export function queueFromNodeDomId(domId: string, queues: readonly string[]): string | null {
  const m = /-flowchart-q_(\d+)-\d+$/.exec(domId)
  return m ? (queues[Number(m[1])] ?? null) : null
}

/** The binding index of a clicked edge path (`data-id="b_N"`). */
export function bindingFromEdgeId(dataId: string | null): number | null {
  const m = /^b_(\d+)$/.exec(dataId ?? '')
  return m ? Number(m[1]) : null
}
