/**
 * Layer 5, the clock (beside lifecycle: time makes queues and messages go). The simulated clock. Only `wait` moves it; in between, every step takes no time. While it moves,
 * things happen at their own moment and in time order, as the broker's timers fire: a queue's head
 * expires (then the next head, if it has expired too), and a queue unused for x-expires is deleted
 * (its messages go with it, not dead-lettered). Heads due at the same moment leave in the order the
 * messages arrived, each dead-lettered at once, so a dead-lettered copy that expires again does so
 * at its own later time.
 */
import { settleDeaths } from './arrival'
import { limitsFor } from './queries'
import { expireHead } from './queue-holding'
import type { SimQueue, SimState } from './sim-types'
import type { StepContext } from './step-context'
import { deleteQueueNow } from './topology-ops'

/** When an unused queue with x-expires goes (Infinity while it has consumers or no x-expires). */
function expiresAt(s: SimState, q: SimQueue): number {
  const expires = limitsFor(s, q).expires
  if (expires === undefined || s.consumers.some((c) => c.queue === q.name)) return Number.POSITIVE_INFINITY
  return q.lastUsed + expires
}

function headExpiry(q: SimQueue): number {
  return q.ready[0]?.expiresAt ?? Number.POSITIVE_INFINITY
}

export function advance(ctx: StepContext, ms: number): void {
  const s = ctx.state
  const end = s.now + ms
  ctx.events.push({ kind: 'clock', from: s.now, to: end })
  for (let guard = 0; guard < 100_000; guard++) {
    let next = Number.POSITIVE_INFINITY
    for (const q of s.queues) next = Math.min(next, headExpiry(q), expiresAt(s, q))
    if (next > end) break
    s.now = Math.max(s.now, next)
    for (const q of [...s.queues]) if (expiresAt(s, q) <= s.now) deleteQueueNow(ctx, q, 'expires')
    // Heads due at this moment leave one at a time in the order they arrived (across queues), each
    // dead-lettered before the next: on the broker the earlier arrival's timer fires first.
    for (;;) {
      const due = s.queues.filter((q) => headExpiry(q) <= s.now)
      if (due.length === 0) break
      const first = due.reduce((a, b) => (arrivalOf(b) < arrivalOf(a) ? b : a))
      expireHead(ctx, first)
      settleDeaths(ctx)
    }
    settleDeaths(ctx)
  }
  s.now = end
}

function arrivalOf(q: SimQueue): number {
  return q.ready[0]?.arrival ?? Number.POSITIVE_INFINITY
}
