/**
 * The queue form's optional arguments: the queue type (with a quorum queue's delivery limit and a
 * stream's maximum age), message TTL, queue expiry, length limits (messages, bytes)
 * with the overflow mode, dead-lettering and priorities. Empty fields add nothing; a whole number
 * (negative too) goes to the engine, which checks it as RabbitMQ does (a negative length is the
 * broker's 406, shown on the appended line); anything else is refused by the form, naming the field.
 */
import type { JsonValue } from '../engine'
import { useT } from '../i18n/messages'
import { formsMessages } from './forms-messages'

export interface QueueArgsDraft {
  /** `x-queue-type`; empty adds no argument (a classic queue). */
  queueType: '' | 'classic' | 'quorum' | 'stream'
  /** Quorum only: `x-delivery-limit`. */
  deliveryLimit: string
  /** Stream only: `x-max-age` (a number and a unit, checked by the engine as the broker does). */
  maxAge: string
  ttl: string
  expires: string
  maxLength: string
  maxLengthBytes: string
  overflow: '' | 'drop-head' | 'reject-publish' | 'reject-publish-dlx'
  dlx: string | null
  dlKey: string
  maxPriority: string
}

export const EMPTY_QUEUE_ARGS: QueueArgsDraft = {
  queueType: '',
  deliveryLimit: '',
  maxAge: '',
  ttl: '',
  expires: '',
  maxLength: '',
  maxLengthBytes: '',
  overflow: '',
  dlx: null,
  dlKey: '',
  maxPriority: '',
}

type NumberField = 'ttl' | 'expires' | 'maxLength' | 'maxLengthBytes' | 'maxPriority' | 'deliveryLimit'

/** The numeric fields, their `x-` argument and their label's message key, in form order. */
const NUMBER_FIELDS = [
  { field: 'ttl', arg: 'x-message-ttl', label: 'messageTtl' },
  { field: 'expires', arg: 'x-expires', label: 'queueExpires' },
  { field: 'maxLength', arg: 'x-max-length', label: 'maxLength' },
  { field: 'maxLengthBytes', arg: 'x-max-length-bytes', label: 'maxLengthBytes' },
  { field: 'maxPriority', arg: 'x-max-priority', label: 'maxPriority' },
  { field: 'deliveryLimit', arg: 'x-delivery-limit', label: 'deliveryLimit' },
] as const

/** Fields the form shows for one queue type only (others are kept in the draft but not sent). */
const ONLY_FOR: Partial<Record<NumberField | 'maxAge', QueueArgsDraft['queueType']>> = {
  deliveryLimit: 'quorum',
  maxAge: 'stream',
}
const applies = (d: QueueArgsDraft, field: NumberField | 'maxAge') => {
  const only = ONLY_FOR[field]
  return only === undefined || d.queueType === only
}

/** The label (message key) of a numeric field. */
export const numberFieldLabel = (field: NumberField) =>
  (NUMBER_FIELDS.find((f) => f.field === field) ?? NUMBER_FIELDS[0]).label

const whole = (s: string) => (/^-?\d{1,15}$/.test(s.trim()) ? Number(s.trim()) : null)

/** The first numeric field that holds something other than a whole number, or null. */
export function queueArgsProblem(d: QueueArgsDraft): { field: NumberField; value: string } | null {
  for (const { field } of NUMBER_FIELDS) {
    if (!applies(d, field)) continue
    const v = d[field].trim()
    if (v !== '' && whole(v) === null) return { field, value: d[field] }
  }
  return null
}

/** The draft as `x-` arguments (only the fields that were filled in). */
export function queueArgs(d: QueueArgsDraft): { [key: string]: JsonValue } {
  const out: { [key: string]: JsonValue } = {}
  if (d.queueType) out['x-queue-type'] = d.queueType
  for (const { field, arg } of NUMBER_FIELDS) {
    if (field === 'maxPriority' || !applies(d, field)) continue
    const n = whole(d[field])
    if (n !== null) out[arg] = n
  }
  const pri = whole(d.maxPriority)
  if (d.overflow) out['x-overflow'] = d.overflow
  if (d.dlx !== null) out['x-dead-letter-exchange'] = d.dlx
  if (d.dlx !== null && d.dlKey !== '') out['x-dead-letter-routing-key'] = d.dlKey
  if (pri !== null) out['x-max-priority'] = pri
  if (applies(d, 'maxAge') && d.maxAge.trim() !== '') out['x-max-age'] = d.maxAge.trim()
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
  const num = (key: NumberField, label: string) => (
    <label key={key}>
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
        <label>
          {t('queueType')}
          <select
            value={draft.queueType}
            data-testid="queue-type"
            onChange={(e) => set({ queueType: e.target.value as QueueArgsDraft['queueType'] })}
          >
            <option value="">{t('queueTypeNone')}</option>
            <option value="classic">{t('queueTypeClassic')}</option>
            <option value="quorum">{t('queueTypeQuorum')}</option>
            <option value="stream">{t('queueTypeStream')}</option>
          </select>
        </label>
        {draft.queueType === 'quorum' && num('deliveryLimit', t('deliveryLimit'))}
        {draft.queueType === 'stream' && (
          <label>
            {t('maxAge')}
            <input
              value={draft.maxAge}
              data-testid="queue-maxAge"
              onChange={(e) => set({ maxAge: e.target.value })}
            />
          </label>
        )}
        {NUMBER_FIELDS.filter((f) => f.field !== 'maxPriority' && f.field !== 'deliveryLimit').map((f) =>
          num(f.field, t(f.label)),
        )}
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
      {(draft.queueType === 'quorum' || draft.queueType === 'stream') && (
        <p className="muted" data-testid="queue-type-hint">
          {t('queueTypeHint')}
        </p>
      )}
    </fieldset>
  )
}
