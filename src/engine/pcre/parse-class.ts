/** A character class `[…]` as PCRE 8 reads it in non-UTF mode: one byte per member. */
import { add, type ByteSet, CBITS, emptySet, invert, latin1Text, otherCase, union } from './latin1'
import { type Node, type ParseState, PatternError, quoted, readEscape } from './parse-escapes'

const c = (s: string) => s.charCodeAt(0)

/** PCRE's check_posix_syntax: `[:name:]` (or `[.x.]`, `[=x=]`) starting at `p`. */
function posixAt(src: Uint8Array, p: number): boolean {
  const term = src[p + 1]
  if (src[p] !== c('[') || (term !== c(':') && term !== c('.') && term !== c('='))) return false
  for (let q = p + 2; q < src.length; q++) {
    if (src[q] === c('\\') && (src[q + 1] === c(']') || src[q + 1] === c('\\'))) q++
    else if ((src[q] === c('[') && src[q + 1] === term) || src[q] === c(']')) return false
    else if (src[q] === term && src[q + 1] === c(']')) return true
  }
  return false
}

const without = (a: ByteSet, b: ByteSet) => a.map((x, i) => x & ~b[i])
const minusBits = (a: ByteSet, index: number, mask: number) => {
  const out = a.slice()
  out[index] &= ~mask
  return out
}

/** pcre_compile's posix_class_maps over the Latin-1 tables (so [:ascii:] is print|cntrl: every byte). */
function posixSet(name: string, caseless: boolean): ByteSet | null {
  const { word, digit, lower, upper, print, cntrl, space } = CBITS
  if (caseless && (name === 'lower' || name === 'upper')) name = 'alpha'
  switch (name) {
    case 'alpha':
      return minusBits(without(word, digit), 11, 0x80)
    case 'lower':
      return lower.slice()
    case 'upper':
      return upper.slice()
    case 'alnum':
      return minusBits(word, 11, 0x80)
    case 'ascii':
      return print.map((x, i) => x | cntrl[i])
    case 'blank':
      return minusBits(space, 1, 0x3c)
    case 'cntrl':
    case 'digit':
    case 'graph':
    case 'print':
    case 'punct':
    case 'space':
    case 'word':
    case 'xdigit':
      return CBITS[name].slice()
    default:
      return null
  }
}

function posixClass(st: ParseState): ByteSet {
  const { src } = st
  const p = st.pos
  const term = src[p + 1]
  if (term !== c(':')) throw new PatternError('POSIX collating elements are not supported', p)
  let q = p + 2
  const negate = src[q] === c('^')
  if (negate) q++
  const start = q
  while (!(src[q] === term && src[q + 1] === c(']'))) q++
  const name = latin1Text(src.subarray(start, q))
  const set = posixSet(name, st.opts.i)
  if (!set) throw new PatternError('unknown POSIX class name', start)
  st.pos = q + 2
  return negate ? invert(set) : set
}

/** Adds lo..hi (and their other case under `(?i)`). */
function addRange(st: ParseState, set: ByteSet, lo: number, hi: number): void {
  for (let b = lo; b <= hi; b++) {
    add(set, b)
    if (st.opts.i) add(set, otherCase(b))
  }
}

export function parseClass(st: ParseState): Node {
  const { src } = st
  if (posixAt(src, st.pos))
    throw new PatternError(
      src[st.pos + 1] === c(':')
        ? 'POSIX named classes are supported only within a class'
        : 'POSIX collating elements are not supported',
      st.pos,
    )
  st.pos++
  const negate = src[st.pos] === c('^')
  if (negate) st.pos++
  const set = emptySet()
  let first = true
  for (;;) {
    if (st.pos >= src.length) throw new PatternError('missing terminating ] for character class', src.length)
    if (src[st.pos] === c(']') && !first) {
      st.pos++
      break
    }
    first = false
    if (posixAt(src, st.pos)) {
      union(set, posixClass(st))
      continue
    }
    const lo = member(st, set)
    if (lo === null) continue
    // A range, unless `-` is last (then it is a literal member).
    if (src[st.pos] !== c('-') || st.pos + 1 >= src.length || src[st.pos + 1] === c(']')) {
      addRange(st, set, lo, lo)
      continue
    }
    st.pos++
    // PCRE 8.44 refuses a class as the far end: `[a-\d]`, `[a-[:digit:]]`.
    if (posixAt(src, st.pos)) throw new PatternError('invalid range in character class', st.pos)
    const hi = member(st, set)
    if (hi === null) throw new PatternError('invalid range in character class', st.pos - 1)
    if (hi < lo) throw new PatternError('range out of order in character class', st.pos - 1)
    addRange(st, set, lo, hi)
  }
  return { t: 'set', set: negate ? invert(set) : set }
}

/**
 * One member: its byte value (for the caller to add, or to use as a range's end), or null when it
 * was a class escape (added to `set` at once). `\Q…\E` gives its first byte; the rest go into `set`.
 */
function member(st: ParseState, set: ByteSet): number | null {
  const { src } = st
  if (src[st.pos] !== c('\\')) return src[st.pos++]
  for (;;) {
    const e = readEscape(st, true)
    if ('byte' in e) return e.byte
    if ('set' in e) {
      union(set, e.set)
      return null
    }
    if ('quote' in e) {
      const [head, ...rest] = quoted(st)
      for (const b of rest) addRange(st, set, b, b)
      if (head !== undefined) return head
    }
    // `\E`, or an empty `\Q\E`: the member is whatever follows.
    if (st.pos >= src.length || src[st.pos] !== c('\\')) return st.pos < src.length ? src[st.pos++] : null
  }
}
