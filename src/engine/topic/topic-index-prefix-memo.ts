/**
 * Memoised transitions for a key's first two words: `(first word id, second word id)` → the live
 * trie states after those two words, and the tail-matched `#` nodes entered on the way (with the
 * word after which each was entered). Ids are word-table ids, -1 for a word no edge uses (every
 * such word moves the walk the same way), so the entries are bounded by the index's own words.
 * Keys share their first words far more than their whole text (100k distinct keys of the bench
 * have 336 distinct first-two-word pairs), and the first two steps are where the root's and its
 * children's many edges are probed.
 *
 * The memo depends only on the trie, never on the rest of a key: a table of transitions, not a
 * cache of results. Any change of the trie invalidates it at once (a generation number, so that
 * costs nothing on add / remove). Its size is capped in proportion to the trie: past the cap a
 * prefix is walked as before.
 */

/** Ints per slot: first word + 2 (0 = empty), second word, generation, entry offset in `data`. */
const SLOT = 4
/** Entries allowed at least, whatever the trie's size. */
const MIN_ENTRIES = 256
/** Ints of entry data allowed per entry allowed (states and tails; usually a handful). */
const DATA_PER_ENTRY = 8
/**
 * An entry sits at most this many slots after its home slot, so a lookup never probes more, even
 * when chosen words make many pairs share a home: such a pair is walked instead of memoised.
 */
const MAX_PROBE = 8

function home(w1: number, w2: number, mask: number): number {
  let h = Math.imul(w1 + 0x3c6ef372, 0x9e3779b1) ^ Math.imul(w2 + 0x1b873593, 0x85ebca77)
  h ^= h >>> 15
  return h & mask
}

export class PrefixMemo {
  private slots = new Int32Array(64 * SLOT)
  private mask = 63
  private gen = 1
  private count = 0
  private maxEntries = MIN_ENTRIES
  /** Entries: `[n, state × n, t, (node, 1 or 2: after which word) × t]`, at offsets `find` returns. */
  data = new Int32Array(256)
  private top = 0

  /** Forgets every entry (the trie changed); a trie of `nodes` nodes may have nodes / 2 entries. */
  invalidate(nodes: number): void {
    this.maxEntries = Math.max(MIN_ENTRIES, nodes >> 1)
    if (this.count === 0) return
    if (this.gen === 0x7fffffff) {
      this.slots.fill(0)
      this.gen = 0
    }
    this.gen++
    this.count = 0
    this.top = 0
  }

  /** Whether another entry may be stored (the walk records its first two steps only then). */
  get open(): boolean {
    return this.count < this.maxEntries
  }

  /** Offset in `data` of the entry for words `(w1, w2)`, or -1. */
  find(w1: number, w2: number): number {
    const slots = this.slots
    const k1 = w1 + 2
    let i = home(w1, w2, this.mask)
    for (let probe = 0; probe < MAX_PROBE; probe++, i = (i + 1) & this.mask) {
      const at = i * SLOT
      if (slots[at + 2] !== this.gen) return -1
      if (slots[at] === k1 && slots[at + 1] === w2) return slots[at + 3]
    }
    return -1
  }

  /**
   * Stores the entry for `(w1, w2)`, which `find` did not have: `n` states from `states` and `t`
   * tail entries (node, word 1 or 2) from `tails`. Does nothing when the memo is full.
   */
  store(w1: number, w2: number, states: Int32Array, n: number, tails: Int32Array, t: number): void {
    const size = 2 + n + 2 * t
    if (!this.open || this.top + size > this.maxEntries * DATA_PER_ENTRY) return
    if ((this.count + 1) * 2 > this.mask + 1) this.grow()
    const slot = this.freeSlot(home(w1, w2, this.mask))
    if (slot < 0) return
    if (this.top + size > this.data.length) {
      const bigger = new Int32Array(Math.max(this.data.length * 2, this.top + size))
      bigger.set(this.data.subarray(0, this.top))
      this.data = bigger
    }
    const at = this.top
    const data = this.data
    data[at] = n
    for (let i = 0; i < n; i++) data[at + 1 + i] = states[i]
    data[at + 1 + n] = t
    for (let i = 0; i < 2 * t; i++) data[at + 2 + n + i] = tails[i]
    this.top += size
    this.fill(slot, w1 + 2, w2, at)
    this.count++
  }

  /** The first free slot at most MAX_PROBE - 1 slots after `home`, or -1. */
  private freeSlot(home: number): number {
    let i = home
    for (let probe = 0; probe < MAX_PROBE; probe++, i = (i + 1) & this.mask) {
      if (this.slots[i * SLOT + 2] !== this.gen) return i
    }
    return -1
  }

  private fill(slot: number, k1: number, w2: number, offset: number): void {
    const at = slot * SLOT
    this.slots[at] = k1
    this.slots[at + 1] = w2
    this.slots[at + 2] = this.gen
    this.slots[at + 3] = offset
  }

  /** Doubles the slots; an entry that finds no slot near its new home is dropped (walked again). */
  private grow(): void {
    const old = this.slots
    const cap = (this.mask + 1) * 2
    this.slots = new Int32Array(cap * SLOT)
    this.mask = cap - 1
    for (let at = 0; at < old.length; at += SLOT) {
      if (old[at + 2] !== this.gen) continue
      const slot = this.freeSlot(home(old[at] - 2, old[at + 1], this.mask))
      if (slot >= 0) this.fill(slot, old[at], old[at + 1], old[at + 3])
      else this.count--
    }
  }
}
