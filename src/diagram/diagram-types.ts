/** Shapes shared by the Mermaid generator, the view and the pane. */
import type { PublishExplanation } from '../engine'

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
  /** Marking mode's two "the message reaches no queue" targets. */
  nowhereReturned: string
  nowhereDropped: string
  /** The queue → dead-letter exchange edge; with `{key}` when a routing key replaces the message's. */
  deadLetter: string
  deadLetterKey: string
  /** `{message}`, `{reason}`: a message that left the queue through its dead-letter exchange. */
  leftQueue: string
  /** A full queue (x-overflow reject-publish) refused the message: the publisher gets a nack. */
  refused: string
  /** The message itself was pushed out (drop-head) / expired on arrival (TTL 0). */
  droppedSelf: string
  expiredSelf: string
  /** The type line of a quorum queue's and a stream's node (a classic queue has none). */
  quorumQueue: string
  streamQueue: string
  /** The SVG's accessible title (`{vhost}`) and description (counts and names of what is drawn). */
  accTitle: string
  accDescr: string
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
  nowhereReturned: 'Nowhere: returned to the producer (312)',
  nowhereDropped: 'Nowhere: dropped',
  deadLetter: 'dead letters',
  deadLetterKey: 'dead letters, key {key}',
  leftQueue: '{message} left: {reason}',
  refused: 'full: refused, publisher nacked',
  droppedSelf: 'full: pushed out at once',
  expiredSelf: 'TTL 0: expired at once',
  quorumQueue: 'quorum',
  streamQueue: 'stream',
  accTitle: 'Routing diagram of vhost {vhost}',
  accDescr:
    '{exchanges} exchanges, {queues} queues and {bindings} bindings drawn. Exchanges: {exchangeNames}. Queues: {queueNames}.',
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
  /**
   * The other messages of the run. A focused view then draws what all of them touched (when that
   * stays small), so choosing another of them only moves the overlay instead of drawing anew.
   */
  companions?: readonly PublishExplanation[]
}

/** Where each drawn entity sits: generated Mermaid ids by engine name or id. */
export interface DrawnIds {
  exchange: Map<string, string>
  queue: Map<string, string>
  /** engine binding id → edge id */
  binding: Map<string, string>
  /** `${from}\u0000${to}` → AE edge id */
  alternate: Map<string, string>
  /** queue name → default-exchange edge id (only the drawn ones) */
  defaultEdge: Map<string, string>
  /** queue name → its dead-letter edge id */
  deadLetter: Map<string, string>
}

export const aeKey = (from: string, to: string) => `${from}\u0000${to}`

/** The drawn topology: Mermaid text (no message in it) and the ids the overlay refers to. */
export interface DiagramModel {
  text: string
  /** Generated node id → entity (for click and keyboard handling). */
  nodes: Record<string, DiagramEntity>
  /** Generated edge id (`b_N`) → engine binding id. */
  edges: Record<string, string>
  ids: DrawnIds
  vhost: string
  focused: boolean
  /** The focused view shows what all the run's messages touched. */
  spansRun: boolean
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

/** A message overlay's parts (overlay/diagram-overlay.ts builds them; dead letters add their own). */
export interface OverlayBadge {
  kind: 'note' | 'dead' | 'err'
  lines: string[]
  /** The node it sits beside; `producer` for the producer pill. */
  anchor: string
  /** Dashed links from these nodes to the badge (the dead ends of an unroutable message). */
  from: string[]
}

export interface OverlayLink {
  from: string
  to: string
  label: string
  cls: string
}

/** One moving dot: along the producer arrow, a drawn edge, or an overlay link. */
export type MotionStep = { kind: 'producer' } | { kind: 'edge'; id: string } | { kind: 'link'; index: number }
