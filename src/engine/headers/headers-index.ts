import { getProfile } from '../broker/profiles'
import type { AmqpTable, AmqpValue, ProfileName } from '../broker/types'
import { DestTable } from '../routing/routing-index-dests'
import { tableIdentityKey } from '../values/amqp-equality'
import { valueKey } from '../values/amqp-values'
import { headersModeOf, isConsidered } from './headers-index-mode'

/** A headers binding as the index sees it: the `x-match` mode and the binding's argument table. */
export interface HeadersBindingSpec {
  /** `all` | `any` | `all-with-x` | `any-with-x`; when absent, `args['x-match']` or `all`. */
  xMatch?: string
  args: AmqpTable
}

/** A set of headers bindings that routes a message's headers table to destinations. */
export interface HeadersIndex<D = string> {
  /** Adds a binding; adding an identical (args with types, dest) binding again changes nothing. */
  add(binding: HeadersBindingSpec, dest: D): void
  /** Removes a binding; removing one that is not there changes nothing. */
  remove(binding: HeadersBindingSpec, dest: D): void
  /** The distinct destinations of every binding that matches `headers` (any order). */
  match(headers: AmqpTable): D[]
  /** Number of distinct bindings. */
  readonly size: number
}

interface Entry {
  /** Per considered argument: its header key and where it is posted (null = presence test). */
  args: [string, PostKey | null][]
  destId: number
  /** Whether the binding is in `direct` lists (it matches on any one hit) or `counted` ones. */
  direct: boolean
}

/** Where a value is posted under a header key: by integer value, by string, or by value key. */
type PostKey = { kind: 0; key: number } | { kind: 1 | 2; key: string }

/** One posting: the bindings that one `(header key, value)` (or the key's presence) satisfies. */
interface Posting {
  /** Destination ids of bindings this hit alone matches (`any`, or `all` with one argument). */
  direct: number[]
  /** Ids of `all` bindings with two or more arguments: each hit counts one. */
  counted: number[]
}

/** The postings of one header key. */
interface KeyPostings {
  present: Posting
  /** Integer values that are safe JS integers (and, under 3.10's equality, floats equal to one). */
  byInt: Map<number, Posting>
  /** `longstr` and `bytes` values (equal when their bytes are), keyed by the raw value. */
  byStr: Map<string, Posting>
  /** Everything else, keyed by `valueKey` under the index's profile. */
  byKey: Map<string, Posting>
}

const INTEGER_TYPES: { readonly [t: string]: true | undefined } = {
  byte: true,
  unsignedbyte: true,
  short: true,
  unsignedshort: true,
  int: true,
  unsignedint: true,
  long: true,
  timestamp: true,
}

/**
 * Creates a headers index following RabbitMQ's headers exchange: a counting index. Each considered
 * binding argument `(key, value)` is posted under its header key and value (values compared as the
 * broker does: every integer width and a timestamp are one integer, `longstr` equals `bytes`, 3.10
 * also equates an integer with an equal float), and each void argument under its key's presence. A
 * message touches only the postings of the header keys and values it carries: a binding that one
 * hit satisfies (`any`, or `all` with one argument) is posted by destination and emitted on the hit;
 * an `all` binding with n arguments counts its hits and matches at n. `all` bindings with nothing
 * to test always match; `any` ones never do. Message headers are taken as given (the caller applies
 * any broker-side conversion first, such as rabbitmq-4's timestamp seconds → milliseconds).
 */
export function createHeadersIndex<D = string>(opts: { profile?: ProfileName } = {}): HeadersIndex<D> {
  return new CountingHeadersIndex<D>(opts.profile)
}

/** A class, not closures: every index shares the same warmed-up (JIT-compiled) methods. */
class CountingHeadersIndex<D> implements HeadersIndex<D> {
  private readonly entries: (Entry | undefined)[] = []
  private readonly freeEntries: number[] = []
  private readonly byIdentity = new Map<string, number>()
  private readonly postings = new Map<string, KeyPostings>()
  /** Destination ids of `all` bindings with no considered argument: they match every message. */
  private readonly always: number[] = []
  private readonly dests = new DestTable<D>()
  private readonly loose: boolean
  /** Per counted entry: hits needed, destination id; `tally` holds [round stamp, hits] pairs. */
  private need = new Int32Array(16)
  private destOf = new Int32Array(16)
  private tally = new Int32Array(32)
  private epoch = 0

