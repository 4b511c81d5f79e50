/** Client- and broker-side checks on names and keys that every operation shares. */
import { AmqpValueError, toAmqpTable, utf8Length } from '../values/amqp-values'
import { errors } from './errors'
import type { AmqpTable, JsonValue } from './types'

/** The broker silently strips CR and LF from queue and exchange names (rabbit_channel:strip_cr_lf). */
export function stripCrLf(name: string): string {
  return name.replace(/[\r\n]/g, '')
}

/** A shortstr over 255 UTF-8 bytes cannot be encoded: amqplib throws before sending (code 0). */
export function checkShortstr(field: string, value: string): void {
  const n = utf8Length(value)
  if (n > 255) throw errors.shortstr(field, n)
}

/** Scenario JSON → AMQP table; a value amqplib could not encode is a client-side refusal (code 0). */
export function tableOf(field: string, json: { [key: string]: JsonValue } | undefined): AmqpTable {
  try {
    return toAmqpTable(json)
  } catch (e) {
    if (e instanceof AmqpValueError) throw errors.badValue(e.path ? `${field}.${e.path}` : field, e.detail)
    throw e
  }
}

export function hasReservedPrefix(name: string): boolean {
  return name.startsWith('amq.')
}
