/**
 * A policy pattern (Erlang `re`, PCRE 8.44, no options) parsed into a small regular-expression tree.
 * It works on the pattern's UTF-8 bytes as PCRE does without `unicode`, so error offsets are PCRE's.
 * Syntax errors carry PCRE's own message and offset; constructs a backtracking-free matcher cannot
 * run (back references, lookaround, atomic groups, possessive quantifiers, recursion, \p …) are
 * refused as `unsupported`: RabbitMQ may accept them, the playground says it does not simulate them.
 */
import { latin1Text, utf8Bytes } from './latin1'
import { parseClass } from './parse-class'
import {
  type AssertKind,
  byteSet,
  classEscape,
  type Node,
  type ParseState,
  PatternError,
  quoted,
  readEscape,
} from './parse-escapes'

export type { AssertKind, Node } from './parse-escapes'
export { PatternError } from './parse-escapes'

const c = (s: string) => s.charCodeAt(0)
const isDigit = (b: number) => b >= 0x30 && b <= 0x39
const MAX_REPEAT = 65535

export function parsePattern(pattern: string): Node {
  const st: ParseState = {
    src: utf8Bytes(pattern),
    pos: 0,
    opts: { i: false, m: false, s: false, x: false, X: false },
  }
  const node = alternation(st)
  if (st.pos < st.src.length) throw new PatternError('unmatched parentheses', st.pos)
  return node
}

function alternation(st: ParseState): Node {
  const items = [branch(st)]
  while (st.src[st.pos] === c('|')) {
    st.pos++
    items.push(branch(st))
  }
  return items.length === 1 ? items[0] : { t: 'alt', items }
}

const literal = (st: ParseState, b: number): Node => ({ t: 'set', set: byteSet(st, b) })

/** An escape outside a class: zero or more items, each with whether a quantifier may follow it. */
function escapeOutside(st: ParseState): [Node, boolean][] {
  const e = readEscape(st, false)
  if ('byte' in e) return [[literal(st, e.byte), true]]
  if ('set' in e) return [[{ t: 'set', set: e.set }, true]]
  if ('assert' in e) return [[{ t: 'assert', kind: e.assert }, false]]
  if ('quote' in e) return quoted(st).map((b) => [literal(st, b), true])
  return [] // a lone \E is ignored
}

/** Skips white space and `#` comments in extended mode (outside classes). */
function skipExtended(st: ParseState): void {
  const { src } = st
  while (st.opts.x && st.pos < src.length) {
    const b = src[st.pos]
    if (b === 0x20 || (b >= 9 && b <= 13)) st.pos++
    else if (b === c('#')) while (st.pos < src.length && src[st.pos++] !== 10);
    else return
  }
}

function branch(st: ParseState): Node {
  const { src } = st
  const items: Node[] = []
  // Whether the last item may take a quantifier (PCRE's `previous`).
  let repeatable = false
  const push = (n: Node, canRepeat: boolean) => {
    items.push(n)
    repeatable = canRepeat
  }
  for (;;) {
    skipExtended(st)
    if (st.pos >= src.length) break
    const b = src[st.pos]
    if (b === c('|') || b === c(')')) break
    const quant = quantifier(st)
    if (quant) {
      if (!repeatable) throw new PatternError('nothing to repeat', quant.last)
      items.push({ t: 'rep', node: items.pop() as Node, min: quant.min, max: quant.max })
      repeatable = false
      continue
    }
    if (b === c('(')) {
      const g = group(st)
      if (g === 'comment') continue
      if (g === 'options') repeatable = false
      else push(g, true)
    } else if (b === c('[')) push(parseClass(st), true)
    else if (b === c('.')) {
      st.pos++
      push({ t: 'set', set: classEscape('N', st.opts.s) }, true)
    } else if (b === c('^') || b === c('$')) {
      st.pos++
      const kind: AssertKind =
        b === c('^') ? (st.opts.m ? 'line-start' : 'start') : st.opts.m ? 'line-end' : 'end-nl'
      push({ t: 'assert', kind }, false)
    } else if (b === c('\\')) {
      const e = escapeOutside(st)
      for (const [n, canRepeat] of e) push(n, canRepeat)
    } else {
      st.pos++
      push(literal(st, b), true)
    }
  }
  return items.length === 1 ? items[0] : { t: 'cat', items }
}

/** `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}` with an optional lazy `?`; a possessive `+` is refused. */
function quantifier(st: ParseState): { min: number; max: number; last: number } | null {
  const { src } = st
  const at = st.pos
  const b = src[at]
  let min: number
  let max: number
  if (b === c('*') || b === c('+') || b === c('?')) {
    st.pos++
    ;[min, max] = b === c('*') ? [0, Infinity] : b === c('+') ? [1, Infinity] : [0, 1]
  } else if (b === c('{')) {
    const m = braces(src, at)
    if (!m) return null
    if (m.min > MAX_REPEAT || (m.max !== Infinity && m.max > MAX_REPEAT))
      throw new PatternError('number too big in {} quantifier', m.end)
    if (m.max < m.min) throw new PatternError('numbers out of order in {} quantifier', m.end)
    st.pos = m.end + 1
    ;({ min, max } = m)
  } else return null
  const last = st.pos - 1
  if (src[st.pos] === c('?')) st.pos++
  else if (src[st.pos] === c('+')) throw new PatternError('a possessive quantifier', at, true)
  return { min, max, last }
}

