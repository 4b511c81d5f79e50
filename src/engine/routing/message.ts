/**
 * What routing sees of a published message: the routing keys (publish key, then CC, then BCC; only
 * longstr elements count) and the headers the headers exchange matches (BCC stripped first; in ≥ 3.13
 * top-level timestamps become milliseconds, while binding values stay raw).
 */

import { erlangTypeName, errors } from '../broker/errors'
import type { Profile } from '../broker/profiles'
import type { AmqpTable, AmqpValue } from '../broker/types'
import { dataRecord } from '../values/plain-data'
import type { MessageView } from './binding-eval'

function extraKeys(headers: AmqpTable, name: 'CC' | 'BCC'): string[] {
  const v = headers[name]
  if (v === undefined) return []
  if (v.type !== 'array') throw errors.badCcHeader(name, erlangTypeName(v.type))
  return v.value.filter((x) => x.type === 'longstr').map((x) => x.value as string)
}

/** Build the routing view; throws 406 when CC or BCC is present but not an array. */
export function messageView(routingKey: string, headers: AmqpTable, profile: Readonly<Profile>): MessageView {
  const routingKeys = [routingKey, ...extraKeys(headers, 'CC'), ...extraKeys(headers, 'BCC')]
  // No prototype: a header named __proto__ is a key like any other (plain {} would drop it).
  const shownHeaders: AmqpTable = dataRecord()
  const routingHeaders: AmqpTable = dataRecord()
  for (const [k, v] of Object.entries(headers)) {
    if (k === 'BCC') continue
    shownHeaders[k] = v
    routingHeaders[k] = profile.headerTimestampsInMs && v.type === 'timestamp' ? toMillis(v) : v
  }
  return { routingKeys, routingHeaders, shownHeaders }
}

function toMillis(v: { value: number | string }): AmqpValue {
  const ms = BigInt(v.value) * 1000n
  const n = Number(ms)
  return { type: 'long', value: Number.isSafeInteger(n) ? n : ms.toString() }
}
