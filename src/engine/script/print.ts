/**
 * Operations → script text, one statement per line. `parseScript(printScript(ops))` gives back the
 * same operations (names are quoted whenever a bare word would read differently).
 */
import type { Operation, ProfileName, Requirement, ScenarioBinding } from '../broker/types'
import { printRequirement } from './expect-statement'
import { EXCHANGE_TYPES, quote, quoteIfNeeded } from './names'
import { printPolicy } from './policy-statement'
import { printTable } from './values'

const q = quoteIfNeeded

export function printOperation(op: Operation): string {
  switch (op.op) {
    case 'exchange.declare': {
      const x = op.exchange
      // The four types read as words there, even `headers` (a keyword elsewhere).
      const type = (EXCHANGE_TYPES as readonly string[]).includes(x.type) ? x.type : q(x.type)
      const parts = ['exchange declare', q(x.name)]
      // A passive declare may have no type; the parser reads `NAME passive …` as that, so `passive`
      // then comes first (after the name, a flag would be read as the type).
      const typeless = x.passive && x.type === ''
      parts.push(typeless ? 'passive' : type)
      if (x.durable === false) parts.push('transient')
      if (x.auto_delete) parts.push('auto_delete')
      if (x.internal) parts.push('internal')
      if (x.arguments && Object.keys(x.arguments).length) parts.push('args', printTable(x.arguments))
      if (x.passive && !typeless) parts.push('passive')
      return parts.join(' ')
    }
    case 'queue.declare': {
      const x = op.queue
      const parts = ['queue declare', q(x.name)]
      if (x.durable === false) parts.push('transient')
      if (x.exclusive) parts.push('exclusive')
      if (x.auto_delete) parts.push('auto_delete')
      if (x.arguments && Object.keys(x.arguments).length) parts.push('args', printTable(x.arguments))
      if (x.passive) parts.push('passive')
      return parts.join(' ')
    }
    case 'bind':
    case 'unbind':
      return printBinding(op.op, op.binding)
    case 'exchange.delete':
      return `delete exchange ${q(op.name)}${op.if_unused ? ' if_unused' : ''}`
    case 'queue.delete':
      return `delete queue ${q(op.name)}`
    case 'publish': {
      const p = op.publish
      const parts = ['publish', q(p.id), 'to', p.exchange === '' ? '""' : q(p.exchange)]
      // No `key` means the empty key (headers and fanout bindings usually have none).
      if (p.routing_key !== '') parts.push('key', q(p.routing_key))
      if (p.headers && Object.keys(p.headers).length) parts.push('headers', printTable(p.headers))
      if (p.properties && Object.keys(p.properties).length) parts.push('properties', printTable(p.properties))
      if (p.body !== undefined) parts.push('body', quote(p.body))
      if (p.mandatory) parts.push('mandatory')
      return parts.join(' ')
    }
    case 'policy.set':
    case 'policy.clear':
      return printPolicy(op)
  }
}

function printBinding(kind: 'bind' | 'unbind', b: ScenarioBinding): string {
  // Queues are the usual destination and need no word (a queue named "exchange" is quoted anyway).
  const parts: string[] =
    b.destination_type === 'exchange' ? [kind, 'exchange', q(b.destination)] : [kind, q(b.destination)]
  parts.push(kind === 'bind' ? 'to' : 'from', q(b.source))
  if (b.routing_key !== '') parts.push('key', q(b.routing_key))
  if (b.arguments && Object.keys(b.arguments).length) parts.push('args', printTable(b.arguments))
  return parts.join(' ')
}

function vhostOf(op: Operation): string {
  switch (op.op) {
    case 'exchange.declare':
      return op.exchange.vhost ?? '/'
    case 'queue.declare':
      return op.queue.vhost ?? '/'
    case 'bind':
    case 'unbind':
      return op.binding.vhost ?? '/'
    case 'publish':
      return op.publish.vhost ?? '/'
    case 'policy.set':
      return op.policy.vhost ?? '/'
    default:
      return op.vhost ?? '/'
  }
}

/** The whole script: optional profile line, then statements with `vhost` lines where it changes. */
/** The script of `ops`; `requirements` (a scenario's `expect` list) follow as `expect` lines. */
export function printScript(
  ops: readonly Operation[],
  opts: { profile?: ProfileName; vhosts?: string[]; requirements?: readonly Requirement[] } = {},
): string {
  const lines: string[] = []
  if (opts.profile) lines.push(`profile ${opts.profile}`)
  let current = '/'
  const used = new Set(ops.map(vhostOf))
  // Vhosts with nothing in them are still listed so they are not lost.
  for (const v of opts.vhosts ?? []) {
    if (v !== '/' && !used.has(v)) {
      lines.push(`vhost ${q(v)}`)
      current = v
    }
  }
  for (const op of ops) {
    const v = vhostOf(op)
    if (v !== current) {
      lines.push(`vhost ${v === '/' ? '/' : q(v)}`)
      current = v
    }
    lines.push(printOperation(op))
  }
  for (const r of opts.requirements ?? []) {
    const v = r.vhost ?? '/'
    if (v !== current) {
      lines.push(`vhost ${v === '/' ? '/' : q(v)}`)
      current = v
    }
    lines.push(printRequirement(r))
  }
  return lines.join('\n') + (lines.length ? '\n' : '')
}
