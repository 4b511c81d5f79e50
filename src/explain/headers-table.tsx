/** A headers binding compared with the message's headers, one row per binding argument. */
import { AmqpValueText } from '../components/amqp-value-text'
import { Verdict } from '../components/verdict'
import type { HeadersRow } from '../engine'
import type { ExplainT } from './explain-messages'

const TEST_KEY = { equal: 'testEqual', presence: 'testPresence', skipped: 'testSkipped' } as const

export function HeadersTable({ rows, t }: { rows: HeadersRow[]; t: ExplainT }) {
  return (
    <table className="headers-table">
      <thead>
        <tr>
          <th scope="col">{t('colHeader')}</th>
          <th scope="col">{t('colBindingValue')}</th>
          <th scope="col">{t('colMessageValue')}</th>
          <th scope="col">{t('colConsidered')}</th>
          <th scope="col">{t('colTest')}</th>
          <th scope="col">{t('colResult')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-header={r.key}>
            <th scope="row">
              <code>{r.key}</code>
            </th>
            <td>
              <AmqpValueText value={r.bindingValue} />
            </td>
            <td>{r.messageValue ? <AmqpValueText value={r.messageValue} /> : t('absent')}</td>
            <td>{r.considered ? t('yes') : t('noXKey')}</td>
            <td>{t(TEST_KEY[r.test])}</td>
            <td>
              {r.considered ? <Verdict ok={r.result} yes={t('matched')} no={t('notMatched')} /> : t('none')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
