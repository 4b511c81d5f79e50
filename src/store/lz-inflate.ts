/**
 * Decompression of lz-string's `compressToEncodedURIComponent` format with a cap on the output: the
 * text is refused as soon as it would grow past `maxChars`, so a small link that would inflate to
 * hundreds of millions of characters costs a few milliseconds instead of seconds and a gigabyte.
 * For every payload lz-string produces, the result equals `decompressFromEncodedURIComponent`
 * (tests/unit/store-share-link.test.ts compares them on generated text).
 *
 * The format: 6-bit characters read most significant bit first; codes of `width` bits read least
 * significant bit first; code 0 / 1 = a new 8-bit / 16-bit character, 2 = end, ≥ 3 = a dictionary
 * entry (LZW: every step adds "previous entry + first character of this one"); the code width grows
 * by one bit whenever the dictionary outgrows it.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$'
const SIX_BITS = new Int8Array(128).fill(-1)
for (let i = 0; i < ALPHABET.length; i++) SIX_BITS[ALPHABET.charCodeAt(i)] = i

export type Inflated =
  | { ok: true; text: string }
  /** `produced`: characters inflated before stopping (at most one dictionary entry past the cap). */
  | { ok: false; reason: 'too-large'; produced: number }
  | { ok: false; reason: 'damaged' }

const DAMAGED = { ok: false, reason: 'damaged' } as const

export function inflateLinkPayload(payload: string, maxChars: number): Inflated {
  // A `+` may come back from a URL as a space.
  const input = payload.replace(/ /g, '+')
  if (input === '') return DAMAGED
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i)
    if (c >= 128 || (SIX_BITS[c] as number) < 0) return DAMAGED
  }
  // The next character is loaded as soon as the current one is used up (the end test below counts
  // on that timing); past the end of the input the bits are zero, as in lz-string.
  const sixBits = (i: number) => (i < input.length ? (SIX_BITS[input.charCodeAt(i)] as number) : 0)
  let value = sixBits(0)
  let index = 1
  let mask = 32
  const bit = (): number => {
    const b = value & mask ? 1 : 0
    mask >>= 1
    if (mask === 0) {
      value = sixBits(index++)
      mask = 32
    }
    return b
  }
  const read = (width: number): number => {
    let n = 0
    for (let i = 0; i < width; i++) n |= bit() << i
    return n >>> 0
  }

  const first = read(2)
  if (first > 1) return DAMAGED // 2 = an empty text (never produced for our JSON), 3 = not this format
  let w = String.fromCharCode(read(first === 0 ? 8 : 16))
  const dict: string[] = ['', '', '', w]
  let width = 3
  let untilWider = 4
  const parts = [w]
  let produced = 1
  for (;;) {
    // lz-string stops with an empty result when a code starts past the end of the input.
    if (index > input.length) return DAMAGED
    let code = read(width)
    if (code === 2) return { ok: true, text: parts.join('') }
    if (code < 2) {
      dict.push(String.fromCharCode(read(code === 0 ? 8 : 16)))
      code = dict.length - 1
      if (--untilWider === 0) {
        untilWider = 2 ** width
        width++
      }
    }
    let entry: string
    if (code < dict.length) entry = dict[code] as string
    else if (code === dict.length) entry = w + w.charAt(0)
    else return DAMAGED
    produced += entry.length
    if (produced > maxChars) return { ok: false, reason: 'too-large', produced }
    parts.push(entry)
    dict.push(w + entry.charAt(0))
    w = entry
    if (--untilWider === 0) {
      untilWider = 2 ** width
      width++
    }
  }
}
