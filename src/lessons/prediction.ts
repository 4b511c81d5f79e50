/**
 * A predict-first moment: the learner's marks for one message (queues, or "nowhere": returned /
 * dropped) and how they compare with the engine's answer. Pure; the step keeps the state.
 */
import type { PublishExplanation } from '../engine'

export type Nowhere = 'returned' | 'dropped'

/** The same shape as the diagram's marks (queue names, or one "nowhere" choice). */
export interface Marks {
  queues: ReadonlySet<string>
  nowhere: Nowhere | null
}

export const NO_MARKS: Marks = { queues: new Set(), nowhere: null }

/** A queue mark clears "nowhere"; a "nowhere" mark clears the queues (they exclude each other). */
export function toggleQueue(m: Marks, queue: string): Marks {
  const queues = new Set(m.queues)
  if (queues.has(queue)) queues.delete(queue)
  else queues.add(queue)
  return { queues, nowhere: null }
}

export function toggleNowhere(m: Marks, nowhere: Nowhere): Marks {
  return { queues: new Set(), nowhere: m.nowhere === nowhere ? null : nowhere }
}

export const isEmpty = (m: Marks) => m.queues.size === 0 && m.nowhere === null

export interface Verdict {
  right: boolean
  /** Queues the learner marked that the engine also chose. */
  hit: string[]
  /** Marked but not chosen. */
  extra: string[]
  /** Chosen but not marked. */
  missed: string[]
}

/**
 * The names the learner marks for a publish's queues: plain names, or `VHOST/NAME` when the topology
 * spans several vhosts (the same name in two vhosts is two queues).
 */
export function queueKeys(p: PublishExplanation, qualified: boolean): string[] {
  return p.queues.map((q) => (qualified ? `${p.vhost}/${q.queue}` : q.queue))
}

/** Compare the marks with what the engine computed for this publish. */
export function judge(m: Marks, p: PublishExplanation, qualified = false): Verdict {
  const want = new Set(queueKeys(p, qualified))
  const hit = [...m.queues].filter((q) => want.has(q))
  const extra = [...m.queues].filter((q) => !want.has(q))
  const missed = [...want].filter((q) => !m.queues.has(q))
  const nowhereRight =
    want.size === 0 && m.queues.size === 0 && m.nowhere !== null && m.nowhere === p.outcome.kind
  const queuesRight = want.size > 0 && m.nowhere === null && extra.length === 0 && missed.length === 0
  return { right: nowhereRight || queuesRight, hit, extra, missed }
}
