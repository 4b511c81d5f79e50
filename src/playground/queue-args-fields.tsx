/**
 * The queue form's optional arguments: TTL, length limits with the overflow mode, dead-lettering
 * and priorities. Empty fields add nothing; the engine checks the values as RabbitMQ does (a
 * negative length is the broker's 406, shown on the appended line).
 */
import type { JsonValue } from '../engine'
import { useT } from '../i18n/messages'
import { formsMessages } from './forms-messages'

export interface QueueArgsDraft {
  ttl: string
  maxLength: string
  overflow: '' | 'drop-head' | 'reject-publish' | 'reject-publish-dlx'
  dlx: string | null
  dlKey: string
  maxPriority: string
}

export const EMPTY_QUEUE_ARGS: QueueArgsDraft = {
  ttl: '',
  maxLength: '',
  overflow: '',
  dlx: null,
  dlKey: '',
  maxPriority: '',
}

const whole = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : null)

/** The draft as `x-` arguments (only the fields that were filled in). */
export function queueArgs(d: QueueArgsDraft): { [key: string]: JsonValue } {
  const out: { [key: string]: JsonValue } = {}
  const ttl = whole(d.ttl)
  const len = whole(d.maxLength)
  const pri = whole(d.maxPriority)
  if (ttl !== null) out['x-message-ttl'] = ttl
  if (len !== null) out['x-max-length'] = len
  if (d.overflow) out['x-overflow'] = d.overflow
  if (d.dlx !== null) out['x-dead-letter-exchange'] = d.dlx
  if (d.dlx !== null && d.dlKey !== '') out['x-dead-letter-routing-key'] = d.dlKey
  if (pri !== null) out['x-max-priority'] = pri
  return out
}

export function QueueArgsFields({
  draft,
  exchanges,
  onChange,
}: {
  draft: QueueArgsDraft
  exchanges: string[]
  onChange: (d: QueueArgsDraft) => void
}) {
  const t = useT(formsMessages)
  const set = (patch: Partial<QueueArgsDraft>) => onChange({ ...draft, ...patch })
  const num = (key: 'ttl' | 'maxLength' | 'maxPriority', label: string) => (
    <label>
      {label}
      <input
        inputMode="numeric"
        value={draft[key]}
        data-testid={`queue-${key}`}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </label>
  )
  return (
    <fieldset className="queue-args" data-testid="queue-args">
      <legend>{t('queueArgs')}</legend>
      <div className="form-grid">
        {num('ttl', t('messageTtl'))}
        {num('maxLength', t('maxLength'))}
        <label>
          {t('overflow')}
          <select
            value={draft.overflow}
            data-testid="queue-overflow"
            onChange={(e) => set({ overflow: e.target.value as QueueArgsDraft['overflow'] })}
          >
            <option value="">{t('none')}</option>
            <option value="drop-head">drop-head</option>
            <option value="reject-publish">reject-publish</option>
            <option value="reject-publish-dlx">reject-publish-dlx</option>
          </select>
        </label>
        <label>
          {t('deadLetterExchange')}
          <select
            value={draft.dlx === null ? '\u0000' : JSON.stringify(draft.dlx)}
            data-testid="queue-dlx"
            onChange={(e) =>
              set({ dlx: e.target.value === '\u0000' ? null : (JSON.parse(e.target.value) as string) })
            }
          >
            <option value={'\u0000'}>{t('none')}</option>
            <option value={JSON.stringify('')}>{t('defaultExchange')}</option>
            {exchanges.map((n) => (
              <option key={n} value={JSON.stringify(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {draft.dlx !== null && (
          <label>
            {t('deadLetterKey')}
            <input
              value={draft.dlKey}
              data-testid="queue-dl-key"
              onChange={(e) => set({ dlKey: e.target.value })}
            />
          </label>
        )}
        {num('maxPriority', t('maxPriority'))}
      </div>
    </fieldset>
  )
}
