/**
 * What a routing question asks for and how a guess is compared with the engine's answer.
 * An answer is a set: the order in which queues are marked never matters, duplicates are ignored.
 */
import { messageHistory, type PublishExplanation, runTimeline, type TimelineScript } from '../engine'

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

/**
 * The queues that hold the message once the broker is done with it: the routed queues, less those
 * that refused it or let it go at once (x-max-length, TTL 0), plus those its dead-lettering reached.
 * Without queue arguments that is exactly the routed set.
 */
function holdingQueues(publish: PublishExplanation): string[] {
  const kept = (a: { result: string }) => a.result === 'enqueued' || a.result === 'delivered'
  const held = new Set(publish.queues.map((q) => q.queue))
  for (const a of publish.admissions ?? []) if (!kept(a)) held.delete(a.queue)
  for (const h of publish.deadLetters ?? []) {
    if (h.message !== publish.id) continue
    held.delete(h.queue)
    for (const a of h.admissions) if (kept(a)) held.add(a.queue)
  }
  return [...held].sort()
}

export function answerOf(publish: PublishExplanation): RouteAnswer {
  const queues = holdingQueues(publish)
  // Routed, then gone from every queue (expired or dropped, nowhere to be dead-lettered): dropped.
  const outcome = publish.outcome.kind === 'routed' && queues.length === 0 ? 'dropped' : publish.outcome.kind
  return { queues, outcome }
}

export interface Grade {
  correct: boolean
  /** Queues the learner marked that do not receive the message. */
  extra: string[]
  /** Queues that receive the message but were not marked. */
  missing: string[]
  /** True when "nowhere" was picked with the wrong reason, or picked/not picked wrongly. */
  outcomeWrong: boolean
  /** Right marks minus wrong and missing ones, never below 0 (see scoreMarks). */
  score: number
  /** The size of the right set: receiving queues, or the one "nowhere" outcome. */
  maxScore: number
}

/**
 * The scoring rule stated on the card: each right mark scores 1, each wrong or missing mark costs 1,
 * never below 0. Full marks only for the exact set, so marking nothing scores nothing.
 */
export function scoreMarks(right: number, wrong: number, missing: number): number {
  return Math.max(0, right - wrong - missing)
}

export function gradeRoute(answer: RouteAnswer, guess: RouteGuess): Grade {
  const marked = new Set(guess.queues)
  const receiving = new Set(answer.queues)
  const extra = [...marked].filter((q) => !receiving.has(q)).sort()
  const missing = [...receiving].filter((q) => !marked.has(q)).sort()
  const hits = [...marked].filter((q) => receiving.has(q)).length
  // "Nowhere" is one more mark: right when the message reaches no queue for that reason (a channel
  // error reaches no queue either, so either "nowhere" is right for it).
  const expected: Nowhere | 'either' | null =
    answer.outcome === 'returned' || answer.outcome === 'dropped'
      ? answer.outcome
      : answer.outcome === 'error'
        ? 'either'
        : null
  const nowhereRight = guess.nowhere !== null && (expected === 'either' || guess.nowhere === expected)
  const outcomeWrong = expected === null ? guess.nowhere !== null : !nowhereRight
  const right = hits + (nowhereRight ? 1 : 0)
  const wrong = extra.length + (guess.nowhere !== null && !nowhereRight ? 1 : 0)
  const absent = missing.length + (expected !== null && !nowhereRight ? 1 : 0)
  const correct = wrong === 0 && absent === 0
  return {
    correct,
    extra,
    missing,
    outcomeWrong,
    score: scoreMarks(right, wrong, absent),
    maxScore: receiving.size + (expected === null ? 0 : 1),
  }
}

/** The end of a story question (a timeline after the publish): where `m` is, how it got there. */
export interface StoryEnd {
  answer: RouteAnswer
  deliveries: number
  /** The reason the message was dead-lettered with, or null. */
  deadLettered: string | null
}

/** Plays the story: the queues still holding `m` (ready, unacked or kept inside) are the answer. */
export function storyAnswer(script: TimelineScript, message = 'm'): StoryEnd {
  const run = runTimeline(script)
  const { deliveries, deadLettered } = messageHistory(run, message)
  const end = run.frames.at(-1)?.state ?? run.initial
  const held = new Set<string>()
  for (const q of end.queues)
    if ([...q.ready, ...(q.held ?? [])].some((m) => m.id === message)) held.add(q.name)
  for (const c of end.channels) for (const d of c.unacked) if (d.message.id === message) held.add(d.queue)
  const queues = [...held].sort()
  return { answer: { queues, outcome: queues.length > 0 ? 'routed' : 'dropped' }, deliveries, deadLettered }
}
