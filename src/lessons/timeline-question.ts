/**
 * Questions about a played timeline, answered from the engine's frames: which consumers a message
 * was delivered to over the whole story (a redelivery counts), and a queue's ready / unacknowledged
 * counts at the end.
 */
import { messageHistory, type SimState, type TimelineRun } from '../engine'

export type TimelineQuestion = { kind: 'deliveries'; message: string } | { kind: 'counts'; queue: string }

/** Consumers `message` was delivered to, in order of first delivery. */
export function deliveredTo(run: TimelineRun, message: string): string[] {
  const out: string[] = []
  for (const f of run.frames)
    for (const e of f.events)
      if (e.kind === 'delivered' && e.message === message && e.consumer && !out.includes(e.consumer))
        out.push(e.consumer)
  return out
}

/** Every consumer that appears in the story, in order of appearance. */
export function consumersOf(run: TimelineRun): string[] {
  const out: string[] = []
  for (const f of run.frames)
    for (const e of f.events)
      if (e.kind === 'consumer.added' && !out.includes(e.consumer)) out.push(e.consumer)
  return out
}

export function queueCounts(state: SimState, queue: string): { ready: number; unacked: number } {
  const q = state.queues.find((x) => x.name === queue)
  const unacked = state.channels.reduce((n, ch) => n + ch.unacked.filter((d) => d.queue === queue).length, 0)
  return { ready: q?.ready.length ?? 0, unacked }
}

export const finalState = (run: TimelineRun): SimState => run.frames.at(-1)?.state ?? run.initial

/** How a message fared over a whole story: how often it was delivered, where it ended. */
export interface MessageFareSummary {
  deliveries: number
  /** The reason it was dead-lettered with (the last time), or null. */
  deadLettered: string | null
  /** Where it is at the end: a queue it waits in, `unacked` at a consumer, or gone. */
  end: { kind: 'ready' | 'unacked' | 'held'; queue: string } | { kind: 'gone' }
}

/** `message`'s deliveries and fate in `run` (the first queue it is found in at the end). */
export function messageFare(run: TimelineRun, message: string): MessageFareSummary {
  const { deliveries, deadLettered } = messageHistory(run, message)
  const state = finalState(run)
  const ready = state.queues.find((q) => q.ready.some((m) => m.id === message))
  const unacked = state.channels.flatMap((c) => c.unacked).find((d) => d.message.id === message)
  const held = state.queues.find((q) => q.held?.some((m) => m.id === message))
  const end = ready
    ? ({ kind: 'ready', queue: ready.name } as const)
    : unacked
      ? ({ kind: 'unacked', queue: unacked.queue } as const)
      : held
        ? ({ kind: 'held', queue: held.name } as const)
        : ({ kind: 'gone' } as const)
  return { deliveries, deadLettered, end }
}