/** `{n}`, `{n,}` or `{n,m}` at `at` (anything else is a literal `{` in PCRE 8). */
function braces(src: Uint8Array, at: number): { min: number; max: number; end: number } | null {
  let p = at + 1
  const num = () => {
    const start = p
    while (isDigit(src[p])) p++
    return p > start ? Number(latin1Text(src.subarray(start, p))) : null
  }
  const min = num()
  if (min === null) return null
  if (src[p] === c('}')) return { min, max: min, end: p }
  if (src[p] !== c(',')) return null
  p++
  const max = num()
  if (src[p] !== c('}')) return null
  return { min, max: max ?? Infinity, end: p }
}

const OPTION_LETTERS = 'imsxJUX'

/**
 * A group at `(`: its tree, or 'options' for `(?i)` (which changes the rest of the enclosing group,
 * later alternatives included, as in PCRE 8), or 'comment' for `(?#…)`.
 */
function group(st: ParseState): Node | 'options' | 'comment' {
  const { src } = st
  const open = st.pos
  st.pos++
  const saved = { ...st.opts }
  // `(*VERB)`; a `*` not followed by a letter is a quantifier with nothing to repeat.
  if (src[st.pos] === c('*') && /[A-Z]/.test(String.fromCharCode(src[st.pos + 1] ?? 0)))
    throw new PatternError('a backtracking control verb', open, true)
  if (src[st.pos] === c('?')) {
    st.pos++
    const k = src[st.pos]
    if (k === c('#')) {
      while (st.pos < src.length && src[st.pos] !== c(')')) st.pos++
      if (st.pos >= src.length) throw new PatternError('missing ) after comment', st.pos)
      st.pos++
      return 'comment'
    }
    const unsupported = (what: string) => new PatternError(what, open, true)
    if (k === c(':') || k === c('|')) st.pos++
    else if (k === c('>')) throw unsupported('an atomic group')
    else if (k === c('=') || k === c('!')) throw unsupported('a lookahead assertion')
    else if (k === c('<') && (src[st.pos + 1] === c('=') || src[st.pos + 1] === c('!')))
      throw unsupported('a lookbehind assertion')
    else if (k === c('<') || k === c("'")) groupName(st, k === c('<') ? c('>') : c("'"), k === c('<'))
    else if (k === c('P')) {
      const n = src[st.pos + 1]
      if (n === c('<')) {
        st.pos++
        groupName(st, c('>'), false)
      } else if (n === c('=') || n === c('>')) throw unsupported('a reference to a named group')
      else throw new PatternError('unrecognized character after (?P', st.pos + 1)
    } else if (k === c('(')) throw unsupported('a conditional group')
    else if (k === c('C')) throw unsupported('a callout')
    else if (
      k === c('R') ||
      k === c('&') ||
      k === c('+') ||
      isDigit(k) ||
      (k === c('-') && isDigit(src[st.pos + 1]))
    )
      throw unsupported('a recursive or subroutine call')
    else if (options(st) === 'set') return 'options'
  }
  const node = alternation(st)
  if (src[st.pos] !== c(')')) throw new PatternError('missing )', src.length)
  st.pos++
  st.opts = saved
  return node
}

/** `(?imsx-imsx)` (returns 'set': the options stay) or `(?imsx-imsx:` (the group's own options). */
function options(st: ParseState): 'set' | 'group' {
  const { src } = st
  let on = true
  for (;;) {
    const b = src[st.pos]
    if (b === c(')') || b === c(':')) {
      st.pos++
      return b === c(')') ? 'set' : 'group'
    }
    if (b === c('-') && on) on = false
    else if (b !== undefined && OPTION_LETTERS.includes(String.fromCharCode(b))) {
      const letter = String.fromCharCode(b)
      if (letter in st.opts) st.opts[letter as keyof ParseState['opts']] = on
    } else throw new PatternError('unrecognized character after (? or (?-', Math.min(st.pos, src.length))
    st.pos++
  }
}

/** A group name up to its terminator: word characters, not starting with a digit. */
function groupName(st: ParseState, end: number, angle: boolean): void {
  const { src } = st
  st.pos++
  const start = st.pos
  if (isDigit(src[st.pos])) throw new PatternError('group name must start with a non-digit', st.pos)
  while (st.pos < src.length && /\w/.test(String.fromCharCode(src[st.pos]))) st.pos++
  // `(?<>` is not a named group (PCRE 8.44); `(?''` and `(?P<>` pass as empty names.
  if (st.pos === start && angle) throw new PatternError('unrecognized character after (?<', st.pos)
  if (src[st.pos] !== end)
    throw new PatternError('syntax error in subpattern name (missing terminator)', st.pos)
  st.pos++
}
