import { valueKey } from './amqp-values'
import { type HeadersMode, headersModeOf, isConsidered } from './headers-index-mode'
import type { AmqpTable, AmqpValue, ProfileName } from './types'

/** A headers binding as the index sees it: the `x-match` mode and the binding's argument table. */
export interface HeadersBindingSpec {
  /** `all` | `any` | `all-with-x` | `any-with-x`; when absent, `args['x-match']` or `all`. */
  xMatch?: string
  args: AmqpTable
}

/** A set of headers bindings that routes a message's headers table to destinations. */
export interface HeadersIndex<D = string> {
  /** Adds a binding; adding an identical (mode, args, dest) binding again changes nothing. */
  add(binding: HeadersBindingSpec, dest: D): void
  /** Removes a binding; removing one that is not there changes nothing. */
  remove(binding: HeadersBindingSpec, dest: D): void
  /** The distinct destinations of every binding that matches `headers` (any order). */
  match(headers: AmqpTable): D[]
  /** Number of distinct bindings. */
  readonly size: number
}

interface Entry<D> {
  dest: D
  mode: HeadersMode
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
 * considered argument `(key, value)` (value compared as the broker does, through `valueKey`) and
 * presence tests by key, so a match touches only the postings of the message's own headers: an
 * `any` binding matches on its first hit, an `all` binding when its hit counter reaches its number of
 * considered arguments. `all` bindings with nothing to test always match; `any` ones never do.
 */
export function createHeadersIndex<D = string>(opts: { profile?: ProfileName } = {}): HeadersIndex<D> {
  const profile = opts.profile
  const entries: (Entry<D> | undefined)[] = []
  const free: number[] = []
  const byIdentity = new Map<string, number>()
  const postings = new Map<string, KeyPostings>()
  const always: number[] = []
  let hits = new Int32Array(16)
  let hitStamp = new Uint32Array(16)
  let epoch = 0

  function identity(binding: HeadersBindingSpec, mode: HeadersMode, dest: D, destKey: string): string {
    const parts = Object.keys(binding.args)
      .filter((k) => k !== 'x-match')
      .sort()
      .map((k) => `${JSON.stringify(k)}:${valueKey(binding.args[k], profile)}`)
    void dest
    return `${mode}|${destKey}|${parts.join(',')}`
  }

  // Destinations of any type: identity needs a stable key per destination value.
  const destKeys = new Map<D, string>()
  let destCounter = 0
  function destKeyOf(dest: D, create: boolean): string | undefined {
    let k = destKeys.get(dest)
    if (k === undefined && create) {
      k = String(destCounter++)
      destKeys.set(dest, k)
    }
    return k
  }

  function postingsOf(key: string): KeyPostings {
    let p = postings.get(key)
    if (p === undefined) {
      p = { present: [], byValue: new Map() }
      postings.set(key, p)
    }
    return p
  }

  function listFor(key: string, vk: string | null, create: true): number[]
  function listFor(key: string, vk: string | null, create: false): number[] | undefined
  function listFor(key: string, vk: string | null, create: boolean): number[] | undefined {
    const p = create ? postingsOf(key) : postings.get(key)
    if (p === undefined) return undefined
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
    const id0 = identity(binding, mode, dest, destKeyOf(dest, true) as string)
    if (byIdentity.has(id0)) return
    const args: [string, string | null][] = []
    for (const k of Object.keys(binding.args)) {
      if (!isConsidered(k, mode)) continue
      const v = binding.args[k]
      args.push([k, v.type === 'void' ? null : valueKey(v, profile)])
    }
    const id = free.length > 0 ? (free.pop() as number) : entries.length
    entries[id] = { dest, mode, need: args.length, args }
    byIdentity.set(id0, id)
    if (id >= hits.length) {
      const h = new Int32Array(hits.length * 2)
      const s = new Uint32Array(hits.length * 2)
      s.set(hitStamp)
      hits = h
      hitStamp = s
    }
    if (args.length === 0) {
      if (!mode.any) always.push(id)
      return
    }
    for (const [k, vk] of args) listFor(k, vk, true).push(id)
  }

  function remove(binding: HeadersBindingSpec, dest: D): void {
    const destKey = destKeyOf(dest, false)
    if (destKey === undefined) return
    const id0 = identity(binding, headersModeOf(binding), dest, destKey)
    const id = byIdentity.get(id0)
    if (id === undefined) return
    const entry = entries[id] as Entry<D>
    byIdentity.delete(id0)
    entries[id] = undefined
    free.push(id)
    const drop = (list: number[] | undefined) => {
      if (!list) return
      const at = list.indexOf(id)
      if (at >= 0) {
        list[at] = list[list.length - 1]
        list.pop()
      }
    }
    if (entry.args.length === 0) drop(always)
    for (const [k, vk] of entry.args) {
      drop(listFor(k, vk, false))
      const p = postings.get(k)
      if (p && vk !== null && p.byValue.get(vk)?.length === 0) p.byValue.delete(vk)
      if (p && p.present.length === 0 && p.byValue.size === 0) postings.delete(k)
    }
  }

  function match(headers: AmqpTable): D[] {
    if (epoch === 0xffffffff) {
      hitStamp.fill(0)
      epoch = 0
    }
    const e = ++epoch
    const out: D[] = []
    const seen = new Set<D>()
    const emit = (id: number) => {
      const dest = (entries[id] as Entry<D>).dest
      if (!seen.has(dest)) {
        seen.add(dest)
        out.push(dest)
      }
    }
    const hit = (list: number[]) => {
      for (let i = 0; i < list.length; i++) {
        const id = list[i]
        const entry = entries[id] as Entry<D>
        if (hitStamp[id] !== e) {
          hitStamp[id] = e
          hits[id] = 0
        }
        if (entry.mode.any) {
          if (hits[id]++ === 0) emit(id)
        } else if (++hits[id] === entry.need) emit(id)
      }
    }
    for (const id of always) emit(id)
    for (const k of Object.keys(headers)) {
      const p = postings.get(k)
      if (p === undefined) continue
      hit(p.present)
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
