/** A cursor over one line's tokens, with located errors for the parser. */
import type { Token } from './lexer'

export class ParseError extends Error {
  constructor(
    message: string,
    readonly column: number,
    readonly endColumn: number,
    readonly code: string,
  ) {
    super(message)
    this.name = 'ParseError'
  }
}

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
    throw this.error(`expected "${p}" ${what}`, 'expected-punct')
  }
  /** A name: a bare word or a quoted string. */
  name(what: string): Token {
    const t = this.peek()
    if (t && t.kind !== 'punct') return this.next() as Token
    throw this.error(`expected ${what}`, 'expected-name')
  }
  /** Error at the next token, or at the end of the line when there is none. */
  error(message: string, code: string): ParseError {
    const t = this.peek()
    if (!t) return new ParseError(`${message} at the end of the line`, this.lineEnd, this.lineEnd + 1, code)
    return new ParseError(`${message}, found ${t.raw}`, t.column, t.endColumn, code)
  }
  errorAt(t: Token, message: string, code: string): ParseError {
    return new ParseError(message, t.column, t.endColumn, code)
  }
}
