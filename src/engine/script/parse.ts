/**
 * The topology script → operations in time order, each with its SourceLocation. Every error is
 * located (line, column); a bad line is reported and skipped, the other lines still parse.
 */
import { isProfileName, PROFILES as PROFILE_RULES } from '../broker/profiles'
import type { Operation, ProfileName, Requirement, SourceLocation } from '../broker/types'
import { Cursor, ParseError } from './cursor'
import { expectStatement, printRequirement } from './expect-statement'
import { LexError, splitLines, tokenizeLine } from './lexer'
import { policyStatement } from './policy-statement'
import { binding, deletion, exchangeDeclare, publish, queueDeclare } from './statements'
import { nearest } from './suggest'

export interface ScriptDiagnostic {
  /** Stable code for translation (`unexpected`, `expected-name`, `unterminated-string`, …). */
  code: string
  /** English text; the UI translates by code with `params`. */
  message: string
  /** Values for the translated text (the word found, what was expected, …). */
  params: Record<string, string>
  /** The closest valid word, for "did you mean …?". */
  suggestion?: string
  severity: 'error' | 'warning'
  loc: SourceLocation
}

export interface ParseResult {
  ops: Operation[]
  diagnostics: ScriptDiagnostic[]
  /** From a `profile` line, when there is one. */
  profile?: ProfileName
  /** Every `vhost` named in the script, in first-use order. */
  vhosts: string[]
  /** The vhost in force after the last line (where appended statements would land). */
  finalVhost: string
  /** Names declared in the script (for completion), in first-declaration order. */
  declared: { exchanges: string[]; queues: string[]; publishes: string[] }
  /** `expect` lines: requirements over every message (src/engine/analysis checks them). */
  requirements: WrittenRequirement[]
}

/** A requirement as written in the script: where, and its canonical text. */
export interface WrittenRequirement {
  requirement: Requirement
  text: string
  loc: SourceLocation
}

const PROFILES = Object.keys(PROFILE_RULES)
const STATEMENTS = ['profile', 'vhost', 'exchange', 'queue', 'bind', 'unbind', 'delete', 'publish', 'expect']

/** A parser's running state: the result so far and what the next line depends on (vhost, ids). */
export interface ParserState {
  result: ParseResult
  /** The vhost in force (undefined = "/"). */
  vhost: string | undefined
  publishCount: number
  // Sets beside the ordered lists: membership checks stay O(1), so 10⁵ statements parse in linear time.
  seen: Seen
}

export function newParserState(): ParserState {
  return {
    result: {
      ops: [],
      diagnostics: [],
      vhosts: [],
      finalVhost: '/',
      declared: { exchanges: [], queues: [], publishes: [] },
      requirements: [],
    },
    vhost: undefined,
    publishCount: 0,
    seen: { exchanges: new Set(), queues: new Set(), publishes: new Set(), vhosts: new Set() },
  }
}

/** Parse a whole script. Never throws: problems come back as located diagnostics. */
export function parseScript(text: string): ParseResult {
  const state = newParserState()
  splitLines(text).forEach((line, index) => {
    parseLine(state, line, index + 1)
  })
  return state.result
}

/**
 * Parse one line into `state` (a line depends only on the lines before it, so a script can be
 * parsed line by line, and an incremental parser can resume after an unchanged prefix).
 */
