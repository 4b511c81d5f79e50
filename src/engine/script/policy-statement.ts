/**
 * Policies in the script:
 *   policy set NAME pattern PATTERN definition {…} [apply-to all|queues|exchanges] [priority N]
 *   policy clear NAME
 * (as `rabbitmqctl set_policy NAME PATTERN DEFINITION --apply-to … --priority …`).
 */
import type { Operation, ScenarioPolicy } from '../broker/types'
import type { Cursor } from './cursor'
import { quoteIfNeeded as q } from './names'
import { nearest } from './suggest'
import { parseTable, printTable } from './values'

const APPLY_TO = ['all', 'queues', 'exchanges']
const WORDS = ['pattern', 'definition', 'apply-to', 'priority']

export function policyStatement(c: Cursor, vhost: string | undefined): Operation {
  const verb = c.peek()
  if (verb?.kind === 'word' && verb.text === 'clear') {
    c.next()
    return { op: 'policy.clear', name: c.name('policy').text, ...(vhost ? { vhost } : {}) }
  }
  if (!c.acceptWord('set'))
    throw c.error('expected "set" or "clear" after policy', 'expected-word', { expected: 'set, clear' })
  const name = c.name('policy').text
  const policy: ScenarioPolicy = { name, pattern: '', definition: {}, ...(vhost ? { vhost } : {}) }
  const seen = new Set<string>()
  while (!c.done()) {
    const t = c.next()
    const word = t?.kind === 'word' ? t.text : ''
    if (!WORDS.includes(word) || !t)
      throw c.error(
        'unexpected word; expected one of: pattern, definition, apply-to, priority',
        'unexpected',
        { expected: WORDS.join(', ') },
        t?.kind === 'word' ? nearest(t.text, WORDS) : undefined,
      )
    if (seen.has(word)) throw c.errorAt(t, `${word} is given twice`, 'duplicate-option', { word })
    seen.add(word)
    if (word === 'pattern') policy.pattern = c.name('pattern').text
    else if (word === 'definition') policy.definition = parseTable(c) as ScenarioPolicy['definition']
    else if (word === 'apply-to') {
      const a = c.name('apply-to')
      if (!APPLY_TO.includes(a.text))
        throw c.errorAt(
          a,
          'apply-to is all, queues or exchanges',
          'unexpected',
          { expected: APPLY_TO.join(', ') },
          nearest(a.text, APPLY_TO),
        )
      policy['apply-to'] = a.text
    } else {
      const n = c.name('number')
      if (!/^-?\d+$/.test(n.text))
        throw c.errorAt(n, 'priority is a whole number', 'expected-value', { what: 'number' })
      policy.priority = Number(n.text)
    }
  }
  if (!seen.has('pattern'))
    throw c.error('a policy needs "pattern"', 'expected-word', { expected: 'pattern' })
  if (!seen.has('definition'))
    throw c.error('a policy needs "definition {…}"', 'expected-word', { expected: 'definition' })
  return { op: 'policy.set', policy }
}

export function printPolicy(op: Extract<Operation, { op: 'policy.set' | 'policy.clear' }>): string {
  if (op.op === 'policy.clear') return `policy clear ${q(op.name)}`
  const p = op.policy
  const parts = ['policy set', q(p.name), 'pattern', q(p.pattern), 'definition', printTable(p.definition)]
  if (p['apply-to'] !== undefined) parts.push('apply-to', p['apply-to'])
  if (p.priority !== undefined) parts.push('priority', String(p.priority))
  return parts.join(' ')
}