  constructor(private readonly profile: ProfileName | undefined) {
    this.loose = getProfile(profile).headersEquality === 'loose'
  }

  get size(): number {
    return this.byIdentity.size
  }

  /**
   * Binding identity as the broker keys it: destination plus the whole argument table with types
   * (so `{a: int 1}` and `{a: long 1}` are two bindings that route alike), plus an explicit `xMatch`.
   */
  private identity(binding: HeadersBindingSpec, destId: number): string {
    return `${binding.xMatch ?? ''}|${destId}|${tableIdentityKey(binding.args)}`
  }

  /**
   * The integer an equality class is posted by: a safe integer equal to `v`, or undefined. Under
   * strict (4.x) equality only integer types have one; under 3.10's, floats equal to one too.
   */
  private intOf(v: AmqpValue): number | undefined {
    if (INTEGER_TYPES[v.type] === true) {
      const x = v.value as number | string
      if (typeof x === 'number') return Number.isSafeInteger(x) ? x : undefined
      const big = BigInt(x)
      return big <= 9007199254740991n && big >= -9007199254740991n ? Number(big) : undefined
    }
    if (this.loose && (v.type === 'float' || v.type === 'double') && Number.isSafeInteger(v.value)) {
      return v.value
    }
    return undefined
  }

  private postKeyOf(v: AmqpValue): PostKey {
    if (v.type === 'longstr' || v.type === 'bytes') return { kind: 1, key: v.value }
    const n = this.intOf(v)
    return n !== undefined ? { kind: 0, key: n } : { kind: 2, key: valueKey(v, this.profile) }
  }

  private posting(key: string, at: PostKey | null, create: boolean): Posting | undefined {
    let p = this.postings.get(key)
    if (p === undefined) {
      if (!create) return undefined
      p = { present: { direct: [], counted: [] }, byInt: new Map(), byStr: new Map(), byKey: new Map() }
      this.postings.set(key, p)
    }
    if (at === null) return p.present
    const map: Map<number | string, Posting> =
      at.kind === 0 ? p.byInt : at.kind === 1 ? p.byStr : (p.byKey as Map<number | string, Posting>)
    let list = map.get(at.key)
    if (list === undefined && create) {
      list = { direct: [], counted: [] }
      map.set(at.key, list)
    }
    return list
  }

  add(binding: HeadersBindingSpec, dest: D): void {
    const mode = headersModeOf(binding)
    const destId = this.dests.acquire(dest)
    const key = this.identity(binding, destId)
    if (this.byIdentity.has(key)) {
      this.dests.release(destId)
      return
    }
    const args: [string, PostKey | null][] = []
    for (const k of Object.keys(binding.args)) {
      if (!isConsidered(k, mode)) continue
      const v = binding.args[k]
      args.push([k, v.type === 'void' ? null : this.postKeyOf(v)])
    }
    const direct = mode.any || args.length === 1
    const id = this.freeEntries.length > 0 ? (this.freeEntries.pop() as number) : this.entries.length
    this.entries[id] = { args, destId, direct }
    this.byIdentity.set(key, id)
    if (args.length === 0) {
      if (!mode.any) this.always.push(destId)
      return
    }
    if (!direct) {
      if (id >= this.need.length) this.grow(id + 1)
      this.need[id] = args.length
      this.destOf[id] = destId
      this.tally[2 * id] = 0
    }
    for (const [k, at] of args) {
      const p = this.posting(k, at, true) as Posting
      if (direct) p.direct.push(destId)
      else p.counted.push(id)
    }
  }

