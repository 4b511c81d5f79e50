/**
 * Literal topic bindings (no `*` or `#` word): a binding key without wildcards matches exactly the
 * routing key that is the same string (`""` = zero words on both sides, empty words compare as
 * written), so they need no trie at all: one whole-key lookup finds every one of them.
 *
 * A key bound to one destination stores that destination's id itself (no array); more share an
 * array, with a position map once the array is long (a scan would make add and remove O(n)).
 */

/** Above this many destinations on one key, membership checks use a Map instead of a scan. */
const SET_THRESHOLD = 16

/** Whether `pattern` has a `*` or `#` word (only whole words are wildcards: `a*` is literal). */
export function hasWildcard(pattern: string): boolean {
  // Most binding keys contain neither character: one native scan each decides them.
  if (pattern.indexOf('*') < 0 && pattern.indexOf('#') < 0) return false
  const len = pattern.length
  for (let i = 0; i < len; i++) {
    const c = pattern.charCodeAt(i)
    if ((c === 42 || c === 35) && (i === 0 || pattern.charCodeAt(i - 1) === 46)) {
      if (i + 1 === len || pattern.charCodeAt(i + 1) === 46) return true
    }
  }
  return false
}

export class LiteralKeys {
  /** Whole binding key → one destination id, or the list of them. */
  readonly byKey = new Map<string, number | number[]>()
  private positions = new Map<string, Map<number, number>>()

  /** Adds `dest` under `key`; false if it was already there. */
  add(key: string, dest: number): boolean {
    const cur = this.byKey.get(key)
    if (cur === undefined) {
      this.byKey.set(key, dest)
      return true
    }
    if (typeof cur === 'number') {
      if (cur === dest) return false
      this.byKey.set(key, [cur, dest])
      return true
    }
    const pos = this.positions.size > 0 ? this.positions.get(key) : undefined
    if (pos ? pos.has(dest) : cur.includes(dest)) return false
    cur.push(dest)
    if (pos) pos.set(dest, cur.length - 1)
    else if (cur.length > SET_THRESHOLD) this.positions.set(key, new Map(cur.map((d, i) => [d, i])))
    return true
  }

  /** Removes `dest` under `key`; false if it was not there. */
  remove(key: string, dest: number): boolean {
    const cur = this.byKey.get(key)
    if (cur === undefined) return false
    if (typeof cur === 'number') {
      if (cur !== dest) return false
      this.byKey.delete(key)
      return true
    }
    const pos = this.positions.get(key)
    const at = pos ? (pos.get(dest) ?? -1) : cur.indexOf(dest)
    if (at < 0) return false
    const last = cur.pop() as number
    if (at < cur.length) cur[at] = last
    if (pos) {
      pos.delete(dest)
      if (at < cur.length) pos.set(last, at)
      if (cur.length <= SET_THRESHOLD / 2) this.positions.delete(key)
    }
    if (cur.length === 1) this.byKey.set(key, cur[0])
    return true
  }
}
