/** Buttons to choose which publish of a scenario a stepper plays. */
import type { PublishExplanation } from '../engine'
import { useT } from '../i18n/messages'
import { routeMessages } from './route-messages'

export function PublishPicker({
  publishes,
  selected,
  onSelect,
  testId = 'pick',
  legend,
}: {
  publishes: PublishExplanation[]
  selected: number
  onSelect: (n: number) => void
  /** Prefix of each button's test id (`pick-m1`). */
  testId?: string
  legend?: string
}) {
  const t = useT(routeMessages)
  if (publishes.length < 2) return null
  return (
    <fieldset className="publish-picker">
      <legend>{legend ?? t('pickMessage')}</legend>
      {publishes.map((p, n) => (
        <button
          type="button"
          key={p.id}
          aria-pressed={n === selected}
          onClick={() => onSelect(n)}
          data-testid={`${testId}-${p.id}`}
        >
          {t('publishLine', {
            id: p.id,
            key: p.routingKeys[0] ?? '',
            exchange: p.exchange === '' ? '""' : p.exchange,
          })}
        </button>
      ))}
    </fieldset>
  )
}
