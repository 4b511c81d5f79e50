/** Buttons to choose which publish of a scenario a stepper plays. */
import type { PublishExplanation } from '../engine'
import { useT } from '../i18n/messages'
import { routeMessages } from './route-messages'

export function PublishPicker({
  publishes,
  selected,
  onSelect,
}: {
  publishes: PublishExplanation[]
  selected: number
  onSelect: (n: number) => void
}) {
  const t = useT(routeMessages)
  if (publishes.length < 2) return null
  return (
    <fieldset className="publish-picker">
      <legend>{t('pickMessage')}</legend>
      {publishes.map((p, n) => (
        <button
          type="button"
          key={p.id}
          aria-pressed={n === selected}
          onClick={() => onSelect(n)}
          data-testid={`pick-${p.id}`}
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
