import { tableIdentityKey } from './amqp-equality'
import { valueKey } from './amqp-values'
import { headersModeOf, isConsidered } from './headers-index-mode'
import { createDestTable } from './routing-index-dests'
import type { AmqpTable, AmqpValue, ProfileName } from './types'

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
  destId: number
  any: boolean
  /** Considered argument count (what an `all` binding must reach). */
  need: number
  /** `[key, valueKey | null]` per considered argument; null = presence test (void value). */
  args: [string, string | null][]
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
 */
export function createHeadersIndex<D = string>(opts: { profile?: ProfileName } = {}): HeadersIndex<D> {
  const profile = opts.profile
  const entries: (Entry | undefined)[] = []
  const freeEntries: number[] = []
  const byIdentity = new Map<string, number>()
  const postings = new Map<string, KeyPostings>()
  const always: number[] = []
  const dests = createDestTable<D>()
  let hits = new Int32Array(16)
  let hitStamp = new Uint32Array(16)
  let epoch = 0

  /**
   * Binding identity as the broker keys it: destination plus the whole argument table with types
   * (so `{a: int 1}` and `{a: long 1}` are two bindings that route alike), plus an explicit `xMatch`.
   */
  function identity(binding: HeadersBindingSpec, destId: number): string {
    return `${binding.xMatch ?? ''}|${destId}|${tableIdentityKey(binding.args)}`
  }

  function listFor(key: string, vk: string | null, create: boolean): number[] | undefined {
    let p = postings.get(key)
    if (p === undefined) {
      if (!create) return undefined
      p = { present: [], byValue: new Map() }
      postings.set(key, p)
    }
    if (vk === null) return p.present
    let list = p.byValue.get(vk)
    if (list === undefined && create) {
      list = []
      p.byValue.set(vk, list)
    }
    return list
  }

  function add(binding: HeadersBindingSpec, dest: D): void {
    const mode = headersModeOf(binding)
    const destId = dests.acquire(dest)
    const key = identity(binding, destId)
    if (byIdentity.has(key)) {
      dests.release(destId)
      return
    }
    const args: [string, string | null][] = []
    for (const k of Object.keys(binding.args)) {
      if (!isConsidered(k, mode)) continue
      const v = binding.args[k]
      args.push([k, v.type === 'void' ? null : valueKey(v, profile)])
    }
    const id = freeEntries.length > 0 ? (freeEntries.pop() as number) : entries.length
    entries[id] = { destId, any: mode.any, need: args.length, args }
    byIdentity.set(key, id)
    if (id >= hits.length) {
      hits = new Int32Array(hits.length * 2)
      const s = new Uint32Array(hits.length)
      s.set(hitStamp)
      hitStamp = s
    }
    if (args.length === 0) {
      if (!mode.any) always.push(id)
      return
    }
    for (const [k, vk] of args) (listFor(k, vk, true) as number[]).push(id)
  }

  function remove(binding: HeadersBindingSpec, dest: D): void {
    const destId = dests.idOf(dest)
    if (destId < 0) return
    const key = identity(binding, destId)
    const id = byIdentity.get(key)
    if (id === undefined) return
    const entry = entries[id] as Entry
    byIdentity.delete(key)
    entries[id] = undefined
    freeEntries.push(id)
    dests.release(destId)
    if (entry.need === 0) dropId(always, id)
    for (const [k, vk] of entry.args) {
      dropId(listFor(k, vk, false), id)
      const p = postings.get(k) as KeyPostings
      if (vk !== null && p.byValue.get(vk)?.length === 0) p.byValue.delete(vk)
      if (p.present.length === 0 && p.byValue.size === 0) postings.delete(k)
    }
  }

  function match(headers: AmqpTable): D[] {
    if (epoch === 0xffffffff) {
      hitStamp.fill(0)
      epoch = 0
    }
    const e = ++epoch
    const out: D[] = []
    const seen = dests.startRound()
    const hit = (list: number[]) => {
      for (let i = 0; i < list.length; i++) {
        const id = list[i]
        const entry = entries[id] as Entry
        if (hitStamp[id] !== e) {
          hitStamp[id] = e
          hits[id] = 0
        }
        const n = ++hits[id]
        if (entry.any ? n === 1 : n === entry.need) dests.emit(entry.destId, seen, out)
      }
    }
    for (let i = 0; i < always.length; i++) dests.emit((entries[always[i]] as Entry).destId, seen, out)
    for (const k in headers) {
      if (!Object.hasOwn(headers, k)) continue
      const p = postings.get(k)
      if (p === undefined) continue
      if (p.present.length > 0) hit(p.present)
      const v: AmqpValue = headers[k]
      if (v.type === 'void' || p.byValue.size === 0) continue
      const list = p.byValue.get(valueKey(v, profile))
      if (list) hit(list)
    }
    return out
  }

  return {
    add,
    remove,
    match,
    get size() {
      return byIdentity.size
    },
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
