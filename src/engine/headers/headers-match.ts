/**
 * Per-binding headers matching (rabbit_exchange_type_headers), with one explanation row per binding
 * argument. This is the reference the headers index must agree with.
 */

import { erlangTerm, erlangTypeName, errors } from '../broker/errors'
import type { AmqpTable, AmqpValue, HeadersRow, ProfileName } from '../broker/types'
import { valuesEqual } from '../values/amqp-equality'

export type XMatch = 'all' | 'any' | 'all-with-x' | 'any-with-x'
const MODES: readonly string[] = ['all', 'any', 'all-with-x', 'any-with-x']

/** Bind-time validation of `x-match` (406 when present and not one of the four longstr values). */
export function validateXMatch(args: AmqpTable): void {
  const v = args['x-match']
  if (v === undefined) return
  if (v.type !== 'longstr') throw errors.xMatchType(erlangTypeName(v.type), erlangTerm(v))
  if (!MODES.includes(v.value)) throw errors.xMatchValue(erlangTerm(v))
}

/** The binding's mode; missing (or a legacy unrecognised value) means `all`. */
export function xMatchOf(args: AmqpTable): XMatch {
  const v = args['x-match']
  return v?.type === 'longstr' && MODES.includes(v.value) ? (v.value as XMatch) : 'all'
}

export interface HeadersEvaluation {
  xMatch: XMatch
  rows: HeadersRow[]
  matched: boolean
}

/**
 * Compare a binding's arguments with a message's headers (already prepared for routing: BCC removed,
 * timestamps converted per profile). `shown` gives the header values as published, for the rows.
 */
export function evaluateHeaders(
  args: AmqpTable,
  headers: AmqpTable,
  profile: ProfileName,
  shown: AmqpTable = headers,
): HeadersEvaluation {
  const xMatch = xMatchOf(args)
  const withX = xMatch.endsWith('-with-x')
  const rows: HeadersRow[] = []
  for (const [key, bindingValue] of Object.entries(args)) {
    const considered = key !== 'x-match' && (withX || !key.startsWith('x-'))
    const has = Object.hasOwn(headers, key)
    const row: HeadersRow = { key, bindingValue, considered, result: false, test: 'skipped' }
    if (has) {
      row.messageValue = (shown[key] ?? headers[key]) as AmqpValue
      if (shown[key] && shown[key] !== headers[key]) row.comparedAs = headers[key] as AmqpValue
    }
    if (considered) {
      if (bindingValue.type === 'void') {
        row.test = 'presence'
        row.result = has
      } else {
        row.test = 'equal'
        row.result = has && valuesEqual(bindingValue, headers[key] as AmqpValue, profile)
      }
    }
    rows.push(row)
  }
  const tested = rows.filter((r) => r.considered)
  const matched = xMatch.startsWith('any') ? tested.some((r) => r.result) : tested.every((r) => r.result)
  return { xMatch, rows, matched }
}
