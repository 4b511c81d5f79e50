/**
 * Which message the views show: the one selected (in the run or the message log), else the newest,
 * with its full explanation when one was fetched (a large topology routes without it), and with the
 * dead-letterings of its message that later publishes of the run caused (its whole path).
 */
import { type PublishExplanation, type TopologySnapshot, withLaterDeadLetters } from '../engine'
import type { PlaygroundState } from '../store/types'

export interface Shown {
  publish: PublishExplanation | null
  topology: TopologySnapshot | null
  /** The index in the current run, when the message belongs to it. */
  index: number | null
}

type Needs = Pick<PlaygroundState, 'run' | 'selection' | 'log' | 'explanations'>

export function shownPublish(s: Needs): Shown {
  const sel = s.selection
  const run = s.run
  const full = (index: number) => (run ? s.explanations[`${run.generation}:${index}`] : undefined)
  if (sel?.kind === 'log') {
    const entry = s.log.find((e) => e.seq === sel.seq)
    if (entry) {
      const live = run && entry.ref.generation === run.generation ? entry.ref.index : null
      const better = entry.publish.explained === false && live !== null ? full(live) : undefined
      const shown = better ?? entry.publish
      const whole = live !== null && run ? withLaterDeadLetters(run.publishes, live, shown) : shown
      return { publish: whole ?? shown, topology: entry.topology, index: live }
    }
  }
  const publishes = run?.publishes ?? []
  const index = sel?.kind === 'run' && sel.index < publishes.length ? sel.index : publishes.length - 1
  const publish =
    index >= 0 ? (withLaterDeadLetters(publishes, index, full(index) ?? publishes[index]) ?? null) : null
  return { publish, topology: run?.topology ?? null, index: index >= 0 ? index : null }
}
