/** A choice question's options in the attempt's order, labelled A, B, C… by position. */
import { useLanguage } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import type { ChoiceQuestion } from '../content/types'
import { questionMessages } from './question-messages'

const LABELS = 'ABCDEFGH'

interface Props {
  q: ChoiceQuestion
  order: string[]
  chosen: string | null
  onChoose: (id: string) => void
  /** Options already answered wrongly in this attempt. */
  tried: ReadonlySet<string>
  /** Right option ids, once the answer may be shown. */
  right: ReadonlySet<string> | null
  disabled: boolean
}

export default function ChoiceList({ q, order, chosen, onChoose, tried, right, disabled }: Props) {
  const t = useT(questionMessages)
  const lang = useLanguage((s) => s.lang)
  return (
    <fieldset className="choices" disabled={disabled} data-testid="choices">
      <legend className="sr-only">{q.title[lang]}</legend>
      {order.map((id, i) => {
        const o = q.options.find((x) => x.id === id)
        if (!o) return null
        const state = right?.has(id) ? 'right' : tried.has(id) ? 'tried' : ''
        return (
          <label key={id} className={`choice ${state}`} data-option={id} data-position={i}>
            <input
              type="radio"
              name={`${q.id}-choice`}
              value={id}
              checked={chosen === id}
              disabled={tried.has(id)}
              onChange={() => onChoose(id)}
            />
            <span className="choice-label">{LABELS[i]}.</span> {o.text[lang]}
            {state === 'tried' && <span className="muted"> ({t('triedMark')})</span>}
            {state === 'right' && <span aria-hidden="true"> ✓</span>}
          </label>
        )
      })}
    </fieldset>
  )
}
