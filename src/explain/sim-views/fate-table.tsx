/** Where each event id went, as of the shown step: outcome, every copy's status, the confirm. */
import './timeline-views.css'
import { ScrollX } from '../../components/scroll-x'
import type { MessageFate } from '../../engine'
import { useT } from '../../i18n/messages'
import { timelineMessages } from './timeline-messages'

export function FateTable({ fates }: { fates: MessageFate[] }) {
  const t = useT(timelineMessages)
  if (fates.length === 0) return null
  return (
    <ScrollX>
      <table className="tl-fates" data-testid="fate-table">
        <caption>{t('fates')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('eventId')}</th>
            <th scope="col">{t('outcome')}</th>
            <th scope="col">{t('copies')}</th>
            <th scope="col">{t('confirm')}</th>
          </tr>
        </thead>
        <tbody>
          {fates.map((f) => (
            <tr key={`${f.step}:${f.id}`} data-event-id={f.id} data-outcome={f.outcome}>
              <th scope="row">
                <code>{f.id}</code>
              </th>
              <td className={`outcome ${f.outcome}`}>{t(f.outcome)}</td>
              <td>
                {f.copies.length === 0 && <span className="muted">—</span>}
                <ul>
                  {f.copies.map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a copy list only grows, in order
                    <li key={i} data-status={c.status} data-queue={c.queue}>
                      {t(`st_${c.status}`, {
                        queue: c.queue,
                        consumer: c.consumer ?? t('getter'),
                        reason: c.reason ?? '',
                      })}
                    </li>
                  ))}
                </ul>
              </td>
              <td data-confirm={f.confirm}>{t(`cf_${f.confirm}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollX>
  )
}
