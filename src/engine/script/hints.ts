/**
 * Hints about a script that parses and runs, located on its lines: the common mistakes a learner
 * makes and the broker does not explain — wildcards bound to a direct exchange (plain text there),
 * a key bound to a fanout (ignored), a 404 for a name that is a typo of a declared one, an unknown
 * exchange type that is a typo of a real one. Codes and params only: the UI says them in its
 * language. Pure, from the parsed operations, the failed outcomes and the topology.
 */
import type { Operation, OperationOutcome, SourceLocation, TopologySnapshot } from '../broker/types'
import { EXCHANGE_TYPES } from './names'
import { nearest } from './suggest'

export type ScriptHintCode =
  /** A binding key with `*` or `#` words on a direct exchange: they match only themselves. */
  | 'wildcard-on-direct'
  /** A non-empty binding key on a fanout exchange: fanout never reads it. */
  | 'key-on-fanout'
  /** The broker replied 404: this exchange or queue does not exist (in this vhost). */
  | 'not-found'
  /** The broker refused an exchange type it does not know. */
  | 'unknown-type'

export interface ScriptHint {
  code: ScriptHintCode
  severity: 'info' | 'warning'
  loc: SourceLocation
  params: Record<string, string>
  /** A declared name or a real exchange type close to the one written ("did you mean …?"). */
  suggestion?: string
}

const hasWildcardWord = (key: string) => key.split('.').some((w) => w === '*' || w === '#')

/** The exchange type each (vhost, name) has when the script ends, from the topology or the declares. */
function exchangeTypes(ops: readonly Operation[], topology: TopologySnapshot | null): Map<string, string> {
  const types = new Map<string, string>()
  for (const op of ops)
    if (op.op === 'exchange.declare' && op.exchange.type)
      types.set(`${op.exchange.vhost ?? '/'}\u0000${op.exchange.name}`, op.exchange.type)
  for (const x of topology?.exchanges ?? []) types.set(`${x.vhost}\u0000${x.name}`, x.type)
  return types
}

function declaredNames(
  ops: readonly Operation[],
  topology: TopologySnapshot | null,
  kind: 'exchange' | 'queue',
  vhost: string,
): string[] {
  const names = new Set<string>()
  for (const op of ops) {
    if (kind === 'exchange' && op.op === 'exchange.declare' && (op.exchange.vhost ?? '/') === vhost)
      names.add(op.exchange.name)
    if (kind === 'queue' && op.op === 'queue.declare' && (op.queue.vhost ?? '/') === vhost)
      names.add(op.queue.name)
  }
  const listed = kind === 'exchange' ? topology?.exchanges : topology?.queues
  for (const e of listed ?? []) if (e.vhost === vhost) names.add(e.name)
  return [...names]
}

export function scriptHints(
  ops: readonly Operation[],
  failures: readonly OperationOutcome[],
  topology: TopologySnapshot | null,
): ScriptHint[] {
  const hints: ScriptHint[] = []
  const types = exchangeTypes(ops, topology)
  // one list of names per (kind, vhost), however many refusals ask for it
  const names = new Map<string, string[]>()
  const namesOf = (kind: 'exchange' | 'queue', vhost: string) => {
    const k = `${kind}\u0000${vhost}`
    let list = names.get(k)
    if (!list) {
      list = declaredNames(ops, topology, kind, vhost)
      names.set(k, list)
    }
    return list
  }
  for (const op of ops) {
    if (op.op !== 'bind' || !op.loc) continue
    const b = op.binding
    const type = types.get(`${b.vhost ?? '/'}\u0000${b.source}`)
    const params = { exchange: b.source, key: b.routing_key, destination: b.destination }
    if (type === 'direct' && hasWildcardWord(b.routing_key))
      hints.push({ code: 'wildcard-on-direct', severity: 'info', loc: op.loc, params })
    if (type === 'fanout' && b.routing_key !== '')
      hints.push({ code: 'key-on-fanout', severity: 'info', loc: op.loc, params })
  }
  for (const o of failures) {
    if (!o.loc || !o.error) continue
    const op = ops[o.index]
    if (o.error.code === 404) {
      const missing =
        o.missing ??
        (op?.op === 'publish'
          ? { kind: 'exchange' as const, name: op.publish.exchange, vhost: op.publish.vhost ?? '/' }
          : undefined)
      if (!missing) continue
      const suggestion = nearest(missing.name, namesOf(missing.kind, missing.vhost))
      hints.push({
        code: 'not-found',
        severity: 'warning',
        loc: o.loc,
        params: { kind: missing.kind, name: missing.name, vhost: missing.vhost },
        ...(suggestion ? { suggestion } : {}),
      })
    }
    if (op?.op === 'exchange.declare' && /exchange type/.test(o.error.text)) {
      const suggestion = nearest(op.exchange.type, EXCHANGE_TYPES)
      hints.push({
        code: 'unknown-type',
        severity: 'warning',
        loc: o.loc,
        params: { type: op.exchange.type },
        ...(suggestion ? { suggestion } : {}),
      })
    }
  }
  return hints
}
