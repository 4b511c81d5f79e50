/**
 * What a routing question asks for and how a guess is compared with the engine's answer.
 * An answer is a set: the order in which queues are marked never matters, duplicates are ignored.
 */
import type { PublishExplanation } from '../engine'

export type Nowhere = 'returned' | 'dropped'

export interface RouteAnswer {
  /** Distinct receiving queues, sorted. */
  queues: string[]
  outcome: 'routed' | Nowhere | 'error'
}

export interface RouteGuess {
  queues: readonly string[]
  nowhere: Nowhere | null
}

export function answerOf(publish: PublishExplanation): RouteAnswer {
  const queues = [...new Set(publish.queues.map((q) => q.queue))].sort()
  return { queues, outcome: publish.outcome.kind }
}

export interface Grade {
  correct: boolean
  /** Queues the learner marked that do not receive the message. */
  extra: string[]
  /** Queues that receive the message but were not marked. */
  missing: string[]
  /** True when "nowhere" was picked with the wrong reason, or picked/not picked wrongly. */
  outcomeWrong: boolean
  /** Points: one per candidate queue classified right, plus one for the outcome. */
  score: number
  maxScore: number
}

export function gradeRoute(answer: RouteAnswer, guess: RouteGuess, candidates: readonly string[]): Grade {
  const marked = new Set(guess.nowhere ? [] : guess.queues)
  const right = new Set(answer.queues)
  const extra = [...marked].filter((q) => !right.has(q)).sort()
  const missing = [...right].filter((q) => !marked.has(q)).sort()
  const expectedNowhere: Nowhere | null =
    answer.outcome === 'returned' || answer.outcome === 'dropped' ? answer.outcome : null
  const outcomeWrong = answer.outcome === 'error' ? guess.nowhere === null : guess.nowhere !== expectedNowhere
  const all = new Set([...candidates, ...right])
  let score = 0
  for (const q of all) if (marked.has(q) === right.has(q)) score++
  if (!outcomeWrong) score++
  const correct = extra.length === 0 && missing.length === 0 && !outcomeWrong
  return { correct, extra, missing, outcomeWrong, score, maxScore: all.size + 1 }
}
