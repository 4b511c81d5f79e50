/** The pattern tree, parser state and errors, and PCRE 8's backslash escapes (non-UTF mode). */
import { add, type ByteSet, CBITS, emptySet, invert, otherCase, setOf } from './latin1'

export type AssertKind = 'start' | 'line-start' | 'end' | 'end-nl' | 'line-end' | 'word-b' | 'not-word-b'

export type Node =
  | { t: 'set'; set: ByteSet }
  | { t: 'cat'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'rep'; node: Node; min: number; max: number }
  | { t: 'assert'; kind: AssertKind }

export interface ParseState {
  src: Uint8Array
  pos: number
  opts: { i: boolean; m: boolean; s: boolean; x: boolean; X: boolean }
}

/** A refused pattern: PCRE's message and byte offset, or a construct the playground does not run. */
export class PatternError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly unsupported = false,
  ) {
    super(message)
    this.name = 'PatternError'
  }
}

const c = (s: string) => s.charCodeAt(0)
const isOctal = (b: number) => b >= 0x30 && b <= 0x37
const hexValue = (b: number) => {
  const ch = String.fromCharCode(b)
  return /[0-9a-fA-F]/.test(ch) ? Number.parseInt(ch, 16) : -1
}

/** `\d \D \s \S \w \W \h \H \v \V`, and `N` for "any byte but newline" (`.`; `s` makes it any byte). */
export function classEscape(letter: string, dotall = false): ByteSet {
  const lower = letter.toLowerCase()
  let set: ByteSet
  if (lower === 'd') set = CBITS.digit.slice()
  else if (lower === 's') set = CBITS.space.slice()
  else if (lower === 'w') set = CBITS.word.slice()
  else if (lower === 'h') set = setOf(0x09, 0x20, 0xa0)
  else if (lower === 'v') set = setOf(0x0a, 0x0b, 0x0c, 0x0d, 0x85)
  else return dotall ? invert(emptySet()) : invert(setOf(0x0a))
  return letter === lower ? set : invert(set)
}

const ASSERTS: Record<string, AssertKind> = {
  A: 'start',
  G: 'start',
  z: 'end',
  Z: 'end-nl',
  b: 'word-b',
  B: 'not-word-b',
}
const SIMPLE: Record<string, number> = { a: 7, e: 27, f: 12, n: 10, r: 13, t: 9 }
const UNSUPPORTED: Record<string, string> = {
  p: 'a Unicode property (\\p)',
  P: 'a Unicode property (\\P)',
  X: 'an extended grapheme cluster (\\X)',
  R: 'a newline sequence (\\R)',
  C: 'a single code unit (\\C)',
  K: 'a match-start reset (\\K)',
  g: 'a back reference (\\g)',
  k: 'a back reference (\\k)',
}

/**
 * One escape after `\` (st.pos on the backslash): a byte value, a set, an assertion, or the start of
 * `\Q…\E`. `inClass` changes `\b` (backspace), digits (always octal) and what is allowed.
 */
