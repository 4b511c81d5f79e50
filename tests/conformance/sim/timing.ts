/**
 * TTL and x-expires without wall-clock luck. The simulation's clock only moves in `wait` steps; the
 * broker's moves all the time (every step takes a few ms). So after each step, every copy the
 * simulation still holds with a future expiry (ready, or delivered and not yet acked: its TTL runs
 * on) must also be alive on the broker: the broker started
 * its TTL no earlier than the simulation's expiry plus the broker's lead ("drift") at the step that
 * enqueued it, and the step must end a margin before that. The same holds for queues with x-expires.
 * When a run breaks this (a very slow machine), it says so and the run is repeated instead of being
 * compared. Expiries the simulation has passed are covered by waits that overshoot the TTL and a
 * generous settle after each wait.
 */
import type { TimelineRun, TimelineScript } from '../../../src/engine'
import { limitsOf } from '../../../src/engine/broker/effective-args'

const MARGIN_MS = 40
/** The drain reads every queue after the last step; allow for its duration. */
const DRAIN_MS = 250

export function timingProblems(run: TimelineRun, wall: readonly number[]): string[] {
  const n = run.frames.length
  if (wall.length < n + 1) return []
  const nowBefore = (i: number) => (i === 0 ? run.initial.now : (run.frames[i - 1]?.state.now ?? 0))
  const drift = (i: number) => (wall[i] ?? 0) - nowBefore(i)
  const firstSeen = new Map<string, number>()
  const problems: string[] = []
  run.frames.forEach((f, j) => {
    const s = f.state
    const end = (wall[j + 1] ?? 0) + (j === n - 1 ? DRAIN_MS : 0) + MARGIN_MS
    // A held delivery's TTL runs on too: given back after it, the message expires at once.
    for (const c of s.channels)
      for (const d of c.unacked) {
        const m = d.message
        const key = `${d.queueUid}:${m.seq}`
        if (!firstSeen.has(key)) firstSeen.set(key, j)
        if (m.expiresAt === undefined || m.expiresAt <= s.now) continue
        const a = firstSeen.get(key) ?? j
        if (end >= m.expiresAt + drift(a))
          problems.push(`step ${j}: ${m.id} held on ${c.id} may be past its TTL on the broker`)
      }
    for (const q of s.queues) {
      for (const m of q.ready) {
        const key = `${q.uid}:${m.seq}`
        if (!firstSeen.has(key)) firstSeen.set(key, j)
        if (m.expiresAt === undefined || m.expiresAt <= s.now) continue
        const a = firstSeen.get(key) ?? j
        if (end >= m.expiresAt + drift(a))
          problems.push(
            `step ${j}: ${m.id} in ${q.name} may have expired on the broker (${end} ms ≥ ${m.expiresAt + drift(a)} ms)`,
          )
      }
      const t = s.topology.queues.find((x) => x.name === q.name && x.vhost === q.vhost)
      const expires = limitsOf(t?.effective ?? []).expires
      if (expires === undefined || s.consumers.some((c) => c.queue === q.name)) continue
      const key = `${q.uid}@${q.lastUsed}`
      if (!firstSeen.has(key)) firstSeen.set(key, j)
      const deadline = q.lastUsed + expires
      if (deadline > s.now && end >= deadline + drift(firstSeen.get(key) ?? j))
        problems.push(`step ${j}: queue ${q.name} may have expired on the broker`)
    }
  })
  return problems
}

/**
 * Whether a script depends on the clock: a `wait`, or a TTL or x-expires anywhere (queue arguments,
 * policies, a message's expiration). One that does not can share the broker with other runs.
 */
export function onTheClock(script: TimelineScript): boolean {
  return script.steps.some((s) => s.op === 'wait') || /ttl|expir/i.test(JSON.stringify(script.steps))
}
