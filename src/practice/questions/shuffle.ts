/**
 * The order a question's options (or an ordering question's items) are shown in, per attempt: a
 * seeded shuffle, so the same seed — carried by a link or a deck — shows the same order, and a new
 * attempt gets a new one. An ordering question never starts in its right order.
 */
import type { Question } from '../content/types'
import { createRng } from '../generator/rng'

export function shownOrder(q: Question, seed: number): string[] {
  const ids = (q.type === 'choice' ? q.options : q.items).map((o) => o.id)
  const order = createRng(seed).sample(ids, ids.length)
  // Starting in the right order would leave nothing to do: rotate by one instead.
  if (q.type === 'order' && order.every((id, i) => id === ids[i])) order.push(order.shift() as string)
  return order
}
