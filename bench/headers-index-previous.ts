/**
 * The headers index as it was before issue 23 (postings of binding ids, value keys as strings, one
 * counter per binding), kept as the benchmark's peer for "no slower than the current index".
 */

import type { AmqpTable, AmqpValue, ProfileName } from '../src/engine/broker/types'
import { headersModeOf, isConsidered } from '../src/engine/headers/headers-index-mode'
import { DestTable } from '../src/engine/routing/routing-index-dests'
import { tableIdentityKey } from '../src/engine/values/amqp-equality'
import { valueKey } from '../src/engine/values/amqp-values'

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
  /** `[key, valueKey | null]` per considered argument; null = presence test (void value). */
  args: [string, string | null][]
  destId: number
}

/** Posting lists of one header key: bindings testing its presence, and by value key. */
interface KeyPostings {
  present: number[]
  byValue: Map<string, number[]>
}

/**
 * Creates a headers index following RabbitMQ's headers exchange. Bindings are indexed by each
 * considered argument `(key, value)` (values compared as the broker does, through `valueKey`) and
 * presence tests by key, so a match touches only the postings of the message's own header keys: an
 * `any` binding matches on its first hit, an `all` binding when its hit counter reaches its number of
 * considered arguments. `all` bindings with nothing to test always match; `any` ones never do.
 * Message headers are taken as given (the caller applies any broker-side conversion first).
 */
export function createPreviousHeadersIndex<D = string>(
  opts: { profile?: ProfileName } = {},
): HeadersIndex<D> {
  return new PostingsHeadersIndex<D>(opts.profile)
}

/** A class, not closures: every index shares the same warmed-up (JIT-compiled) methods. */
class PostingsHeadersIndex<D> implements HeadersIndex<D> {
  private readonly entries: (Entry | undefined)[] = []
  private readonly freeEntries: number[] = []
  private readonly byIdentity = new Map<string, number>()
  private readonly postings = new Map<string, KeyPostings>()
  /** `all` bindings with no considered argument: they match every message. */
  private readonly always: number[] = []
  private readonly dests = new DestTable<D>()
  /** Per entry: hits needed (`any` needs 1), destination id, hit counter and its round stamp. */
  private need = new Int32Array(16)
  private destOf = new Int32Array(16)
  private hits = new Int32Array(16)
  private hitStamp = new Uint32Array(16)
  private epoch = 0

  constructor(private readonly profile: ProfileName | undefined) {}

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

  private listFor(key: string, vk: string | null, create: boolean): number[] | undefined {
    let p = this.postings.get(key)
    if (p === undefined) {
      if (!create) return undefined
      p = { present: [], byValue: new Map() }
      this.postings.set(key, p)
    }
    if (vk === null) return p.present
    let list = p.byValue.get(vk)
    if (list === undefined && create) {
      list = []
      p.byValue.set(vk, list)
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
    const args: [string, string | null][] = []
    for (const k of Object.keys(binding.args)) {
      if (!isConsidered(k, mode)) continue
      const v = binding.args[k]
      args.push([k, v.type === 'void' ? null : valueKey(v, this.profile)])
    }
    const id = this.freeEntries.length > 0 ? (this.freeEntries.pop() as number) : this.entries.length
    this.entries[id] = { args, destId }
    this.byIdentity.set(key, id)
    if (id >= this.need.length) this.grow()
    this.need[id] = mode.any ? 1 : args.length
    this.destOf[id] = destId
    this.hitStamp[id] = 0
    if (args.length === 0) {
      if (!mode.any) this.always.push(id)
      return
    }
    for (const [k, vk] of args) (this.listFor(k, vk, true) as number[]).push(id)
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
    if (entry.args.length === 0) dropId(this.always, id)
    for (const [k, vk] of entry.args) {
      dropId(this.listFor(k, vk, false), id)
      const p = this.postings.get(k) as KeyPostings
      if (vk !== null && p.byValue.get(vk)?.length === 0) p.byValue.delete(vk)
      if (p.present.length === 0 && p.byValue.size === 0) this.postings.delete(k)
    }
  }

  match(headers: AmqpTable): D[] {
    if (this.epoch === 0xffffffff) {
      this.hitStamp.fill(0)
      this.epoch = 0
    }
    const e = ++this.epoch
    const out: D[] = []
    const dests = this.dests
    const round = dests.startRound()
    const always = this.always
    for (let i = 0; i < always.length; i++) dests.emit(this.destOf[always[i]], round, out)
    for (const k in headers) {
      const p = this.postings.get(k)
      if (p === undefined || !Object.hasOwn(headers, k)) continue
      if (p.present.length > 0) this.hit(p.present, e, round, out)
      const v: AmqpValue = headers[k]
      if (v.type === 'void' || p.byValue.size === 0) continue
      const list = p.byValue.get(valueKey(v, this.profile))
      if (list !== undefined) this.hit(list, e, round, out)
    }
    return out
  }

  /** Counts one satisfied argument for each entry of `list`; emits those that reach their need. */
  private hit(list: number[], e: number, round: number, out: D[]): void {
    const { hits, hitStamp, need } = this
    for (let i = 0; i < list.length; i++) {
      const id = list[i]
      if (hitStamp[id] !== e) {
        hitStamp[id] = e
        hits[id] = 0
      }
      if (++hits[id] === need[id]) this.dests.emit(this.destOf[id], round, out)
    }
  }

  private grow(): void {
    const cap = this.need.length * 2
    const widen = <T extends Int32Array | Uint32Array>(a: T, b: T): T => {
      b.set(a)
      return b
    }
    this.need = widen(this.need, new Int32Array(cap))
    this.destOf = widen(this.destOf, new Int32Array(cap))
    this.hits = new Int32Array(cap)
    this.hitStamp = widen(this.hitStamp, new Uint32Array(cap))
  }
}

function dropId(list: number[] | undefined, id: number): void {
  if (!list) return
  const at = list.indexOf(id)
  if (at >= 0) {
    list[at] = list[list.length - 1]
    list.pop()
  }
}
