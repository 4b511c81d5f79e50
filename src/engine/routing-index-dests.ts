/**
 * Destination interning for the routing indexes: each distinct destination value gets a small
 * integer id (reference-counted, reused after release), so a match can drop duplicate destinations
 * with an epoch-stamped array instead of allocating a Set per call.
 */
export interface DestTable<D> {
  /** The id of `dest`, created if needed; counts one more reference. */
  acquire(dest: D): number
  /** Drops one reference; the id is recycled when none is left. */
  release(id: number): void
  /** The id of `dest`, or -1 if unknown. */
  idOf(dest: D): number
  /** The destination with id `id` (which must be live). */
  valueOf(id: number): D
  /** Starts a dedup round; pass the returned epoch to `emit`. */
  startRound(): number
  /** Appends the destination of `id` to `out` unless already emitted in this round. */
  emit(id: number, round: number, out: D[]): void
}

export function createDestTable<D>(): DestTable<D> {
  const ids = new Map<D, number>()
  const values: (D | undefined)[] = []
  const refs: number[] = []
  const free: number[] = []
  let stamp = new Uint32Array(16)
  let epoch = 0
  return {
    acquire(dest) {
      let id = ids.get(dest)
      if (id === undefined) {
        id = free.length > 0 ? (free.pop() as number) : values.length
        ids.set(dest, id)
        values[id] = dest
        refs[id] = 0
        if (id >= stamp.length) {
          const s = new Uint32Array(stamp.length * 2)
          s.set(stamp)
          stamp = s
        }
      }
      refs[id]++
      return id
    },
    release(id) {
      if (--refs[id] > 0) return
      ids.delete(values[id] as D)
      values[id] = undefined
      free.push(id)
    },
    idOf(dest) {
      return ids.get(dest) ?? -1
    },
    valueOf(id) {
      return values[id] as D
    },
    startRound() {
      if (epoch === 0xffffffff) {
        stamp.fill(0)
        epoch = 0
      }
      return ++epoch
    },
    emit(id, round, out) {
      if (stamp[id] !== round) {
        stamp[id] = round
        out.push(values[id] as D)
      }
    },
  }
}
