/**
 * The same explanation as one accessible table: a row per evaluated binding, per exchange note,
 * per delivery and for the outcome.
 */
import { formatAmqpValue } from '../components/amqp-value'
import { ScrollX } from '../components/scroll-x'
import type { BindingEvaluation, PublishExplanation } from '../engine'
import type { ExplainT } from './explain-messages'
import {
  bindingCriteria,
  bindingTarget,
  deliveryText,
  exchangeName,
  hopNotes,
  outcomeText,
  usedAlternate,
  viaText,
} from './explain-text'
import { reasonLine } from './routing-reason'

/** Headers rows spelled out so the table view loses nothing of the comparison table. */
function headersDetail(ev: BindingEvaluation, t: ExplainT): string[] {
  if (ev.reason.kind !== 'headers') return []
  // x-match is the mode (already in the summary line), not a compared header
  return ev.reason.rows
    .filter((r) => r.key !== 'x-match')
    .map((r) => {
      const bound = `${formatAmqpValue(r.bindingValue)} (${r.bindingValue.type})`
      const sent = r.messageValue
        ? `${formatAmqpValue(r.messageValue)} (${r.messageValue.type})`
        : t('absent')
      const verdict = !r.considered ? t('noXKey') : r.result ? t('matched') : t('notMatched')
      return `${r.key}: ${bound} / ${sent} → ${verdict}`
    })
}

export function WhyTable({ publish, t }: { publish: PublishExplanation; t: ExplainT }) {
  const p = publish
  return (
    <ScrollX>
      <table className="why-table">
        <caption>{t('published', { id: p.id, exchange: exchangeName(p.exchange, t) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('colStep')}</th>
            <th scope="col">{t('colExchange')}</th>
            <th scope="col">{t('colBinding')}</th>
            <th scope="col">{t('colCriteria')}</th>
            <th scope="col">{t('colResult')}</th>
            <th scope="col">{t('colReason')}</th>
          </tr>
        </thead>
        {p.hops.map((hop, i) => (
          <tbody key={hop.exchange} data-exchange={hop.exchange}>
            <tr>
              <th scope="row">{i + 1}</th>
              <td>{exchangeName(hop.exchange, t)}</td>
              <td colSpan={3}>{t('exchangeType', { type: hop.type })}</td>
              <td>{viaText(hop, t)}</td>
            </tr>
            {hop.evaluations.map((ev) => (
              <tr key={ev.bindingId} data-binding={ev.bindingId} data-matched={ev.matched}>
                <td />
                <td>{exchangeName(ev.source, t)}</td>
                <td>{bindingTarget(ev, t)}</td>
                <td>{bindingCriteria(ev) && <code>{bindingCriteria(ev)}</code>}</td>
                <td>{ev.matched ? t('matched') : t('notMatched')}</td>
                <td>
                  {reasonLine(ev, t)}
                  {headersDetail(ev, t).map((line, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: one line per argument, in order
                    <div key={i}>{line}</div>
                  ))}
                </td>
              </tr>
            ))}
            {hopNotes(hop, t).map((note, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes can repeat (same key twice via CC)
              <tr key={i}>
                <td />
                <td>{exchangeName(hop.exchange, t)}</td>
                <td colSpan={3} />
                <td>{note}</td>
              </tr>
            ))}
          </tbody>
        ))}
        <tbody>
          {p.queues.map((d) => (
            <tr key={d.queue} data-queue={d.queue}>
              <th scope="row">{t('rowDelivery')}</th>
              <td colSpan={5}>{deliveryText(d, p, t, true)}</td>
            </tr>
          ))}
          <tr data-outcome={p.outcome.kind}>
            <th scope="row">{t('rowOutcome')}</th>
            <td colSpan={5}>{outcomeText(p.outcome, p.queues.length, t, usedAlternate(p))}</td>
          </tr>
        </tbody>
      </table>
    </ScrollX>
  )
}
