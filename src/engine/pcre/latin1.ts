/**
 * The character tables Erlang's `re` compiles with (OTP's pcre_latin_1_table.c, PCRE 8.44): policy
 * patterns run without the `unicode` option, so every byte of a UTF-8 name is one ISO-8859-1
 * character — `\w` takes 0xC3 (Ã), `.` matches one byte of "é", case folds À↔à.
 */

/** A set of bytes: 256 bits. */
export type ByteSet = Uint8Array

export const emptySet = (): ByteSet => new Uint8Array(32)
export const has = (s: ByteSet, b: number): boolean => (s[b >> 3] & (1 << (b & 7))) !== 0
export const add = (s: ByteSet, b: number): void => {
  s[b >> 3] |= 1 << (b & 7)
}
export const union = (into: ByteSet, from: ByteSet): void => {
  for (let i = 0; i < 32; i++) into[i] |= from[i]
}
export const invert = (s: ByteSet): ByteSet => s.map((x) => ~x & 0xff)
export const setOf = (...bytes: number[]): ByteSet => {
  const s = emptySet()
  for (const b of bytes) add(s, b)
  return s
}

const fromHex = (hex: string): ByteSet =>
  Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16))

/** The table's class bitmaps (bits run from the least significant end of each byte). */
export const CBITS = {
  space: fromHex('003e000001000000000000000000000000000000000000000000000000000000'),
  xdigit: fromHex('000000000000ff037e0000007e00000000000000000000000000000000000000'),
  digit: fromHex('000000000000ff03000000000000000000000000000000000000000000000000'),
  upper: fromHex('0000000000000000feffff07000000000000000000000000ffff7f7f00000000'),
  lower: fromHex('000000000000000000000000feffff07000000000000200000000080ffff7fff'),
  word: fromHex('000000000000ff03feffff87feffff070000000000042004ffff7fffffff7fff'),
  graph: fromHex('00000000feffffffffffffffffffff7f00000000ffffffffffffffffffffffff'),
  print: fromHex('00000000ffffffffffffffffffffff7f00000000ffffffffffffffffffffffff'),
  punct: fromHex('00000000feff00fc010000f80100007800000000fffbdffb0000800000008000'),
  cntrl: fromHex('ffffffff000000000000000000000080ffffffff000000000000000000000000'),
} as const

/** Case flipping (fcc): A↔a, À–Þ ↔ à–þ except × and ÷; ß and ÿ have no other case here. */
export function otherCase(b: number): number {
  if ((b >= 0x41 && b <= 0x5a) || (b >= 0xc0 && b <= 0xde && b !== 0xd7)) return b + 32
  if ((b >= 0x61 && b <= 0x7a) || (b >= 0xe0 && b <= 0xfe && b !== 0xf7)) return b - 32
  return b
}

export const isWord = (b: number): boolean => has(CBITS.word, b)

/** A string's UTF-8 bytes, as the broker holds names (a lone surrogate becomes U+FFFD, as TextEncoder does). */
export function utf8Bytes(s: string): Uint8Array {
  const out: number[] = []
  for (const ch of s) {
    let cp = ch.codePointAt(0) as number
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd
    if (cp < 0x80) out.push(cp)
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63))
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
  }
  return Uint8Array.from(out)
}

/** Bytes as a string of Latin-1 characters (group and class names, numbers). */
export const latin1Text = (bytes: Uint8Array): string => String.fromCharCode(...bytes)
