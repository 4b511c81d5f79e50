/**
 * The headers index's postings: for each header key, one posting for the key's presence and one per
 * equality class of value, each listing the bindings that this one hit satisfies or helps satisfy.
 * Values are posted by equality class without building strings for the common types.
 */

import { getProfile } from '../broker/profiles'
import type { AmqpValue, ProfileName } from '../broker/types'
import { valueKey } from '../values/amqp-values'
import { DestBits } from './dest-bits'

/** Where a value is posted under a header key: by integer value, by raw string, or by value key. */
export type PostKey = { kind: 0; key: number } | { kind: 1 | 2; key: string }

/** An `all` binding with two or more arguments, listed under one of its postings (its anchor). */
export interface AnchoredBinding {
  destId: number
  /** The postings of its other arguments: it matches when the message hit all of them too. */
  rest: Posting[]
}

/**
 * One posting: the bindings that one `(header key, value)` (or the key's presence) concerns. As a
 * `DestBits` it holds the destinations of bindings this hit alone matches (`any`, or `all` with one
 * argument); a subclass rather than a field, so a hit reads them without one more object.
 */
export class Posting extends DestBits {
  /** `all` bindings with two or more arguments whose anchor this is. */
  readonly anchored: AnchoredBinding[] = []
  /** Binding arguments that use this posting (direct, anchor or another's rest); 0 = unused. */
  uses = 0
  /** The match round that last hit this posting (rests are checked against it). */
  seen = 0
}

/** The postings of one header key. */
export interface KeyPostings {
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

/** Every posting of an index, by header key and value (equality as under the index's profile). */
export class PostingTable {
  private readonly byHeader = new Map<string, KeyPostings>()
  private readonly loose: boolean

  constructor(private readonly profile: ProfileName | undefined) {
    this.loose = getProfile(profile).headersEquality === 'loose'
  }

  get size(): number {
    return this.byHeader.size
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

  /** Where a binding argument's (non-void) value is posted. */
  postKeyOf(v: AmqpValue): PostKey {
    if (v.type === 'longstr' || v.type === 'bytes') return { kind: 1, key: v.value }
    const n = this.intOf(v)
    return n !== undefined ? { kind: 0, key: n } : { kind: 2, key: valueKey(v, this.profile) }
  }

  /** The postings of header key `key`, if any binding tests it. */
  ofKey(key: string): KeyPostings | undefined {
    return this.byHeader.get(key)
  }

  /** The posting a message's value `v` of a key hits (none for a void value). */
  ofValue(p: KeyPostings, v: AmqpValue): Posting | undefined {
    // Strings first and in few bytecodes, so the match loop inlines this call.
    if (v.type === 'longstr' || v.type === 'bytes') return p.byStr.size > 0 ? p.byStr.get(v.value) : undefined
    return v.type === 'void' ? undefined : this.ofOtherValue(p, v)
  }

  private ofOtherValue(p: KeyPostings, v: AmqpValue): Posting | undefined {
    const n = p.byInt.size > 0 ? this.intOf(v) : undefined
    if (n !== undefined) return p.byInt.get(n)
    return p.byKey.size > 0 ? p.byKey.get(valueKey(v, this.profile)) : undefined
  }

  /** The posting of `key` at `at` (null: the key's presence), created if needed; counts one use. */
  acquire(key: string, at: PostKey | null): Posting {
    let p = this.byHeader.get(key)
    if (p === undefined) {
      p = { present: new Posting(), byInt: new Map(), byStr: new Map(), byKey: new Map() }
      this.byHeader.set(key, p)
    }
    if (at === null) {
      p.present.uses++
      return p.present
    }
    const map = valueMap(p, at)
    let posting = map.get(at.key)
    if (posting === undefined) {
      posting = new Posting()
      map.set(at.key, posting)
    }
    posting.uses++
    return posting
  }

  /** Drops one use of a posting from `acquire`; an unused posting (and then key) is deleted. */
  release(key: string, at: PostKey | null, posting: Posting): void {
    if (--posting.uses > 0) return
    const p = this.byHeader.get(key) as KeyPostings
    if (at !== null) valueMap(p, at).delete(at.key)
    if (p.present.uses === 0 && p.byInt.size === 0 && p.byStr.size === 0 && p.byKey.size === 0) {
      this.byHeader.delete(key)
    }
  }
}

function valueMap(p: KeyPostings, at: PostKey): Map<number | string, Posting> {
  return (at.kind === 0 ? p.byInt : at.kind === 1 ? p.byStr : p.byKey) as Map<number | string, Posting>
}
