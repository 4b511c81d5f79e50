/**
 * A policy pattern for names behind a prefix (the lab kits' prefix mode, where every scenario name
 * `n` is `PREFIX + n` on a shared vhost): PCRE source that matches `PREFIX + n` exactly when the
 * pattern matches `n`, and never a name without the prefix. It is written from the parsed tree, not
 * by editing the text: `^` must mean "just after the prefix", and an unanchored pattern must not
 * start inside the prefix (`.foo` would match `….foo`). Checked against Erlang's `re` in
 * tests/conformance/policy-patterns.conf.ts.
 *
 * The prefix is known only when the kit runs, so the source comes in parts to be joined with the
 * prefix escaped as a PCRE literal (`escapePcreLiteral`). The prefix must end with a non-word byte
 * (the kits' end with `.`), so `\b` just after it means what it means at the start of a name.
 */
import { has, isWord, utf8Bytes } from './latin1'
import type { AssertKind, Node } from './parse'
import { PatternError, parsePattern } from './parse'

export type PrefixedPattern =
  /** Join with the escaped prefix: `parts.join(escapePcreLiteral(prefix))`. */
  | { parts: string[] }
  /** PCRE refuses the pattern: the broker answers 400 whatever the prefix. */
  | { invalid: true }
  /** A construct the engine does not parse (lookaround, back references …): no exact rewrite. */
  | { unsupported: true }

const hex = (b: number) => `\\x${b.toString(16).padStart(2, '0')}`
const isAlnum = (b: number) =>
  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)
const inClass = (b: number) => (isAlnum(b) ? String.fromCharCode(b) : hex(b))

/** A byte set as one PCRE atom (bytes as `\xhh`: the pattern runs without the `unicode` option). */
function setSource(set: Uint8Array): string {
  const ranges: [number, number][] = []
  for (let b = 0; b < 256; b++) {
    if (!has(set, b)) continue
    const last = ranges[ranges.length - 1]
    if (last && last[1] === b - 1) last[1] = b
    else ranges.push([b, b])
  }
  if (ranges.length === 0) return '(?!)'
  const [first] = ranges
  if (ranges.length === 1 && first[0] === first[1]) return inClass(first[0])
  return `[${ranges.map(([a, z]) => (a === z ? inClass(a) : z === a + 1 ? inClass(a) + inClass(z) : `${inClass(a)}-${inClass(z)}`)).join('')}]`
}

/** `START` stands for "just after the prefix"; it becomes a lookbehind on the joined prefix. */
const START = '\u0000'

function assertSource(kind: AssertKind): string {
  switch (kind) {
    case 'start':
      return `(?<=^${START})`
    case 'line-start':
      return `(?:(?<=^${START})|(?m:^))`
    case 'end':
      return '\\z'
    case 'end-nl':
      return '\\Z'
    case 'line-end':
      return '(?m:$)'
    case 'word-b':
      return '\\b'
    case 'not-word-b':
      return '\\B'
  }
}

function source(n: Node): string {
  switch (n.t) {
    case 'set':
      return setSource(n.set)
    case 'assert':
      return assertSource(n.kind)
    case 'cat':
      return n.items.map((x) => (x.t === 'alt' ? `(?:${source(x)})` : source(x))).join('')
    case 'alt':
      return n.items.map(source).join('|')
    case 'rep': {
      const inner = source(n.node)
      const atom = n.node.t === 'set' && !inner.startsWith('(') ? inner : `(?:${inner})`
      const q =
        n.max === Infinity
          ? n.min === 0
            ? '*'
            : n.min === 1
              ? '+'
              : `{${n.min},}`
          : n.min === 0 && n.max === 1
            ? '?'
            : n.min === n.max
              ? `{${n.min}}`
              : `{${n.min},${n.max}}`
      return atom + q
    }
  }
}

/** The pattern rewritten for prefixed names (see the file comment). */
export function prefixedPolicyPattern(pattern: string): PrefixedPattern {
  let tree: Node
  try {
    tree = parsePattern(pattern)
  } catch (e) {
    if (!(e instanceof PatternError)) throw e
    return e.unsupported ? { unsupported: true } : { invalid: true }
  }
  // Anchored at the prefix, then searched anywhere after it, as re:run searches a name.
  const whole = `^${START}[\\x00-\\xff]*?(?:${source(tree)})`
  return { parts: whole.split(START) }
}

/** Text as a PCRE literal: every byte but ASCII letters and digits behind a backslash. */
function escapePcreLiteral(text: string): string {
  return [...text].map((ch) => (/^[A-Za-z0-9]$/.test(ch) ? ch : `\\${ch}`)).join('')
}

/** The parts joined for `prefix` (which must end with a non-word byte). */
export function joinPrefixed(parts: readonly string[], prefix: string): string {
  const bytes = utf8Bytes(prefix)
  if (bytes.length === 0 || isWord(bytes[bytes.length - 1] as number))
    throw new Error(`a prefix for policy patterns must end with a non-word byte: ${JSON.stringify(prefix)}`)
  return parts.join(escapePcreLiteral(prefix))
}
