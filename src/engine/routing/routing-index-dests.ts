/**
 * Destination interning for the routing indexes: each distinct destination value gets a small
 * integer id (reference-counted, reused after release), so a match can drop duplicate destinations
 * with an epoch-stamped array instead of allocating a Set per call. A class so every index shares
 * the same compiled methods.
 */
export class DestTable<D> {
  private readonly ids = new Map<D, number>()
  /** Destination per id (read directly by hot loops that inline `emit`). */
  readonly values: (D | undefined)[] = []
  private readonly refs: number[] = []
  private readonly free: number[] = []
  /** Round stamp per id (read directly by hot loops that inline `emit`; replaced when it grows). */
  stamp = new Uint32Array(16)
  private epoch = 0

  /** The id of `dest`, created if needed; counts one more reference. */
  acquire(dest: D): number {
    let id = this.ids.get(dest)
    if (id === undefined) {
      id = this.free.length > 0 ? (this.free.pop() as number) : this.values.length
      this.ids.set(dest, id)
      this.values[id] = dest
      this.refs[id] = 0
      if (id >= this.stamp.length) {
        const s = new Uint32Array(this.stamp.length * 2)
        s.set(this.stamp)
        this.stamp = s
      }
    }
    this.refs[id]++
    return id
  }

  /** Drops one reference; the id is recycled when none is left. */
  release(id: number): void {
    if (--this.refs[id] > 0) return
    this.ids.delete(this.values[id] as D)
    this.values[id] = undefined
    this.free.push(id)
  }

  /** The id of `dest`, or -1 if unknown. */
  idOf(dest: D): number {
    return this.ids.get(dest) ?? -1
  }

  /** The destination with id `id` (which must be live). */
  valueOf(id: number): D {
    return this.values[id] as D
  }

  /** Starts a dedup round; pass the returned epoch to `emit`. */
  startRound(): number {
    if (this.epoch === 0xffffffff) {
      this.stamp.fill(0)
      this.epoch = 0
    }
    return ++this.epoch
  }

  /** Appends the destination of `id` to `out` unless already emitted in this round. */
  emit(id: number, round: number, out: D[]): void {
    if (this.stamp[id] !== round) {
      this.stamp[id] = round
      out.push(this.values[id] as D)
    }
  }
}
