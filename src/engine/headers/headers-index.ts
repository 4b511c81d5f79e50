import type { AmqpTable, ProfileName } from '../broker/types'
import { DestTable } from '../routing/routing-index-dests'
import { tableIdentityKey } from '../values/amqp-equality'
import { DestAccumulator } from './dest-bits'
import { headersModeOf, isConsidered } from './headers-index-mode'
import { type AnchoredBinding, type Posting, PostingTable, type PostKey } from './headers-postings'

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

/** One considered binding argument and the posting it uses. */
interface Arg {
  key: string
  /** Where its value is posted (null = presence test, a void value). */
  at: PostKey | null
  posting: Posting
}

interface Entry {
  args: Arg[]
  destId: number
  /** Whether the binding is in its postings' destination sets (any one hit matches it). */
  direct: boolean
  /** An `all` binding with two or more arguments: its record, and the posting that lists it. */
  anchored: AnchoredBinding | undefined
  anchor: Posting | undefined
}

/**
 * Creates a headers index following RabbitMQ's headers exchange. Each considered binding argument
 * `(key, value)` is posted under its header key and value (values compared as the broker does: every
 * integer width and a timestamp are one integer, `longstr` equals `bytes`, 3.10 also equates an
 * integer with an equal float), and each void argument under its key's presence. A message touches
 * only the postings of the header keys and values it carries: a binding that one hit satisfies
 * (`any`, or `all` with one argument) is in the posting's destination bitset; an `all` binding with
 * more arguments is listed under one of them (its anchor) and matches when the message also hit the
 * postings of the others. `all` bindings with nothing to test always match; `any` ones never do.
 * Message headers are taken as given (the caller applies any broker-side conversion first, such as
 * rabbitmq-4's timestamp seconds → milliseconds).
 */
export function createHeadersIndex<D = string>(opts: { profile?: ProfileName } = {}): HeadersIndex<D> {
  return new AnchoredHeadersIndex<D>(opts.profile)
}

/** A class, not closures: every index shares the same warmed-up (JIT-compiled) methods. */
class AnchoredHeadersIndex<D> implements HeadersIndex<D> {
  private readonly entries = new Map<string, Entry>()
  private readonly postings: PostingTable
  /** Destination ids of `all` bindings with no considered argument: they match every message. */
  private readonly always: number[] = []
  private readonly dests = new DestTable<D>()
  private readonly found = new DestAccumulator()
  /** The postings hit by the current message that anchor bindings (reused between messages). */
  private readonly anchors: Posting[] = []
  /** Counts messages, for postings' `seen` stamps; a double is exact to 2^53, so it never wraps. */
  private round = 0

  constructor(profile: ProfileName | undefined) {
    this.postings = new PostingTable(profile)
  }

  get size(): number {
    return this.entries.size
  }

  /**
   * Binding identity as the broker keys it: destination plus the whole argument table with types
   * (so `{a: int 1}` and `{a: long 1}` are two bindings that route alike), plus an explicit `xMatch`.
   */
  private identity(binding: HeadersBindingSpec, destId: number): string {
    return `${binding.xMatch ?? ''}|${destId}|${tableIdentityKey(binding.args)}`
  }

  add(binding: HeadersBindingSpec, dest: D): void {
    const mode = headersModeOf(binding)
    const destId = this.dests.acquire(dest)
    const identity = this.identity(binding, destId)
    if (this.entries.has(identity)) {
      this.dests.release(destId)
      return
    }
    const args: Arg[] = []
    for (const key of Object.keys(binding.args)) {
      if (!isConsidered(key, mode)) continue
      const v = binding.args[key]
      const at = v.type === 'void' ? null : this.postings.postKeyOf(v)
      args.push({ key, at, posting: this.postings.acquire(key, at) })
    }
    const direct = mode.any || args.length === 1
    const entry: Entry = { args, destId, direct, anchored: undefined, anchor: undefined }
    this.entries.set(identity, entry)
    if (args.length === 0) {
      if (!mode.any) this.always.push(destId)
    } else if (direct) {
      for (const a of args) a.posting.add(destId)
    } else {
      // Anchored under its first value if it has one: every message with the key hits a presence test.
      let anchor = args.findIndex((a) => a.at !== null)
      if (anchor < 0) anchor = 0
      entry.anchor = args[anchor].posting
      entry.anchored = { destId, rest: args.filter((_, i) => i !== anchor).map((a) => a.posting) }
      entry.anchor.anchored.push(entry.anchored)
    }
  }

  remove(binding: HeadersBindingSpec, dest: D): void {
    const destId = this.dests.idOf(dest)
    if (destId < 0) return
    const identity = this.identity(binding, destId)
    const entry = this.entries.get(identity)
    if (entry === undefined) return
    this.entries.delete(identity)
    this.dests.release(destId)
    // Only `all` bindings with nothing to test are in `always` (`any` ones match nothing).
    if (entry.args.length === 0 && !entry.direct) dropOne(this.always, destId)
    if (entry.anchor !== undefined) dropOne(entry.anchor.anchored, entry.anchored)
    for (const a of entry.args) {
      if (entry.direct) a.posting.remove(destId)
      this.postings.release(a.key, a.at, a.posting)
    }
  }

  match(headers: AmqpTable): D[] {
    const round = ++this.round
    const found = this.found
    found.begin(this.dests.values.length)
    const always = this.always
    for (let i = 0; i < always.length; i++) found.add(always[i])
    if (this.postings.size === 0) return found.take(this.dests.values)
    // First every posting the message hits: stamped, its direct destinations found, anchors kept.
    const postings = this.postings
    const anchors = this.anchors
    let anchorCount = 0
    for (const k in headers) {
      const kp = postings.ofKey(k)
      if (kp === undefined || !Object.hasOwn(headers, k)) continue
      // Two postings at most: the key's presence, then its value's.
      if (kp.present.uses > 0) anchorCount = this.hit(kp.present, round, anchorCount)
      const p = postings.ofValue(kp, headers[k])
      if (p !== undefined) anchorCount = this.hit(p, round, anchorCount)
    }
    // Then the anchored `all` bindings: each matches when the rest of its postings were hit too.
    for (let h = 0; h < anchorCount; h++) {
      const anchored = anchors[h].anchored
      for (let i = 0; i < anchored.length; i++) {
        const b = anchored[i]
        const rest = b.rest
        let all = true
        for (let j = 0; j < rest.length; j++) {
          if (rest[j].seen !== round) {
            all = false
            break
          }
        }
        if (all) found.add(b.destId)
      }
    }
    return found.take(this.dests.values)
  }

  /** A posting the message hits: stamped, its direct destinations found, kept if it anchors any. */
  private hit(p: Posting, round: number, anchorCount: number): number {
    p.seen = round
    this.found.addAll(p)
    if (p.anchored.length > 0) this.anchors[anchorCount++] = p
    return anchorCount
  }
}

/** Removes one occurrence of `x` from `list` (order is not kept). */
function dropOne<T>(list: T[], x: T): void {
  const at = list.indexOf(x)
  if (at >= 0) {
    list[at] = list[list.length - 1]
    list.pop()
  }
}
