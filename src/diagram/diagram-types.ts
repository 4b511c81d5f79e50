/** Shapes shared by the Mermaid generator, the view and the pane. */

/** What a drawn node stands for; handed to `onNodeClick`. */
export type DiagramEntity =
  | { kind: 'exchange'; name: string; vhost: string }
  | { kind: 'queue'; name: string; vhost: string }
  | { kind: 'publish'; id: string }
  | { kind: 'hidden'; bindings: number; queues: number }

/** Texts drawn inside the diagram. The pane passes translated ones; English defaults for tests/CLI. */
export interface DiagramLabels {
  defaultExchange: string
  internal: string
  publish: string
  mandatory: string
  /** `{n}`: how many bindings/paths reached the queue. */
  merged: string
  returned: string
  dropped: string
  alternate: string
  missing: string
  error: string
  /** `{bindings}`, `{queues}`: what focus mode left out. */
  hidden: string
  /** `{n}`: exchanges left out when there is no message to focus on. */
  hiddenExchanges: string
}

export const DEFAULT_DIAGRAM_LABELS: DiagramLabels = {
  defaultExchange: '(default exchange)',
  internal: 'internal',
  publish: 'publish',
  mandatory: 'mandatory',
  merged: '{n} bindings → 1 copy',
  returned: 'returned 312 NO_ROUTE to the producer',
  dropped: 'dropped: unroutable, not mandatory',
  alternate: 'AE',
  missing: 'missing',
  error: 'error',
  hidden: '{bindings} other bindings, {queues} queues not shown',
  hiddenExchanges: '{n} more exchanges not shown',
}

export interface DiagramOptions {
  /** Draw the default exchange even when the publish did not use it. */
  showDefaultExchange?: boolean
  /** 'auto' focuses above `focusThreshold`; 'all' draws everything; 'touched' always focuses. */
  focus?: 'auto' | 'all' | 'touched'
  /** Bindings + queues + exchanges in the vhost above which 'auto' focuses (default 150). */
  focusThreshold?: number
  /** Which vhost to draw (default: the publish's, else '/', else the first). */
  vhost?: string
  labels?: Partial<DiagramLabels>
  theme?: 'light' | 'dark'
  /** Drawn with a selection ring. */
  selected?: DiagramEntity | null
}

export interface DiagramModel {
  text: string
  /** Generated node id → entity (for click and keyboard handling). */
  nodes: Record<string, DiagramEntity>
  /** Generated edge id (`b_N`) → engine binding id. */
  edges: Record<string, string>
  /** Generated edge id → highlight classes (`hot`, `aehot`), for the view to set on the path. */
  edgeClasses: Record<string, string[]>
  vhost: string
  focused: boolean
  hiddenBindings: number
  hiddenQueues: number
  hiddenExchanges: number
}

export function sameEntity(a: DiagramEntity | null | undefined, b: DiagramEntity | null | undefined) {
  if (!a || !b || a.kind !== b.kind) return false
  if (a.kind === 'exchange' || a.kind === 'queue')
    return a.name === (b as typeof a).name && a.vhost === (b as typeof a).vhost
  if (a.kind === 'publish') return a.id === (b as typeof a).id
  return true
}
