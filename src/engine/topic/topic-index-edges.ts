/**
 * Literal trie edges `(parent node, word id) → child node` in one open-addressing hash table.
 *
 * One flat Int32Array instead of a Map per node: each slot is `[parent, word, child, unused]`, so a
 * lookup is a multiply, a mask and usually a single cache line. Linear probing with backward-shift
 * deletion keeps the table free of tombstones under add/remove churn. A child is never the root
 * (id 0), so child 0 marks an empty slot: a fresh, zero-filled array is an empty table, with no
 * fill pass when the table is created or grown.
 */
export class EdgeTable {
  /** Slots of 4 ints: parent, word, child (0 = empty slot), unused (keeps slots cache-aligned). */
  private slots: Int32Array
  private mask: number
  private size = 0

  constructor(initialCapacity = 256) {
    let cap = 16
    while (cap < initialCapacity * 2) cap *= 2
    this.slots = new Int32Array(cap * 4)
    this.mask = cap - 1
  }

  /** Number of edges stored. */
  get count(): number {
    return this.size
  }

  /** Bytes held by the table. */
  get bytes(): number {
    return this.slots.byteLength
  }

  private home(parent: number, word: number): number {
    let h = Math.imul(parent, 0x9e3779b1) ^ Math.imul(word + 0x632be5ab, 0x85ebca77)
    h ^= h >>> 15
    return h & this.mask
  }

  /** The child reached from `parent` by literal `word`, or -1. */
  get(parent: number, word: number): number {
    const slots = this.slots
    const mask = this.mask
    let i = this.home(parent, word)
    for (;;) {
      const at = i << 2
      const c = slots[at + 2]
      if (c === 0) return -1
      if (slots[at] === parent && slots[at + 1] === word) return c
      i = (i + 1) & mask
    }
  }

  /** Stores an edge that must not exist yet (`child` ≥ 1: the root is nobody's child). */
  set(parent: number, word: number, child: number): void {
    if ((this.size + 1) * 2 > this.mask + 1) this.grow()
    this.place(parent, word, child)
    this.size++
  }

  private place(parent: number, word: number, child: number): void {
    const slots = this.slots
    const mask = this.mask
    let i = this.home(parent, word)
    while (slots[(i << 2) + 2] !== 0) i = (i + 1) & mask
    slots[i << 2] = parent
    slots[(i << 2) + 1] = word
    slots[(i << 2) + 2] = child
  }

  /** Removes an edge if present. */
  delete(parent: number, word: number): void {
    const slots = this.slots
    const mask = this.mask
    let i = this.home(parent, word)
    for (;;) {
      const at = i << 2
      if (slots[at + 2] === 0) return
      if (slots[at] === parent && slots[at + 1] === word) break
      i = (i + 1) & mask
    }
    // Backward shift: pull later entries of the same probe run into the hole.
    let j = i
    for (;;) {
      j = (j + 1) & mask
      const bt = j << 2
      if (slots[bt + 2] === 0) break
      const home = this.home(slots[bt], slots[bt + 1])
      const between = i <= j ? i < home && home <= j : i < home || home <= j
      if (between) continue
      slots.copyWithin(i << 2, bt, bt + 3)
      i = j
    }
    slots[(i << 2) + 2] = 0
    this.size--
  }

  private grow(): void {
    const old = this.slots
    const cap = (this.mask + 1) * 2
    this.slots = new Int32Array(cap * 4)
    this.mask = cap - 1
    for (let at = 0; at < old.length; at += 4) {
      if (old[at + 2] !== 0) this.place(old[at], old[at + 1], old[at + 2])
    }
  }
}
