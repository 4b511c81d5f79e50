/**
 * RabbitMQ's topic word rules for the trie, and the word interning table.
 *
 * `""` is zero words; every `.` separates two words and empty words are kept (`"."` = two empty
 * words); `*` and `#` are wildcards only as whole words; words compare as exact strings.
 */

/** Splits a routing key or binding key into words (the engine's one word-splitting rule). */
export { splitWords as splitTopicWords } from './topic-words'

/** Edge label of a `*` edge in the trie (literal word ids are ≥ 0; -1 means "no such word"). */
export const STAR_WORD = -2
/** Edge label of a `#` edge in the trie. */
export const HASH_WORD = -3

const FNV_OFFSET = 0x811c9dc5 | 0
const FNV_PRIME = 16777619
const DOT = 46
/** Words of at most this many characters, all below 256, are compared as packed integers. */
const PACKED_MAX = 12

export { DOT, PACKED_MAX }

/** FNV-1a of `s[start, end)`: the hash of a word that is not packed (long, or a char ≥ 256). */
function hashRange(s: string, start: number, end: number): number {
  let h = FNV_OFFSET
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME)
  return h
}

/**
 * Hash of a packed word: its length and up to 12 one-byte characters, four per int, shifted in one
 * character at a time (`p0` holds the last four, `p1` the four before, `p2` the first four of a
 * 12-character word; the length tells them apart). The matcher packs the words of a key while it
 * looks for dots: a shift, not a branch on the character's position.
 */
function packedHash(p0: number, p1: number, p2: number, len: number): number {
  let h = Math.imul(p0 ^ 0x9e3779b9, 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 15) ^ p1, 0xc2b2ae35)
  h = Math.imul(h ^ (h >>> 13) ^ p2, 0x27d4eb2f)
  h = Math.imul(h ^ (h >>> 16) ^ len, 0x165667b1)
  return h ^ (h >>> 15)
}

/** Whether `s` holds `w` at `start` (compared in place). */
function sameChars(w: string, s: string, start: number): boolean {
  for (let k = 0; k < w.length; k++) if (w.charCodeAt(k) !== s.charCodeAt(start + k)) return false
  return true
}

/** Ints per word record: hash, length, packed (1) or not (0), p0, p1, p2, references, unused. */
const R = 8

/**
 * Interns literal words as small integer ids, with reference counts so words that no edge uses any
 * more are forgotten (an index under add/remove churn must not grow without bound).
 *
 * Lookups take a range of a larger string, so matching a routing key never cuts it into substrings:
 * open addressing over word ids. A word of at most 12 characters below 256 (nearly every word in
 * practice) is identified by its packed characters and length, so a lookup compares three ints from
 * the word's record, never the text; a longer word, or one with a wider character, is hashed with
 * FNV-1a and compared character by character.
 */
export class WordTable {
  private words: (string | undefined)[] = []
  /** Word records, `R` ints each (see R). */
  private rec = new Int32Array(128 * R)
  private free: number[] = []
  /** Open-addressing slots holding word ids (-1 = empty). */
  private slots = new Int32Array(256).fill(-1)
  private mask = 255
  private size = 0

  /** The id of the packed word `(p0, p1, p2, len)`, or -1 when no edge uses that word. */
  lookupPacked(p0: number, p1: number, p2: number, len: number): number {
    const h = packedHash(p0, p1, p2, len)
    const slots = this.slots
    const rec = this.rec
    for (let i = (h ^ (h >>> 16)) & this.mask; ; i = (i + 1) & this.mask) {
      const id = slots[i]
      if (id === -1) return -1
      const at = id * R
      if (rec[at] === h && rec[at + 3] === p0 && rec[at + 4] === p1 && rec[at + 5] === p2) {
        if (rec[at + 1] === len && rec[at + 2] === 1) return id
      }
    }
  }

  /** The id of `s[start, end)`, which is not packable (see `packable`), or -1. */
  lookupWide(s: string, start: number, end: number): number {
    const h = hashRange(s, start, end)
    const slots = this.slots
    const rec = this.rec
    const len = end - start
    for (let i = (h ^ (h >>> 16)) & this.mask; ; i = (i + 1) & this.mask) {
      const id = slots[i]
      if (id === -1) return -1
      const at = id * R
      if (rec[at] !== h || rec[at + 2] !== 0 || rec[at + 1] !== len) continue
      if (sameChars(this.words[id] as string, s, start)) return id
    }
  }

