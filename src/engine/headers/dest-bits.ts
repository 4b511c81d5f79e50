/**
 * Destination bitsets for the headers index: bit `id & 31` of word `id >>> 5` stands for the
 * destination with interned id `id` (routing-index-dests.ts). A posting keeps its destinations as a
 * bitset, so a message ORs a few words instead of visiting every binding; one accumulator per index
 * gathers a message's destinations, drops duplicates for free and reads the result out once.
 */

/** At most this many words, the accumulator scans all its words instead of listing the set ones. */
const SCAN_ALL_WORDS = 16

/** A multiset of destination ids (one per binding) with the bitset of the distinct ones. */
export class DestBits {
  /** One id per binding, repeats kept, so removing one binding keeps the other's bit. */
  readonly ids: number[] = []
  /** The bitset, exactly as long as its highest set word (so ORing it touches no spare words). */
  words = new Int32Array(0)

  add(id: number): void {
    this.ids.push(id)
    const w = id >>> 5
    if (w >= this.words.length) {
      const longer = new Int32Array(w + 1)
      longer.set(this.words)
      this.words = longer
    }
    this.words[w] |= 1 << (id & 31)
  }

  /** Drops one occurrence of `id`; its bit goes when no other binding here has it. */
  remove(id: number): void {
    const ids = this.ids
    const at = ids.indexOf(id)
    if (at < 0) return
    ids[at] = ids[ids.length - 1]
    ids.pop()
    if (ids.includes(id)) return
    this.words[id >>> 5] &= ~(1 << (id & 31))
    let n = this.words.length
    while (n > 0 && this.words[n - 1] === 0) n--
    if (n < this.words.length) this.words = this.words.slice(0, n)
  }
}

/** Gathers one message's destinations; `begin` a round, `add` / `addAll` them, `take` the result. */
export class DestAccumulator {
  private bits = new Int32Array(1)
  /** The words that became non-zero this round (kept only when `bits` is too long to scan). */
  private touched = new Int32Array(1)
  private touchedCount = 0
  private scanAll = true
  /** Between `begin` and `take`: a round that threw midway left bits behind. */
  private open = false

  /** Starts a round for destination ids below `capacity`. */
  begin(capacity: number): void {
    if (this.open) this.bits.fill(0)
    this.open = true
    const words = (capacity + 31) >>> 5
    if (words > this.bits.length) {
      this.bits = new Int32Array(words)
      this.touched = new Int32Array(words)
    }
    this.scanAll = this.bits.length <= SCAN_ALL_WORDS
    this.touchedCount = 0
  }

  add(id: number): void {
    const w = id >>> 5
    const old = this.bits[w]
    this.bits[w] = old | (1 << (id & 31))
    if (old === 0 && !this.scanAll) this.touched[this.touchedCount++] = w
  }

  /** Adds every destination of `set`: by its words, or id by id when it has fewer ids than words. */
  addAll(set: DestBits): void {
    // Locals, not fields, inside the loops: this runs for every posting a message hits.
    const bits = this.bits
    const words = set.words
    const ids = set.ids
    if (this.scanAll) {
      if (words.length > ids.length) {
        for (let i = 0; i < ids.length; i++) bits[ids[i] >>> 5] |= 1 << (ids[i] & 31)
      } else {
        for (let i = 0; i < words.length; i++) bits[i] |= words[i]
      }
      return
    }
    const touched = this.touched
    let count = this.touchedCount
    if (words.length > ids.length) {
      for (let i = 0; i < ids.length; i++) {
        const w = ids[i] >>> 5
        const old = bits[w]
        if (old === 0) touched[count++] = w
        bits[w] = old | (1 << (ids[i] & 31))
      }
    } else {
      for (let i = 0; i < words.length; i++) {
        const x = words[i]
        if (x === 0) continue
        const old = bits[i]
        if (old === 0) touched[count++] = i
        bits[i] = old | x
      }
    }
    this.touchedCount = count
  }

  /** The round's destinations (each once, in id order when all words are scanned); empties it. */
  take<D>(values: readonly (D | undefined)[]): D[] {
    this.open = false
    const bits = this.bits
    const touched = this.touched
    const scanAll = this.scanAll
    const words = scanAll ? bits.length : this.touchedCount
    let count = 0
    for (let j = 0; j < words; j++) {
      const w = bits[scanAll ? j : touched[j]]
      if (w !== 0) count += popcount(w)
    }
    // Sized once: growing the array push by push was a tenth of a message's time at 1,000 bindings.
    const out: D[] = new Array(count)
    let at = 0
    for (let j = 0; at < count; j++) {
      const i = scanAll ? j : touched[j]
      let w = bits[i]
      if (w === 0) continue
      bits[i] = 0
      const base = i << 5
      while (w !== 0) {
        const low = w & -w
        out[at++] = values[base + 31 - Math.clz32(low)] as D
        w ^= low
      }
    }
    return out
  }
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}
