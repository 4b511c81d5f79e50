/**
 * Argument equivalence on redeclare (rabbit_misc:assert_args_equivalence): values compared by type
 * class and `==`, so a short and a long with the same number are equivalent.
 */
import { valueKey } from './amqp-equality'
import { erlangTypeName } from './errors'
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

/** The broker's wording for an argument in an inequivalence message. */
export function describeArg(v: AmqpValue | undefined): string {
  if (v === undefined) return 'none'
  const shown = typeof v.value === 'object' ? JSON.stringify(v.value) : String(v.value)
  return `the value '${shown}' of type '${erlangTypeName(v.type)}'`
}
