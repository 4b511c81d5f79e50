/**
 * A headers binding compared with the message's headers, one row per binding argument. Stepping
 * through it (`revealed`), only the first rows show their test and result; the current one is marked.
 */
import { AmqpValueText } from '../components/amqp-value-text'
import { ScrollX } from '../components/scroll-x'
import { Verdict } from '../components/verdict'
import type { HeadersRow } from '../engine'
import type { ExplainT } from './explain-messages'

const TEST_KEY = { equal: 'testEqual', presence: 'testPresence', skipped: 'testSkipped' } as const

export function HeadersTable({
  rows,
  t,
  revealed = rows.length,
  current = -1,
}: {
  rows: HeadersRow[]
  t: ExplainT
  /** How many rows show their verdict (all by default). */
  revealed?: number
  /** The row just compared (stepping through). */
  current?: number
}) {
  return (
    <ScrollX>
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
          {rows.map((r, i) => (
            <tr key={r.key} data-header={r.key} className={i === current ? 'current' : undefined}>
              <th scope="row">
                <code>{r.key}</code>
              </th>
              <td>
                <AmqpValueText value={r.bindingValue} />
              </td>
              <td>{r.messageValue ? <AmqpValueText value={r.messageValue} /> : t('absent')}</td>
              {i < revealed ? (
                <>
                  <td>{r.considered ? t('yes') : t('noXKey')}</td>
                  <td>{t(TEST_KEY[r.test])}</td>
                  <td>
                    {r.considered ? (
                      <Verdict ok={r.result} yes={t('matched')} no={t('notMatched')} />
                    ) : (
                      t('none')
                    )}
                  </td>
                </>
              ) : (
                <td colSpan={3} className="why-muted">
                  …
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollX>
  )
}
