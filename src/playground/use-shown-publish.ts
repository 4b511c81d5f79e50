/** Which publish the views show: the one re-opened from the log, the selected one, or the newest. */
import type { PublishExplanation, TopologySnapshot } from '../engine'
import type { PlaygroundState } from '../store/types'

export interface Shown {
  publish: PublishExplanation | null
  topology: TopologySnapshot | null
}

export function shownPublish(s: Pick<PlaygroundState, 'run' | 'selection' | 'log'>): Shown {
  const sel = s.selection
  if (sel?.kind === 'log') {
    const entry = s.log.find((e) => e.seq === sel.seq)
    if (entry) return { publish: entry.publish, topology: entry.topology }
  }
  const publishes = s.run?.publishes ?? []
  const chosen = sel?.kind === 'run' ? publishes.find((p) => p.id === sel.publishId) : undefined
  return { publish: chosen ?? publishes[publishes.length - 1] ?? null, topology: s.run?.topology ?? null }
}
