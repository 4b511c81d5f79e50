/**
 * Every set of message headers, in finitely many classes, for the headers bindings that can see it.
 * A binding only compares the headers it names, each with one value (or presence, for a void value),
 * so per header the choices that matter are: absent, one of the named values, or some other value.
 * Headers are assigned one at a time; assignments that leave every binding in the same state (an
 * `all` binding not yet failed, an `any` binding already matched) are merged, keeping the one with the
 * fewest headers. Each per-header test is the engine's own (evaluateHeaders on the routing view, so
 * typed integers, loose/strict equality and ≥ 3.13 timestamps in ms are the router's rules).
 *
 * Messages with CC or BCC headers are not enumerated: those headers add routing keys.
 */

import type { Profile } from '../broker/profiles'
import type { AmqpTable, AmqpValue } from '../broker/types'
import { evaluateHeaders, xMatchOf } from '../headers/headers-match'
import { messageView } from '../routing/message'
import { valueKey } from '../values/amqp-equality'
import { dataRecord } from '../values/plain-data'

export interface HeaderClass {
  /** The fewest headers that put a message in this class. */
  headers: AmqpTable
  /** Indexes (into the bindings given) of the headers bindings every message of the class matches. */
  matched: readonly number[]
}

export interface HeaderSpace {
  classes: HeaderClass[]
  /** False when the state budget ran out (the classes found are real, but others may exist). */
  complete: boolean
}

const NOT_ENUMERATED = new Set(['CC', 'BCC'])

/** A longstr value no binding names for this header. */
function otherValue(named: readonly AmqpValue[]): AmqpValue {
  const taken = new Set(named.filter((v) => v.type === 'longstr').map((v) => v.value as string))
  let s = 'other'
  for (let i = 1; taken.has(s); i++) s = `other${i}`
  return { type: 'longstr', value: s }
}

/** Candidate message values for one header: absent first, then the named ones, then another. */
function candidatesFor(values: readonly AmqpValue[], profile: Readonly<Profile>): (AmqpValue | undefined)[] {
  const out = new Map<string, AmqpValue>()
  for (const v of values) {
    if (v.type === 'void') continue
    out.set(valueKey(v, profile.name), v)
    // ≥ 3.13 compares a message timestamp in ms: the binding's value, in seconds, is what matches it.
    if (profile.headerTimestampsInMs && v.type !== 'timestamp' && typeof v.value === 'number') {
      if (Number.isInteger(v.value) && v.value % 1000 === 0) {
        const ts: AmqpValue = { type: 'timestamp', value: v.value / 1000 }
        out.set(`ts:${ts.value}`, ts)
      }
    }
  }
  return [undefined, ...out.values(), otherValue(values)]
}

export interface HeadersBindingArgs {
  arguments: AmqpTable
}

/**
 * Partition all header sets. `fixed` headers take only their given value (a requirement's
 * `headers {…}`); they appear in every witness.
 */
export function headerSpace(
  bindings: readonly HeadersBindingArgs[],
  profile: Readonly<Profile>,
  options: { fixed?: AmqpTable; maxStates?: number } = {},
): HeaderSpace {
  const maxStates = options.maxStates ?? 100_000
  const fixed = options.fixed ?? {}
  const valuesByHeader = new Map<string, AmqpValue[]>()
  for (const b of bindings)
    for (const [k, v] of Object.entries(b.arguments)) {
      if (k === 'x-match' || NOT_ENUMERATED.has(k)) continue
      const list = valuesByHeader.get(k) ?? []
      list.push(v)
      valuesByHeader.set(k, list)
    }
  for (const k of Object.keys(fixed)) if (!valuesByHeader.has(k)) valuesByHeader.set(k, [])
  const headerNames = [...valuesByHeader.keys()].sort()
  const modes = bindings.map((b) => xMatchOf(b.arguments))
  const isAny = modes.map((m) => m.startsWith('any'))

  // state[i]: for `all`, 1 = failed; for `any`, 1 = matched. Start: nothing failed, nothing matched.
  let states = new Map<string, { bits: Uint8Array; headers: AmqpTable }>()
  states.set('', { bits: new Uint8Array(bindings.length), headers: dataRecord<AmqpValue>() })
  let complete = true
  for (const h of headerNames) {
    const candidates: (AmqpValue | undefined)[] = Object.hasOwn(fixed, h)
      ? [fixed[h] as AmqpValue]
      : candidatesFor(valuesByHeader.get(h) ?? [], profile)
    const concerned = bindings.flatMap((b, i) => (Object.hasOwn(b.arguments, h) ? [i] : []))
    // The engine's verdict for each (binding, candidate): considered? passed?
    const verdicts = candidates.map((cand) => {
      const routing =
        cand === undefined ? dataRecord<AmqpValue>() : messageView('', { [h]: cand }, profile).routingHeaders
      return concerned.map((i) => {
        const b = bindings[i] as HeadersBindingArgs
        const one: AmqpTable = { [h]: b.arguments[h] as AmqpValue }
        if (b.arguments['x-match']) one['x-match'] = b.arguments['x-match']
        const row = evaluateHeaders(one, routing, profile.name).rows.find((r) => r.key === h)
        return { considered: row?.considered ?? false, passed: row?.result ?? false }
      })
    })
    const next = new Map<string, { bits: Uint8Array; headers: AmqpTable }>()
    for (const s of states.values()) {
      candidates.forEach((cand, ci) => {
        const bits = s.bits.slice()
        concerned.forEach((i, j) => {
          const v = (verdicts[ci] as { considered: boolean; passed: boolean }[])[j] as {
            considered: boolean
            passed: boolean
          }
          if (!v.considered) return
          if (isAny[i]) {
            if (v.passed) bits[i] = 1
          } else if (!v.passed) bits[i] = 1
        })
        const key = bits.join('')
        if (next.has(key)) return
        const headers = dataRecord<AmqpValue>()
        Object.assign(headers, s.headers)
        if (cand !== undefined) headers[h] = cand
        next.set(key, { bits, headers })
      })
      if (next.size > maxStates) {
        complete = false
        break
      }
    }
    states = next
    if (!complete) break
  }

  const classes = new Map<string, HeaderClass>()
  for (const s of states.values()) {
    const matched = bindings.flatMap((b, i) => {
      const considered = Object.keys(b.arguments).some(
        (k) => k !== 'x-match' && (modes[i]?.endsWith('-with-x') || !k.startsWith('x-')),
      )
      if (isAny[i]) return s.bits[i] === 1 ? [i] : []
      // An `all` binding with nothing to compare matches every message.
      return s.bits[i] === 0 || !considered ? [i] : []
    })
    const sig = matched.join(',')
    const prev = classes.get(sig)
    if (!prev || Object.keys(s.headers).length < Object.keys(prev.headers).length)
      classes.set(sig, { headers: s.headers, matched })
  }
  const sorted = [...classes.values()].sort(
    (a, b) => Object.keys(a.headers).length - Object.keys(b.headers).length,
  )
  return { classes: sorted, complete }
}
