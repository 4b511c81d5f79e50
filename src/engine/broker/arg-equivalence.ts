/**
 * Argument equivalence on redeclare (rabbit_misc:assert_args_equivalence): values compared by type
 * class and `==`, so a short and a long with the same number are equivalent.
 */
import { valueKey } from '../values/amqp-equality'
import { erlangTerm, erlangTypeName } from './errors'
import type { AmqpValue } from './types'

const INT = new Set(['byte', 'unsignedbyte', 'short', 'unsignedshort', 'int', 'unsignedint', 'long'])

function typeClass(v: AmqpValue): string {
  if (INT.has(v.type)) return 'integer'
  if (v.type === 'float' || v.type === 'double') return 'float'
  return v.type
}

/** Equal, or both absent. `byClass` compares integer types as one class (queue arguments). */
export function sameArg(a: AmqpValue | undefined, b: AmqpValue | undefined, byClass = false): boolean {
  if (a === undefined || b === undefined) return a === b
  if (byClass)
    return typeClass(a) === typeClass(b) && valueKey(a, 'rabbitmq-3.10') === valueKey(b, 'rabbitmq-3.10')
  return a.type === b.type && valueKey(a) === valueKey(b)
}

function plain(v: AmqpValue): string {
  return v.type === 'longstr' || v.type === 'bytes' ? v.value : erlangTerm(v)
}

/**
 * The two sides of an argument inequivalence as rabbit_misc words them: bare values when both are
 * present (`'b'` … `'a'`), `the value 'b' of type 'longstr'` … `none` when one side is missing.
 */
export function describeArgs(got: AmqpValue | undefined, cur: AmqpValue | undefined): [string, string] {
  if (got && cur) return [`'${plain(got)}'`, `'${plain(cur)}'`]
  const typed = (v: AmqpValue | undefined) =>
    v === undefined ? 'none' : `the value '${plain(v)}' of type '${erlangTypeName(v.type)}'`
  return [typed(got), typed(cur)]
}
