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

/** FNV-1a of `s[start, end)`; the matcher computes the same hash inline while it looks for dots. */
export function hashRange(s: string, start: number, end: number): number {
  let h = FNV_OFFSET
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME)
  return h
}

export { DOT, FNV_OFFSET, FNV_PRIME }

/** Whether `s` holds `w` at `start` (compared in place; inlined where `startsWith` is a call). */
function sameChars(w: string, s: string, start: number): boolean {
  for (let k = 0; k < w.length; k++) if (w.charCodeAt(k) !== s.charCodeAt(start + k)) return false
  return true
}

/**
 * Interns literal words as small integer ids, with reference counts so words that no edge uses any
 * more are forgotten (an index under add/remove churn must not grow without bound).
 *
 * Lookups take a range of a larger string plus its hash, so matching a routing key never cuts it
 * into substrings: open addressing over word ids, candidates compared in place.
 */
export class WordTable {
  private words: (string | undefined)[] = []
  private hashes = new Int32Array(128)
  private refs: number[] = []
  private free: number[] = []
  /** Open-addressing slots holding word ids (-1 = empty). */
  private slots = new Int32Array(256).fill(-1)
  private mask = 255
  private size = 0

  /** The id of `s[start, end)` whose hash is `h`, or -1 when no edge uses that word. */
  lookupRange(s: string, start: number, end: number, h: number): number {
    const slots = this.slots
    const len = end - start
    for (let i = (h ^ (h >>> 16)) & this.mask; ; i = (i + 1) & this.mask) {
      const id = slots[i]
      if (id === -1) return -1
      if (this.hashes[id] !== h) continue
      const w = this.words[id] as string
      if (w.length === len && sameChars(w, s, start)) return id
    }
  }

  /** The id of `word`, or -1 when no edge uses it. */
  lookup(word: string): number {
    return this.lookupRange(word, 0, word.length, hashRange(word, 0, word.length))
  }

  /** End of the word read by the last `labelAt` (index of its dot, or the string length). */
  lastEnd = 0
  /** Hash of the word read by the last `labelAt`. */
  lastHash = 0

  /**
   * Reads the binding-key word that starts at `start` in one pass (finding its end and hashing it)
   * and returns its edge label: a wildcard, an interned id, or -1. See `lastEnd` / `lastHash`.
   */
  labelAt(s: string, start: number): number {
    let h = FNV_OFFSET
    let end = start
    for (; end < s.length; end++) {
      const c = s.charCodeAt(end)
      if (c === DOT) break
      h = Math.imul(h ^ c, FNV_PRIME)
    }
    this.lastEnd = end
    this.lastHash = h
    if (end - start === 1) {
      const c = s.charCodeAt(start)
      if (c === 42) return STAR_WORD
      if (c === 35) return HASH_WORD
    }
    return this.lookupRange(s, start, end, h)
  }

  /**
   * Interns literal `s[start, end)` (hash `h`) and counts one more edge using it. `known` is the id
   * a lookup of the same word just returned (-1: not interned), so it is not looked up twice.
   */
  acquireRange(s: string, start: number, end: number, h: number, known: number): number {
    let id = known
    if (id < 0) {
      id = this.free.length > 0 ? (this.free.pop() as number) : this.words.length
      if (id >= this.hashes.length) {
        const bigger = new Int32Array(this.hashes.length * 2)
        bigger.set(this.hashes)
        this.hashes = bigger
      }
      // Grow before the new word is registered, or the rehash would place it a second time.
      if ((this.size + 1) * 2 > this.mask + 1) this.rehash((this.mask + 1) * 2)
      this.words[id] = s.slice(start, end)
      this.hashes[id] = h
      this.refs[id] = 0
      this.place(id)
      this.size++
    }
    this.refs[id]++
    return id
  }

  /** Drops one edge's use of literal id `id`; forgets the word when nothing uses it. */
  release(id: number): void {
    if (--this.refs[id] > 0) return
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

  private home(id: number): number {
    const h = this.hashes[id]
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
