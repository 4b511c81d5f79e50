/**
 * String literals for the four kit languages. Every name, key and id of a scenario reaches a kit
 * through these, so quotes, backslashes, `$`, newlines and any Unicode stay data in the generated
 * program, never code. Each escaper emits ASCII only, which also keeps the files encoding-proof.
 */

const hex4 = (c: number) => c.toString(16).padStart(4, '0')

/** `"…"` for JavaScript (ES2019+): JSON's escapes plus \u for everything outside printable ASCII. */
export function jsString(s: string): string {
  let out = '"'
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    const ch = s[i] as string
    if (ch === '"' || ch === '\\') out += `\\${ch}`
    else if (c === 0x0a) out += '\\n'
    else if (c === 0x0d) out += '\\r'
    else if (c === 0x09) out += '\\t'
    else if (c < 0x20 || c > 0x7e) out += `\\u${hex4(c)}`
    else out += ch
  }
  return `${out}"`
}

/** `"…"` for Python 3: \u / \U escapes by code point (surrogate pairs joined, lone ones kept). */
export function pyString(s: string): string {
  let out = '"'
  for (const ch of s) {
    const c = ch.codePointAt(0) as number
    if (ch === '"' || ch === '\\') out += `\\${ch}`
    else if (c === 0x0a) out += '\\n'
    else if (c === 0x0d) out += '\\r'
    else if (c === 0x09) out += '\\t'
    else if (c > 0xffff) out += `\\U${c.toString(16).padStart(8, '0')}`
    else if (c < 0x20 || c > 0x7e) out += `\\u${hex4(c)}`
    else out += ch
  }
  return `${out}"`
}

/**
 * `"…"` for Java. javac turns \uXXXX into characters before it reads the source, so a \u000a or
 * \u0022 would end the literal: control characters use octal escapes, and \u is only used for
 * characters above 0x7e (UTF-16 units, as Java strings are). A backslash is written `\\`, which
 * javac does not read as the start of a \u escape.
 */
export function javaString(s: string): string {
  let out = '"'
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    const ch = s[i] as string
    if (ch === '"' || ch === '\\') out += `\\${ch}`
    else if (c === 0x0a) out += '\\n'
    else if (c === 0x0d) out += '\\r'
    else if (c === 0x09) out += '\\t'
    else if (c < 0x20 || c === 0x7f) out += `\\${c.toString(8).padStart(3, '0')}`
    else if (c > 0x7e) out += `\\u${hex4(c)}`
    else out += ch
  }
  return `${out}"`
}

/**
 * A word for bash: printable ASCII in single quotes (nothing is special inside them), every other
 * character as its UTF-8 bytes in an ANSI-C `$'\ooo'` piece (octal bytes do not depend on the
 * locale, as `\u` would), joined without spaces. NUL cannot be passed to a program at all, so the
 * kit generator refuses names holding it (see limits.ts).
 */
export function shWord(s: string): string {
  if (s === '') return "''"
  let out = ''
  let plain = ''
  const flush = () => {
    if (plain) out += `'${plain}'`
    plain = ''
  }
  for (const ch of s) {
    const c = ch.codePointAt(0) as number
    if (c >= 0x20 && c <= 0x7e && ch !== "'") plain += ch
    else {
      flush()
      const bytes = utf8Bytes(c).map((b) => `\\${b.toString(8).padStart(3, '0')}`)
      out += `$'${bytes.join('')}'`
    }
  }
  flush()
  return out
}

/** JSON text with every non-ASCII character escaped (safe inside any of the literals above). */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (ch) => `\\u${hex4(ch.charCodeAt(0))}`)
}

/** The UTF-8 bytes of one code point (a lone surrogate as U+FFFD, as encoders do). */
function utf8Bytes(c: number): number[] {
  if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd
  if (c < 0x80) return [c]
  if (c < 0x800) return [0xc0 | (c >> 6), 0x80 | (c & 63)]
  if (c < 0x10000) return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)]
  return [0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)]
}
