/**
 * Questions about a played timeline, answered from the engine's frames: which consumers a message
 * was delivered to over the whole story (a redelivery counts), and a queue's ready / unacknowledged
 * counts at the end.
 */
import type { SimState, TimelineRun } from '../engine'

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
