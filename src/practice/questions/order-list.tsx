/** An ordering question's items with up/down buttons (keyboard-reachable, no drag needed). */
import { type Lang, useLanguage } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import type { OrderQuestion } from '../content/types'
import { practiceMessages } from '../practice-messages'

export default function OrderList({
  q,
  order,
  setOrder,
  disabled,
}: {
  q: OrderQuestion
  order: string[]
  setOrder: (o: string[]) => void
  disabled: boolean
}) {
  const t = useT(practiceMessages)
  const lang: Lang = useLanguage((s) => s.lang)
  const move = (i: number, d: -1 | 1) => {
    const next = [...order]
    const j = i + d
    if (j < 0 || j >= next.length) return
    ;[next[i], next[j]] = [next[j] as string, next[i] as string]
    setOrder(next)
  }
  return (
    <ol className="order-list" data-testid="order-list">
      {order.map((id, i) => (
        <li key={id} data-item={id}>
          <span>{q.items.find((x) => x.id === id)?.text[lang]}</span>
          <button
            type="button"
            disabled={disabled || i === 0}
            aria-label={t('moveUp')}
            onClick={() => move(i, -1)}
          >
            ↑
          </button>
          <button
            type="button"
            disabled={disabled || i === order.length - 1}
            aria-label={t('moveDown')}
            onClick={() => move(i, 1)}
          >
            ↓
          </button>
        </li>
      ))}
    </ol>
  )
}
