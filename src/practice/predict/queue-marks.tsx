/**
 * The learner's marks as checkboxes, next to the diagram: one per queue, and the two "nowhere"
 * outcomes (a "nowhere" mark and queue marks exclude each other). Extra controls go in `children`.
 */
import type { ReactNode } from 'react'
import { useT } from '../../i18n/messages'
import type { Nowhere } from '../answer'
import { practiceMessages } from '../practice-messages'

interface Props {
  queues: readonly string[]
  picked: ReadonlySet<string>
  nowhere: Nowhere | null
  onQueue: (queue: string) => void
  onNowhere: (n: Nowhere | null) => void
  disabled?: boolean
  children?: ReactNode
}

export default function QueueMarks({
  queues,
  picked,
  nowhere,
  onQueue,
  onNowhere,
  disabled,
  children,
}: Props) {
  const t = useT(practiceMessages)
  return (
    <fieldset className="predict-marks" disabled={disabled}>
      <legend>{t('markQueues')}</legend>
      {queues.map((name) => (
        <label key={name} className="mark">
          <input
            type="checkbox"
            data-testid={`mark-${name}`}
            checked={picked.has(name)}
            onChange={() => onQueue(name)}
          />
          {name}
        </label>
      ))}
      <fieldset className="nowhere">
        <legend className="sr-only">{t('nowhereLabel')}</legend>
        {(['returned', 'dropped'] as const).map((n) => (
          <label key={n} className="mark">
            <input
              type="checkbox"
              data-testid={`nowhere-${n}`}
              checked={nowhere === n}
              onChange={() => onNowhere(nowhere === n ? null : n)}
            />
            {t(n === 'returned' ? 'nowhereReturned' : 'nowhereDropped')}
          </label>
        ))}
      </fieldset>
      {children}
    </fieldset>
  )
}
