/**
 * `expect` lines: requirements over every message, checked by src/engine/analysis.
 *   expect [to EXCHANGE] KEY [headers {…}] reaches [only] QUEUE[, QUEUE…]
 *   expect [to EXCHANGE] KEY [headers {…}] unroutable
 *   expect [to EXCHANGE] nothing but KEY [headers {…}] reaches QUEUE[, QUEUE…]
 * KEY is in topic syntax (`*` one word, `#` zero or more) and means every key of that shape.
 */
import type { JsonValue, Requirement } from '../broker/types'
import { Cursor, ParseError } from './cursor'
import { LexError, tokenizeLine } from './lexer'
import { quoteIfNeeded } from './names'
import { nearest } from './suggest'
import { parseTable, printTable } from './values'

const VERBS = ['reaches', 'unroutable']

function queueList(c: Cursor): string[] {
  const queues = [c.name('queue').text]
  while (c.acceptPunct(',')) queues.push(c.name('queue').text)
  return queues
}

/** Parse what follows `expect` (the cursor is just past it). */
export function expectStatement(c: Cursor, vhost: string | undefined): Requirement {
  let exchange: string | undefined
  if (c.acceptWord('to')) exchange = c.name('publish-exchange').text
  let nothingBut = false
  if (c.acceptWord('nothing')) {
    if (!c.acceptWord('but'))
      throw c.error('expected "but" (expect nothing but KEY reaches QUEUE)', 'expected-word', {
        expected: 'but',
      })
    nothingBut = true
  }
  const key = c.name('key-pattern').text
  let headers: { [key: string]: JsonValue } | undefined
  if (c.acceptWord('headers')) headers = parseTable(c) as { [key: string]: JsonValue }
  const verb = c.peek()
  const expected = nothingBut ? ['reaches'] : VERBS
  if (verb?.kind !== 'word' || !expected.includes(verb.text))
    throw c.error(
      `expected ${expected.map((w) => `"${w}"`).join(' or ')}`,
      'expected-word',
      { expected: expected.join(', ') },
      verb?.kind === 'word' ? nearest(verb.text, expected) : undefined,
    )
  c.next()
  const base = {
    key,
    ...(headers ? { headers } : {}),
    ...(exchange !== undefined ? { exchange } : {}),
    ...(vhost ? { vhost } : {}),
  }
  if (verb.text === 'unroutable') return { kind: 'unroutable', queues: [], ...base }
  const only = !nothingBut && c.peek(1) !== undefined && c.acceptWord('only')
  const queues = queueList(c)
  return { kind: nothingBut ? 'nothing_but' : only ? 'reaches_only' : 'reaches', queues, ...base }
}

/** The requirement as a script line (without the vhost, which the script states on its own line). */
export function printRequirement(r: Requirement): string {
  const parts = ['expect']
  if (r.exchange !== undefined) parts.push('to', quoteIfNeeded(r.exchange))
  if (r.kind === 'nothing_but') parts.push('nothing', 'but')
  parts.push(JSON.stringify(r.key))
  if (r.headers && Object.keys(r.headers).length > 0) parts.push('headers', printTable(r.headers))
  const queues = r.queues.map(quoteIfNeeded).join(', ')
  if (r.kind === 'unroutable') parts.push('unroutable')
  else parts.push(r.kind === 'reaches_only' ? 'reaches only' : 'reaches', queues)
  return parts.join(' ')
}

/** A requirement written as text (a scenario's `expect` string) that does not parse. */
export class RequirementTextError extends Error {
  constructor(
    message: string,
    readonly column: number,
  ) {
    super(message)
    this.name = 'RequirementTextError'
  }
}

/** Parse the text after `expect` (the leading word may be given or left out). */
export function parseRequirementText(text: string, vhost?: string): Requirement {
  try {
    const tokens = tokenizeLine(text)
    const c = new Cursor(tokens, text.trimEnd().length + 1)
    c.acceptWord('expect')
    const r = expectStatement(c, vhost === '/' ? undefined : vhost)
    if (!c.done()) throw c.error('unexpected text after the requirement', 'trailing')
    return r
  } catch (e) {
    if (e instanceof ParseError || e instanceof LexError) throw new RequirementTextError(e.message, e.column)
    throw e
  }
}
