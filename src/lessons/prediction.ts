/**
 * A predict-first moment: the learner's marks for one message (queues, or "nowhere": returned /
 * dropped) and how they compare with the engine's answer. Pure; the step keeps the state.
 */
import { type DiagramMarks, NO_MARKS, toggleNowhere, toggleQueue } from '../diagram/overlay/diagram-marking'
import type { PublishExplanation } from '../engine'

/** The learner's marks: the diagram's own shape (queue names, or one "nowhere" choice). */
export type Marks = DiagramMarks
export { NO_MARKS, toggleNowhere, toggleQueue }

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
