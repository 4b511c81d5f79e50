/**
 * What the target queues did with the message (their settings in force, with where each came from)
 * and every dead-lettering it caused, each as a hop of its own: why the message left its queue, the
 * dead-letter exchange and keys, the exchanges it went through and the queues it reached.
 */
import type { DeadLetterHop, EffectiveArg, PublishExplanation, QueueAdmission } from '../engine'
import type { ExplainT } from './explain-messages'
import { exchangeName, hopNotes, viaText } from './explain-text'
import { HopBindings } from './hop-bindings'

function settingText(e: EffectiveArg, t: ExplainT): string {
  const v = e.value === '' ? '""' : String(e.value)
  if (e.from === 'both')
    return t('settingBoth', { key: e.key, value: v, argument: String(e.argument), policy: String(e.policy) })
  return t(e.from === 'policy' ? 'settingPolicy' : 'settingArgument', { key: e.key, value: v })
}

function admissionText(a: QueueAdmission, id: string, t: ExplainT): string {
  const key = {
    enqueued: 'admitEnqueued',
    rejected: 'admitRejected',
    dropped: 'admitDropped',
    expired: 'admitExpired',
    delivered: 'admitDelivered',
  } as const
  return t(key[a.result], { queue: a.queue, id })
}

function Admission({ a, id, t }: { a: QueueAdmission; id: string; t: ExplainT }) {
  return (
    <li data-queue={a.queue} data-admission={a.result}>
      {admissionText(a, id, t)}
      {a.droppedHead.length > 0 && <> {t('admitDroppedHead', { ids: a.droppedHead.join(', ') })}</>}
      {a.settings && a.settings.length > 0 && (
        <ul className="why-settings" aria-label={t('settings')}>
          {a.settings.map((e) => (
            <li key={e.key} data-setting={e.key} data-from={e.from}>
              <code>{settingText(e, t)}</code>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

function hopOutcome(h: DeadLetterHop, t: ExplainT): string {
  if (h.outcome === 'no-exchange') return t('dlMissing', { exchange: h.exchange })
  if (h.outcome === 'unroutable') return t('dlUnroutable')
  return t('dlReached', { queues: h.queues.map((q) => q.queue).join(', ') })
}

function DeadLetter({ h, t }: { h: DeadLetterHop; t: ExplainT }) {
  const keys = h.routingKeys.map((k) => (k === '' ? '""' : k)).join(', ')
  return (
    <li data-dead-letter={h.message} data-reason={h.reason} data-queue={h.queue} data-during={h.during?.id}>
      {h.during && <p className="why-muted">{t('dlDuring', { id: h.during.id })}</p>}
      <p className="why-hop-title">
        <strong>{t(`dlReason_${h.reason}`, { id: h.message, queue: h.queue })}</strong>
      </p>
      <p>
        {t(h.from === 'policy' ? 'dlExchangePolicy' : 'dlExchange', {
          exchange: exchangeName(h.exchange, t),
        })}
        {h.routingKeyOverride !== undefined ? t('dlKeyOverride', { keys }) : t('dlKeysKept', { keys })}
      </p>
      <ol className="why-hops">
        {h.hops.map((hop) => (
          <li key={hop.exchange} data-exchange={hop.exchange}>
            <p className="why-hop-title">
              <strong>{exchangeName(hop.exchange, t)}</strong>{' '}
              <span className="why-muted">{t('exchangeType', { type: hop.type })}</span> · {viaText(hop, t)}
            </p>
            {hop.exchange !== '' && <HopBindings evaluations={hop.evaluations} t={t} />}
            {hopNotes(hop, t).map((note, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes can repeat
              <p key={i} className="why-note">
                {note}
              </p>
            ))}
          </li>
        ))}
      </ol>
      <p className="why-note">{hopOutcome(h, t)}</p>
      {h.cycleDropped.length > 0 && (
        <p className="why-note">{t('dlCycle', { queues: h.cycleDropped.join(', ') })}</p>
      )}
      {h.admissions.some((a) => a.result !== 'enqueued') && (
        <ul className="why-admissions">
          {h.admissions.map((a) => (
            <Admission key={a.queue} a={a} id={h.message} t={t} />
          ))}
        </ul>
      )}
    </li>
  )
}

export function WhyDeadLetters({ publish, t }: { publish: PublishExplanation; t: ExplainT }) {
  const p = publish
  if (!p.admissions && !p.deadLetters && !p.confirm) return null
  return (
    <div className="why-dead-letters" data-testid="why-dead-letters">
      {p.admissions && (
        <>
          <h4>{t('queuesDid')}</h4>
          <ul className="why-admissions">
            {p.admissions.map((a) => (
              <Admission key={a.queue} a={a} id={p.id} t={t} />
            ))}
          </ul>
        </>
      )}
      {p.confirm === 'nack' && <p className="why-outcome why-outcome-nack">{t('nacked')}</p>}
      {p.deadLetters && (
        <>
          <h4>{t('deadLettered')}</h4>
          <ol className="why-dead-letter-hops">
            {p.deadLetters.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one message may die twice in one publish
              <DeadLetter key={i} h={h} t={t} />
            ))}
          </ol>
        </>
      )}
    </div>
  )
}
