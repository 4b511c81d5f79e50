/**
 * What drawing on the diagram does to the script: every edit is a script line (appended with the
 * `vhost` line it needs, one undo step, run at once) — `bind`, `unbind`, or a publish.
 */
import type { BindRequest, DiagramEditing } from '../diagram/diagram-edit'
import {
  type BindingState,
  type Operation,
  parseScript,
  printOperation,
  quoteIfNeeded,
  tableToTypedJson,
} from '../engine'
import { playgroundStore } from '../store/app-store'
import { usePublishDraft } from './publish-draft'

/** The bind line for a request; headers arguments are read by the script parser (typed values). */
export function bindLine(b: BindRequest): { line: string } | { problem: string } {
  const target = `${b.destinationType === 'exchange' ? 'exchange ' : ''}${quoteIfNeeded(b.destination)}`
  if (!b.args) {
    const op: Operation = {
      op: 'bind',
      binding: {
        source: b.source,
        destination: b.destination,
        destination_type: b.destinationType,
        routing_key: b.key,
      },
    }
    return { line: printOperation(op) }
  }
  const extra = b.args.text.trim().replace(/^\{|\}$/g, '')
  const text = `bind ${target} to ${quoteIfNeeded(b.source)} args {x-match: ${b.args.xMatch}${extra ? `, ${extra}` : ''}}`
  const parsed = parseScript(text)
  const op = parsed.ops[0]
  if (!op || parsed.diagnostics.length) return { problem: parsed.diagnostics[0]?.message ?? 'not a binding' }
  return { line: printOperation(op) }
}

/** The unbind line that removes a binding of the topology (the levels view uses it too). */
export function unbindLine(b: BindingState): string {
  const args = tableToTypedJson(b.arguments)
  return printOperation({
    op: 'unbind',
    binding: {
      source: b.source,
      destination: b.destination,
      destination_type: b.destination_type,
      routing_key: b.routing_key,
      ...(Object.keys(args).length ? { arguments: args } : {}),
    },
  })
}

export function diagramEditing(reveal: DiagramEditing['reveal']): DiagramEditing {
  const store = () => playgroundStore.getState()
  return {
    bind: (b) => {
      const made = bindLine(b)
      if ('problem' in made) return made.problem
      store().edit([made.line], b.vhost)
      return null
    },
    unbind: (b) => store().edit([unbindLine(b)], b.vhost),
    publish: (vhost, exchange, key) => {
      const d = usePublishDraft.getState()
      store().publish({ vhost, exchange, routing_key: key, ...(d.mandatory ? { mandatory: true } : {}) })
    },
    reveal,
    publishKey: () => usePublishDraft.getState().routingKey,
  }
}
