/**
 * Literal trie edges `(parent node, word id) → child node` in one open-addressing hash table.
 *
 * One flat table instead of a Map per node: three int32 per slot, no per-node objects, and a lookup
 * is a multiply, a mask and usually one probe. Linear probing with backward-shift deletion keeps the
 * table free of tombstones under add/remove churn.
 */
export class EdgeTable {
  private parents: Int32Array
  private words: Int32Array
  private children: Int32Array
  private mask: number
  private size = 0

  constructor(initialCapacity = 64) {
    let cap = 16
    while (cap < initialCapacity * 2) cap *= 2
    this.parents = new Int32Array(cap)
    this.words = new Int32Array(cap)
    this.children = new Int32Array(cap).fill(-1)
    this.mask = cap - 1
  }

  /** Number of edges stored. */
  get count(): number {
    return this.size
  }

  private slotOf(parent: number, word: number): number {
    let h = Math.imul(parent, 0x9e3779b1) ^ Math.imul(word + 0x632be5ab, 0x85ebca77)
    h ^= h >>> 15
    return h & this.mask
  }

  /** The child reached from `parent` by literal `word`, or -1. */
  get(parent: number, word: number): number {
    const mask = this.mask
    const children = this.children
    let i = this.slotOf(parent, word)
    for (;;) {
      const c = children[i]
      if (c === -1) return -1
      if (this.parents[i] === parent && this.words[i] === word) return c
      i = (i + 1) & mask
    }
  }

  /** Stores an edge that must not exist yet. */
  set(parent: number, word: number, child: number): void {
    if ((this.size + 1) * 2 > this.mask + 1) this.grow()
    const mask = this.mask
    let i = this.slotOf(parent, word)
    while (this.children[i] !== -1) i = (i + 1) & mask
    this.parents[i] = parent
    this.words[i] = word
    this.children[i] = child
    this.size++
  }

  /** Removes an edge if present. */
  delete(parent: number, word: number): void {
    const mask = this.mask
    const children = this.children
    let i = this.slotOf(parent, word)
    for (;;) {
      if (children[i] === -1) return
      if (this.parents[i] === parent && this.words[i] === word) break
      i = (i + 1) & mask
    }
    // Backward-shift: pull later entries of the same probe run into the hole.
    let j = i
    for (;;) {
      j = (j + 1) & mask
      if (children[j] === -1) break
      const home = this.slotOf(this.parents[j], this.words[j])
      const between = i <= j ? i < home && home <= j : i < home || home <= j
      if (between) continue
      this.parents[i] = this.parents[j]
      this.words[i] = this.words[j]
      children[i] = children[j]
      i = j
    }
    children[i] = -1
    this.size--
  }

  private grow(): void {
    const { parents, words, children } = this
    const cap = (this.mask + 1) * 2
    this.parents = new Int32Array(cap)
    this.words = new Int32Array(cap)
    this.children = new Int32Array(cap).fill(-1)
    this.mask = cap - 1
    this.size = 0
    for (let i = 0; i < children.length; i++) {
      if (children[i] !== -1) this.set(parents[i], words[i], children[i])
    }
  }
}
