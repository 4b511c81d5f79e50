/**
 * Tokens of one script line. The language is line-oriented: a statement never spans lines, so a typo
 * on one line cannot swallow the next one. `//` starts a comment (never `#`, the topic wildcard).
 */

export type TokenKind = 'word' | 'string' | 'punct'

export interface Token {
  kind: TokenKind
  /** Raw text as written (for strings: with the quotes). */
  raw: string
  /** The value: unquoted/unescaped for strings, the raw text otherwise. */
  text: string
  /** 1-based columns, end exclusive (Monaco's convention). */
  column: number
  endColumn: number
}

export class LexError extends Error {
  readonly params: Record<string, string> = {}
  readonly suggestion?: string
  constructor(
    message: string,
    readonly column: number,
    readonly endColumn: number,
    readonly code: string,
  ) {
    super(message)
    this.name = 'LexError'
  }
}

const PUNCT = new Set(['{', '}', '[', ']', ',', ':'])
const SPACE = /\s/

/** Split one line into tokens. Throws LexError (located) on an unterminated or malformed string. */
export function tokenizeLine(line: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < line.length) {
    const ch = line[i] as string
    if (SPACE.test(ch)) {
      i++
      continue
    }
    if (ch === '/' && line[i + 1] === '/') break
    if (PUNCT.has(ch)) {
      tokens.push({ kind: 'punct', raw: ch, text: ch, column: i + 1, endColumn: i + 2 })
      i++
      continue
    }
    if (ch === '"') {
      const end = closingQuote(line, i)
      if (end < 0)
        throw new LexError(
          'unterminated string: a closing " is missing',
          i + 1,
          line.length + 1,
          'unterminated-string',
        )
      const raw = line.slice(i, end + 1)
      let text: string
      try {
        text = JSON.parse(raw) as string
      } catch {
        throw new LexError(
          `invalid string ${raw}: use JSON escapes (\\" \\\\ \\n \\t \\uXXXX)`,
          i + 1,
          end + 2,
          'bad-escape',
        )
      }
      tokens.push({ kind: 'string', raw, text, column: i + 1, endColumn: end + 2 })
      i = end + 1
      continue
    }
    let j = i
    while (j < line.length) {
      const c = line[j] as string
      if (SPACE.test(c) || PUNCT.has(c) || c === '"' || (c === '/' && line[j + 1] === '/')) break
      j++
    }
    const raw = line.slice(i, j)
    tokens.push({ kind: 'word', raw, text: raw, column: i + 1, endColumn: j + 1 })
    i = j
  }
  return tokens
}

function closingQuote(line: string, start: number): number {
  for (let i = start + 1; i < line.length; i++) {
    if (line[i] === '\\') i++
    else if (line[i] === '"') return i
  }
  return -1
}

/** Split text into lines the way Monaco counts them (\r\n, \n or \r). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/)
}