  /** The id of `s[start, end)`, or -1 when no edge uses that word. */
  lookupRange(s: string, start: number, end: number): number {
    const len = end - start
    if (len > PACKED_MAX) return this.lookupWide(s, start, end)
    let p0 = 0
    let p1 = 0
    let p2 = 0
    let hi = 0
    for (let k = 0; k < len; k++) {
      const ch = s.charCodeAt(start + k)
      hi |= ch
      p2 = (p2 << 8) | (p1 >>> 24)
      p1 = (p1 << 8) | (p0 >>> 24)
      p0 = (p0 << 8) | ch
    }
    return hi > 255 ? this.lookupWide(s, start, end) : this.lookupPacked(p0, p1, p2, len)
  }

  /** The id of `word`, or -1 when no edge uses it. */
  lookup(word: string): number {
    return this.lookupRange(word, 0, word.length)
  }

  /** End of the word read by the last `labelAt` (index of its dot, or the string length). */
  lastEnd = 0

  /**
   * Reads the binding-key word that starts at `start` (finding its end) and returns its edge label:
   * a wildcard, an interned id, or -1. See `lastEnd`.
   */
  labelAt(s: string, start: number): number {
    let end = s.indexOf('.', start)
    if (end < 0) end = s.length
    this.lastEnd = end
    if (end - start === 1) {
      const c = s.charCodeAt(start)
      if (c === 42) return STAR_WORD
      if (c === 35) return HASH_WORD
    }
    return this.lookupRange(s, start, end)
  }

  /**
   * Interns literal `s[start, end)` and counts one more edge using it. `known` is the id a lookup
   * of the same word just returned (-1: not interned), so it is not looked up twice.
   */
  acquireRange(s: string, start: number, end: number, known: number): number {
    let id = known
    if (id < 0) {
      id = this.free.length > 0 ? (this.free.pop() as number) : this.words.length
      if ((id + 1) * R > this.rec.length) {
        const bigger = new Int32Array(this.rec.length * 2)
        bigger.set(this.rec)
        this.rec = bigger
      }
      // Grow before the new word is registered, or the rehash would place it a second time. At most
      // a quarter full: a key's word that is not in the table ends its probe sooner (measured).
      if ((this.size + 1) * 4 > this.mask + 1) this.rehash((this.mask + 1) * 2)
      const word = s.slice(start, end)
      this.words[id] = word
      this.describe(id, word)
      this.place(id)
      this.size++
    }
    this.rec[id * R + 6]++
    return id
  }

  /** Drops one edge's use of literal id `id`; forgets the word when nothing uses it. */
  release(id: number): void {
    if (--this.rec[id * R + 6] > 0) return
    this.unplace(id)
    this.size--
    this.words[id] = undefined
    this.free.push(id)
  }

  /** The text of an edge label (for traces). */
  text(id: number): string {
    if (id === STAR_WORD) return '*'
    if (id === HASH_WORD) return '#'
    return this.words[id] ?? ''
  }

  /** Fills the record of `id` for `word`: packed when it can be, else hashed (refs start at 0). */
  private describe(id: number, word: string): void {
    const at = id * R
    const rec = this.rec
    const len = word.length
    let p0 = 0
    let p1 = 0
    let p2 = 0
    let hi = 0
    for (let k = 0; k < len && k < PACKED_MAX; k++) {
      const ch = word.charCodeAt(k)
      hi |= ch
      p2 = (p2 << 8) | (p1 >>> 24)
      p1 = (p1 << 8) | (p0 >>> 24)
      p0 = (p0 << 8) | ch
    }
    const packed = len <= PACKED_MAX && hi <= 255
    rec[at] = packed ? packedHash(p0, p1, p2, len) : hashRange(word, 0, len)
    rec[at + 1] = len
    rec[at + 2] = packed ? 1 : 0
    rec[at + 3] = packed ? p0 : 0
    rec[at + 4] = packed ? p1 : 0
    rec[at + 5] = packed ? p2 : 0
    rec[at + 6] = 0
  }

  private home(id: number): number {
    const h = this.rec[id * R]
    return (h ^ (h >>> 16)) & this.mask
  }

  private place(id: number): void {
    let i = this.home(id)
    while (this.slots[i] !== -1) i = (i + 1) & this.mask
    this.slots[i] = id
  }

  /** Backward-shift deletion, so probe runs never hold tombstones. */
  private unplace(id: number): void {
    const slots = this.slots
    const mask = this.mask
    let i = this.home(id)
    while (slots[i] !== id) i = (i + 1) & mask
    for (let j = (i + 1) & mask; slots[j] !== -1; j = (j + 1) & mask) {
      const home = this.home(slots[j])
      const between = i <= j ? i < home && home <= j : i < home || home <= j
      if (between) continue
      slots[i] = slots[j]
      i = j
    }
    slots[i] = -1
  }

  private rehash(cap: number): void {
    this.slots = new Int32Array(cap).fill(-1)
    this.mask = cap - 1
    for (let id = 0; id < this.words.length; id++) if (this.words[id] !== undefined) this.place(id)
  }
}
