/**
 * One message's history in a played timeline: how many times it was delivered and the reason it
 * was last dead-lettered with. Lessons and practice ask this of the same runs; one reading of the
 * events keeps them from counting differently.
 */
import type { TimelineRun } from './sim-types'

export function messageHistory(
  run: TimelineRun,
  message: string,
): { deliveries: number; deadLettered: string | null } {
  let deliveries = 0
  let deadLettered: string | null = null
  for (const f of run.frames)
    for (const e of f.events) {
      if (e.kind === 'delivered' && e.message === message) deliveries++
      if (e.kind === 'dead-lettered' && e.message === message) deadLettered = e.reason
    }
  return { deliveries, deadLettered }
}
