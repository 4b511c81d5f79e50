/** Header/argument rows of the forms → scenario JSON values with explicit AMQP types. */
import type { JsonValue } from '../engine'

export const ROW_TYPES = [
  'string',
  'long',
  'int',
  'short',
  'byte',
  'double',
  'float',
  'bool',
  'void',
  'timestamp',
] as const
export type RowType = (typeof ROW_TYPES)[number]

export interface HeaderRow {
  id: number
  key: string
  type: RowType
  value: string
}

export type RowsResult = { ok: true; table: { [key: string]: JsonValue } } | { ok: false; row: HeaderRow }

export function rowsToTable(rows: readonly HeaderRow[]): RowsResult {
  const table: { [key: string]: JsonValue } = {}
  for (const row of rows) {
    if (row.key === '') continue
    let v: JsonValue
    switch (row.type) {
      case 'string':
        v = row.value
        break
      case 'bool':
        v = row.value.trim().toLowerCase() === 'true'
        break
      case 'void':
        v = null
        break
      default: {
        const n = Number(row.value.trim())
        const integer = !['double', 'float'].includes(row.type)
        if (row.value.trim() === '' || !Number.isFinite(n) || (integer && !Number.isInteger(n)))
          return { ok: false, row }
        v = { '!': row.type, value: n }
      }
    }
    Object.defineProperty(table, row.key, { value: v, enumerable: true, writable: true, configurable: true })
  }
  return { ok: true, table }
}
