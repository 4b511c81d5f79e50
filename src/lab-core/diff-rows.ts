/**
 * The rows of a diff of prediction and observation (diff.ts builds them, explain.ts reads them to
 * explain the first difference): a message's fate on each side, a queue's ids, a step's refusal.
 */
import type { ScenarioResult } from '../engine'

export interface Fate {
  /** Queues holding the message, sorted. */
  queues: string[]
  returned: boolean
  /** A confirm channel saw a nack (a full queue with x-overflow reject-publish refused it). */
  nacked: boolean
  error: { code: number; text: string } | null
}

export interface MessageRow {
  id: string
  predicted: Fate
  observed: Fate
  same: boolean
  /** An id the observation has but the plan never published (an edited kit). */
  unknown?: boolean
}

export interface QueueRow {
  queue: string
  /** null: the queue does not exist on that side. */
  predicted: string[] | null
  observed: string[] | null
  same: boolean
}

export interface StepRow {
  id: string
  stage: string
  predicted: { code: number; text: string } | null
  observed: { code: number; text: string } | null
  same: boolean
}

/** The rows the first difference is explained from. */
export interface DiffRows {
  messages: MessageRow[]
  queues: QueueRow[]
  /** Declares, bindings and deletes refused on either side (empty when the topology was copied). */
  steps: StepRow[]
}

export function fateOf(r: ScenarioResult, id: string): Fate {
  const e = r.errors.find((x) => x.id === id && x.stage === 'publish')
  return {
    queues: Object.keys(r.queues)
      .filter((q) => r.queues[q]?.includes(id))
      .sort(),
    returned: r.returns.some((x) => x.id === id),
    nacked: (r.nacks ?? []).some((x) => x.id === id),
    error: e ? { code: e.code, text: e.text } : null,
  }
}