export function parseLine(state: ParserState, line: string, lineNo: number): void {
  const { result, seen } = state
  const autoId = () => {
    let id = `m${++state.publishCount}`
    while (seen.publishes.has(id)) id = `m${++state.publishCount}`
    return id
  }
  try {
    const tokens = tokenizeLine(line)
    if (tokens.length === 0) return
    const c = new Cursor(tokens, line.trimEnd().length + 1)
    const head = c.next()
    const loc: SourceLocation = {
      line: lineNo,
      column: tokens[0]?.column ?? 1,
      endLine: lineNo,
      endColumn: tokens[tokens.length - 1]?.endColumn ?? 1,
    }
    let op: Operation | null = null
    switch (head?.kind === 'word' ? head.text : '') {
      case 'profile': {
        const t = c.name('profile')
        if (!isProfileName(t.text))
          throw c.errorAt(
            t,
            'unknown profile; use rabbitmq-4, rabbitmq-4.0, rabbitmq-3.10, teaching or robustmq',
            'unknown-profile',
            { word: t.text, expected: PROFILES.join(', ') },
            nearest(t.text, PROFILES),
          )
        if (result.profile !== undefined)
          throw c.errorAt(head as never, 'profile is set twice', 'duplicate-profile')
        result.profile = t.text
        break
      }
      case 'vhost': {
        const name = c.name('vhost').text
        state.vhost = name === '/' ? undefined : name
        result.finalVhost = name
        addOnce(result.vhosts, seen.vhosts, name)
        break
      }
      case 'exchange':
        op = entityStatement(c, 'exchange', state.vhost)
        break
      case 'queue':
        op = entityStatement(c, 'queue', state.vhost)
        break
      case 'bind':
        op = binding(c, 'bind', state.vhost)
        break
      case 'unbind':
        op = binding(c, 'unbind', state.vhost)
        break
      case 'delete': {
        const what = c.peek()?.text
        if (what !== 'exchange' && what !== 'queue')
          throw c.error(
            'expected "exchange" or "queue"',
            'expected-word',
            { expected: 'exchange, queue' },
            nearest(what ?? '', ['exchange', 'queue']),
          )
        c.next()
        op = deletion(c, what, state.vhost)
        break
      }
      case 'publish':
        op = publish(c, state.vhost, autoId)
        break
      case 'policy':
        op = policyStatement(c, state.vhost)
        break
      case 'expect': {
        const requirement = expectStatement(c, state.vhost)
        if (!c.done()) throw c.error('unexpected text after the statement', 'trailing')
        result.requirements.push({ requirement, text: printRequirement(requirement), loc })
        break
      }
      default:
        throw c.errorAt(
          head as never,
          `unknown statement ${(head as { raw: string }).raw}; a line starts with one of: ${STATEMENTS.join(', ')}`,
          'unknown-statement',
          { word: (head as { raw: string }).raw, expected: STATEMENTS.join(', ') },
          head?.kind === 'word' ? nearest(head.text, [...STATEMENTS, 'policy']) : undefined,
        )
    }
    if (!c.done()) throw c.error('unexpected text after the statement', 'trailing')
    if (op) {
      op.loc = loc
      record(result, seen, op)
      result.ops.push(op)
    }
  } catch (err) {
    if (!(err instanceof ParseError || err instanceof LexError)) throw err
    result.diagnostics.push({
      code: err.code,
      message: err.message,
      params: err.params,
      ...(err.suggestion ? { suggestion: err.suggestion } : {}),
      severity: 'error',
      loc: {
        line: lineNo,
        column: err.column,
        endLine: lineNo,
        endColumn: Math.max(err.endColumn, err.column + 1),
      },
    })
  }
}

function entityStatement(c: Cursor, what: 'exchange' | 'queue', vhost: string | undefined): Operation {
  if (c.acceptWord('declare')) return what === 'exchange' ? exchangeDeclare(c, vhost) : queueDeclare(c, vhost)
  if (c.acceptWord('delete')) return deletion(c, what, vhost)
  const found = c.peek()
  throw c.error(
    `expected "declare" or "delete" after ${what}`,
    'expected-word',
    { expected: 'declare, delete' },
    found?.kind === 'word' ? nearest(found.text, ['declare', 'delete']) : undefined,
  )
}

export type Seen = {
  exchanges: Set<string>
  queues: Set<string>
  publishes: Set<string>
  vhosts: Set<string>
}

function addOnce(list: string[], set: Set<string>, name: string): void {
  if (set.has(name)) return
  set.add(name)
  list.push(name)
}

function record(result: ParseResult, seen: Seen, op: Operation): void {
  const d = result.declared
  if (op.op === 'exchange.declare') addOnce(d.exchanges, seen.exchanges, op.exchange.name)
  else if (op.op === 'queue.declare') addOnce(d.queues, seen.queues, op.queue.name)
  else if (op.op === 'publish') addOnce(d.publishes, seen.publishes, op.publish.id)
}
