/**
 * A counting filter over the last words of the `#` tails (`a.#.y.z` → `z`): before a routing key's
 * last word is found and interned for the tails, its last few characters say whether any tail can
 * end there at all. At 1e3 bindings about 6% of keys end in such a word, so most keys skip the
 * backward read and the lookup (four characters instead of a whole word and a table probe).
 *
 * It is a filter, never an answer: a key that passes is matched as before, so a collision only
 * costs that lookup. Whatever words are counted, no key costs more than four characters here.
 */

const DOT = 46
/** Characters of a word's end that are hashed (fewer when the word is shorter). */
const END_CHARS = 4
const BITS = 10
const SIZE = 1 << BITS

/**
 * Hash of the last (up to END_CHARS) characters of the word that ends at `end` (exclusive) in `s`:
 * it stops at a dot or at the string's start, and a shorter word hashes its length in, so a whole
 * word and a key ending in that word give the same code.
 */
function endCode(s: string, end: number): number {
  let h = 0x2f5a1c3b
  let k = 0
  for (; k < END_CHARS && end - k > 0; k++) {
    const ch = s.charCodeAt(end - k - 1)
    if (ch === DOT) break
    h = Math.imul(h ^ ch, 0x01000193)
  }
  h = Math.imul(h ^ k, 0x85ebca6b)
  return h >>> (32 - BITS)
}

export class LastWordFilter {
  /** How many tails end in a word with each code (counts, so removal is exact). */
  private readonly counts = new Int32Array(SIZE)

  /** Counts (`delta` 1) or uncounts (-1) one tail whose last word is `word`. */
  update(word: string, delta: 1 | -1): void {
    this.counts[endCode(word, word.length)] += delta
  }

  /** False when no counted word ends like the last word of non-empty `key` (no tail can match). */
  mayEnd(key: string): boolean {
    return this.counts[endCode(key, key.length)] !== 0
  }
}
