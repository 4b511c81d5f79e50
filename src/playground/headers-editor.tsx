/** Rows of name / AMQP type / value, for message headers and binding arguments. */
import { useId } from 'react'
import { useT } from '../i18n/messages'
import { formsMessages } from './forms-messages'
import { type HeaderRow, ROW_TYPES, type RowType } from './header-rows'

let nextRow = 1
export const newRow = (key = '', value = '', type: RowType = 'string'): HeaderRow => ({
  id: nextRow++,
  key,
  type,
  value,
})

export function HeadersEditor(props: {
  rows: HeaderRow[]
  onChange: (rows: HeaderRow[]) => void
  legend: string
  disabled?: boolean
  testId: string
}) {
  const t = useT(formsMessages)
  const base = useId()
  const update = (id: number, patch: Partial<HeaderRow>) =>
    props.onChange(props.rows.map((r) => (r.id === id ? { ...r, ...patch } : r)))
  return (
    <fieldset className="headers-editor" data-testid={props.testId} disabled={props.disabled}>
      <legend>{props.legend}</legend>
      {props.rows.map((row, i) => (
        <div className="header-row" key={row.id}>
          <label className="sr-only" htmlFor={`${base}-k${row.id}`}>
            {t('headerKey')}
          </label>
          <input
            id={`${base}-k${row.id}`}
            placeholder={t('headerKey')}
            value={row.key}
            data-testid={`${props.testId}-key-${i}`}
            onChange={(e) => update(row.id, { key: e.target.value })}
          />
          <select
            aria-label={t('headerType')}
            value={row.type}
            data-testid={`${props.testId}-type-${i}`}
            onChange={(e) => update(row.id, { type: e.target.value as RowType })}
          >
            {ROW_TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {ty}
              </option>
            ))}
          </select>
          <input
            aria-label={t('headerValue')}
            placeholder={t('headerValue')}
            value={row.value}
            disabled={row.type === 'void'}
            data-testid={`${props.testId}-value-${i}`}
            onChange={(e) => update(row.id, { value: e.target.value })}
          />
          <button
            type="button"
            aria-label={t('removeHeader', { key: row.key })}
            onClick={() => props.onChange(props.rows.filter((r) => r.id !== row.id))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() => props.onChange([...props.rows, newRow()])}
        data-testid={`${props.testId}-add`}
      >
        {t('addHeader')}
      </button>
    </fieldset>
  )
}