export function readEscape(
  st: ParseState,
  inClass: boolean,
): { byte: number } | { set: ByteSet } | { assert: AssertKind } | { quote: true } | { skip: true } {
  const { src } = st
  if (st.pos + 1 >= src.length) throw new PatternError('\\ at end of pattern', src.length)
  st.pos++
  const b = src[st.pos]
  const ch = String.fromCharCode(b)
  st.pos++
  if ('dDsSwWhHvV'.includes(ch)) return { set: classEscape(ch) }
  if (ch === 'N') {
    if (src[st.pos] === c('{'))
      throw new PatternError('PCRE does not support \\L, \\l, \\N{name}, \\U, or \\u', st.pos - 1)
    if (inClass) throw new PatternError('\\N is not supported in a class', st.pos - 1)
    return { set: classEscape('N') }
  }
  if (ch === 'b' && inClass) return { byte: 8 }
  if (Object.hasOwn(ASSERTS, ch) && !inClass) return { assert: ASSERTS[ch] }
  if (ch === 'Q') return { quote: true }
  if (ch === 'E') return { skip: true }
  if (Object.hasOwn(SIMPLE, ch)) return { byte: SIMPLE[ch] }
  if ('LlUu'.includes(ch))
    throw new PatternError('PCRE does not support \\L, \\l, \\N{name}, \\U, or \\u', st.pos - 1)
  if (Object.hasOwn(UNSUPPORTED, ch)) throw new PatternError(UNSUPPORTED[ch], st.pos - 2, true)
  if (ch === '0' || (inClass && isOctal(b))) {
    let v = b - 0x30
    for (let n = 0; n < 2 && isOctal(src[st.pos]); n++) v = v * 8 + src[st.pos++] - 0x30
    return { byte: v & 0xff }
  }
  if (b >= 0x31 && b <= 0x39) {
    if (inClass) return { byte: b }
    throw new PatternError('a back reference', st.pos - 2, true)
  }
  if (ch === 'x') return { byte: hexEscape(st) }
  if (ch === 'o') return { byte: octalBraces(st) }
  if (ch === 'c') {
    if (st.pos >= src.length) throw new PatternError('\\c at end of pattern', src.length)
    const x = src[st.pos++]
    if (x > 127) throw new PatternError('\\c must be followed by an ASCII character', st.pos - 1)
    return { byte: (x >= 0x61 && x <= 0x7a ? x - 32 : x) ^ 0x40 }
  }
  if (st.opts.X && /[A-Za-z0-9]/.test(ch))
    throw new PatternError(
      inClass ? 'invalid escape sequence in character class' : 'unrecognized character follows \\',
      st.pos - 1,
    )
  return { byte: b }
}

/** `\xhh` (0–2 hex digits) or `\x{hhh}` (at most 0xff without `unicode`). */
function hexEscape(st: ParseState): number {
  const { src } = st
  if (src[st.pos] === c('{')) {
    let p = st.pos + 1
    let v = 0
    while (hexValue(src[p]) >= 0) v = v * 16 + hexValue(src[p++])
    if (src[p] !== c('}')) throw new PatternError('non-hex character in \\x{} (closing brace missing?)', p)
    if (p === st.pos + 1) throw new PatternError('digits missing in \\x{} or \\o{}', p)
    if (v > 0xff) throw new PatternError('character value in \\x{} or \\o{} is too large', p)
    st.pos = p + 1
    return v
  }
  let v = 0
  for (let n = 0; n < 2 && hexValue(src[st.pos]) >= 0; n++) v = v * 16 + hexValue(src[st.pos++])
  return v
}

function octalBraces(st: ParseState): number {
  const { src } = st
  if (src[st.pos] !== c('{')) throw new PatternError('missing opening brace after \\o', st.pos - 1)
  let p = st.pos + 1
  let v = 0
  while (isOctal(src[p])) v = v * 8 + src[p++] - 0x30
  if (src[p] !== c('}') || p === st.pos + 1)
    throw new PatternError('non-octal character in \\o{} (closing brace missing?)', p)
  if (v > 0xff) throw new PatternError('character value in \\x{} or \\o{} is too large', p)
  st.pos = p + 1
  return v
}

/** A set for one byte, with its other case under `(?i)`. */
export function byteSet(st: ParseState, b: number): ByteSet {
  const set = setOf(b)
  if (st.opts.i) add(set, otherCase(b))
  return set
}

/** Bytes of `\Q…\E` (st.pos just after `\Q`); the caller turns each into a literal. */
export function quoted(st: ParseState): number[] {
  const { src } = st
  const out: number[] = []
  while (st.pos < src.length) {
    if (src[st.pos] === c('\\') && src[st.pos + 1] === c('E')) {
      st.pos += 2
      return out
    }
    out.push(src[st.pos++])
  }
  return out
}
