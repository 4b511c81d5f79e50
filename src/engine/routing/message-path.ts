/**
 * A message's whole path. A publish's explanation records the dead-letterings that publish caused;
 * a message can also leave its queue during a later publish (a full queue pushes out its head), and
 * those hops sit in that later publish's explanation. This gathers them back onto the message.
 */
import type { DeadLetterHop, PublishExplanation } from '../broker/types'

/**
 * `shown` (publish `index` of `publishes`, possibly its full explanation) with the dead-letterings
 * of its message that later publishes caused appended, each marked `during`. The same object when
 * there are none.
 */
export function withLaterDeadLetters(
  publishes: readonly PublishExplanation[],
  index: number,
  shown: PublishExplanation | undefined = publishes[index],
): PublishExplanation | undefined {
  if (!shown) return shown
  const later: DeadLetterHop[] = []
  for (let k = index + 1; k < publishes.length; k++) {
    const p = publishes[k] as PublishExplanation
    if (!p.deadLetters) continue
    for (const h of p.deadLetters)
      if (h.origin === index) later.push({ ...h, during: { index: k, id: p.id } })
  }
  if (later.length === 0) return shown
  return { ...shown, deadLetters: [...(shown.deadLetters ?? []), ...later] }
}
