/** A cursor over one line's tokens, with located errors for the parser. */
import type { Token } from './lexer'

/** Values a UI needs to say a diagnostic in its own language (words, names, the token found). */
export type DiagnosticParams = Record<string, string>

export class ParseError extends Error {
  constructor(
    message: string,
    readonly column: number,
    readonly endColumn: number,
    readonly code: string,
    readonly params: DiagnosticParams = {},
    /** The closest word that would have been valid here ("did you mean …?"). */
    readonly suggestion?: string,
  ) {
    super(message)
    this.name = 'ParseError'
  }
}

/** What a name position expects: the key goes to `params.what`, the phrase into the English message. */
export const NAME_KINDS = {
  profile: 'a profile name',
  vhost: 'a vhost name',
  exchange: 'an exchange name',
  'exchange-type': 'an exchange type (direct, fanout, topic, headers)',
  queue: 'a queue name',
  source: 'the source exchange name',
  key: 'a routing key (use "" for the empty key)',
  'message-id': 'a message id or "to"',
  'publish-exchange': 'an exchange name ("" is the default exchange)',
  body: 'the message body as a string',
  policy: 'a policy name',
  pattern: 'a pattern (a regular expression)',
  'apply-to': 'all, queues or exchanges',
  number: 'a whole number',
  'table-key': 'a key',
  'key-pattern': 'a routing key pattern (topic syntax: * one word, # zero or more)',
} as const
export type NameKind = keyof typeof NAME_KINDS

export class Cursor {
  private i = 0
  constructor(
    readonly tokens: Token[],
    /** Column just past the line's last character, for "expected … at end of line" errors. */
    readonly lineEnd: number,
  ) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.i + offset]
  }
  next(): Token | undefined {
    return this.tokens[this.i++]
  }
  done(): boolean {
    return this.i >= this.tokens.length
  }
  /** True (and consumes) when the next token is the bare word `word`. */
  acceptWord(word: string): boolean {
    const t = this.peek()
    if (t?.kind === 'word' && t.text === word) {
      this.i++
      return true
    }
    return false
  }
  acceptPunct(p: string): boolean {
    const t = this.peek()
    if (t?.kind === 'punct' && t.text === p) {
      this.i++
      return true
    }
    return false
  }
  expectPunct(p: string, what: string): Token {
    const t = this.peek()
    if (t?.kind === 'punct' && t.text === p) return this.next() as Token
    throw this.error(`expected "${p}" ${what}`, 'expected-punct', { punct: p })
  }
  /** A name: a bare word or a quoted string. */
  name(kind: NameKind): Token {
    const t = this.peek()
    if (t && t.kind !== 'punct') return this.next() as Token
    throw this.error(`expected ${NAME_KINDS[kind]}`, 'expected-name', { what: kind })
  }
  /** Error at the next token (`params.found`), or at the end of the line (`params.atEnd`). */
  error(message: string, code: string, params: DiagnosticParams = {}, suggestion?: string): ParseError {
    const t = this.peek()
    if (!t)
      return new ParseError(
        `${message} at the end of the line`,
        this.lineEnd,
        this.lineEnd + 1,
        code,
        { ...params, atEnd: 'true' },
        suggestion,
      )
    const hint = suggestion ? ` (did you mean ${suggestion}?)` : ''
    return new ParseError(
      `${message}, found ${t.raw}${hint}`,
      t.column,
      t.endColumn,
      code,
      { ...params, found: t.raw },
      suggestion,
    )
  }
  errorAt(
    t: Token,
    message: string,
    code: string,
    params: DiagnosticParams = {},
    suggestion?: string,
  ): ParseError {
    const hint = suggestion ? ` (did you mean ${suggestion}?)` : ''
    return new ParseError(
      `${message}${hint}`,
      t.column,
      t.endColumn,
      code,
      { ...params, found: t.raw },
      suggestion,
    )
  }
}