  remove(binding: HeadersBindingSpec, dest: D): void {
    const destId = this.dests.idOf(dest)
    if (destId < 0) return
    const key = this.identity(binding, destId)
    const id = this.byIdentity.get(key)
    if (id === undefined) return
    const entry = this.entries[id] as Entry
    this.byIdentity.delete(key)
    this.entries[id] = undefined
    this.freeEntries.push(id)
    this.dests.release(destId)
    // Only `all` bindings with nothing to test are in `always` (`any` ones match nothing).
    if (entry.args.length === 0 && !entry.direct) dropOne(this.always, destId)
    for (const [k, at] of entry.args) {
      const list = this.posting(k, at, false) as Posting
      if (entry.direct) dropOne(list.direct, destId)
      else dropOne(list.counted, id)
      if (list.direct.length > 0 || list.counted.length > 0) continue
      const p = this.postings.get(k) as KeyPostings
      if (at !== null) {
        if (at.kind === 0) p.byInt.delete(at.key)
        else (at.kind === 1 ? p.byStr : p.byKey).delete(at.key)
      }
      const present = p.present
      const empty = present.direct.length === 0 && present.counted.length === 0
      if (empty && p.byInt.size === 0 && p.byStr.size === 0 && p.byKey.size === 0) this.postings.delete(k)
    }
  }

  match(headers: AmqpTable): D[] {
    if (this.epoch === 0x7fffffff) {
      for (let i = 0; i < this.tally.length; i += 2) this.tally[i] = 0
      this.epoch = 0
    }
    const e = ++this.epoch
    const out: D[] = []
    const round = this.dests.startRound()
    // The destination table's arrays, read directly: emitting is most of the work at 1,000
    // bindings (about 76 destinations a message in the benchmark), and a call per emit is not free.
    const stamp = this.dests.stamp
    const values = this.dests.values
    const always = this.always
    for (let i = 0; i < always.length; i++) {
      const d = always[i]
      if (stamp[d] !== round) {
        stamp[d] = round
        out.push(values[d] as D)
      }
    }
    if (this.postings.size === 0) return out
    const tally = this.tally
    const need = this.need
    const destOf = this.destOf
    for (const k in headers) {
      const p = this.postings.get(k)
      if (p === undefined || !Object.hasOwn(headers, k)) continue
      const v: AmqpValue = headers[k]
      let list: Posting | undefined = p.present
      // Two postings at most: the key's presence, then its value's.
      for (let pass = 0; pass < 2; pass++) {
        if (pass === 1) {
          list = undefined
          if (v.type === 'longstr' || v.type === 'bytes') {
            if (p.byStr.size > 0) list = p.byStr.get(v.value)
          } else if (v.type !== 'void') {
            const n = p.byInt.size > 0 ? this.intOf(v) : undefined
            if (n !== undefined) list = p.byInt.get(n)
            else if (p.byKey.size > 0) list = p.byKey.get(valueKey(v, this.profile))
          }
          if (list === undefined) break
        }
        // Bindings this hit alone satisfies match; counted ones match on their last hit.
        const direct = (list as Posting).direct
        for (let i = 0; i < direct.length; i++) {
          const d = direct[i]
          if (stamp[d] !== round) {
            stamp[d] = round
            out.push(values[d] as D)
          }
        }
        const counted = (list as Posting).counted
        for (let i = 0; i < counted.length; i++) {
          const id = counted[i]
          const at = 2 * id
          let hits = 1
          if (tally[at] === e) hits = tally[at + 1] + 1
          else tally[at] = e
          tally[at + 1] = hits
          if (hits === need[id]) {
            const d = destOf[id]
            if (stamp[d] !== round) {
              stamp[d] = round
              out.push(values[d] as D)
            }
          }
        }
      }
    }
    return out
  }

  private grow(min: number): void {
    let cap = this.need.length
    while (cap < min) cap *= 2
    const widen = (a: Int32Array, size: number) => {
      const b = new Int32Array(size)
      b.set(a)
      return b
    }
    this.need = widen(this.need, cap)
    this.destOf = widen(this.destOf, cap)
    this.tally = widen(this.tally, 2 * cap)
  }
}

/** Removes one occurrence of `x` from `list` (order is not kept). */
function dropOne(list: number[], x: number): void {
  const at = list.indexOf(x)
  if (at >= 0) {
    list[at] = list[list.length - 1]
    list.pop()
  }
}
