/** The playground store's shape, split by slice (each slice file implements one part). */
import type { KeptDefinitions, ParseResult, PublishExplanation, RunResult, TopologySnapshot } from '../engine'

export interface EditorSlice {
  /** What the user typed: the only persisted field besides `kept`. */
  text: string
  kept: KeptDefinitions | null
  /** `view` for a read-only share link: nothing is saved and the editor is read-only. */
  mode: 'edit' | 'view'
  /** The text as last loaded from a sample, link or save; unsaved work = a change since then. */
  pristine: string
  past: string[]
  future: string[]
  /** The user's own work while a view-only link is shown (restored by leaveView). */
  ownWork: { text: string; pristine: string } | null
  /** Replace the text. `coalesce` merges quick typing into one undo step. */
  setText: (text: string, history?: 'coalesce' | 'push') => void
  /** Append statements (forms, the publish bar), as one undo step. */
  appendLines: (lines: string[]) => void
  undo: () => void
  redo: () => void
  hasUnsavedWork: () => boolean
}

/** A publish the user made in this session, kept with the topology it ran against. */
export interface LogEntry {
  seq: number
  at: number
  publish: PublishExplanation
  topology: TopologySnapshot
}

export type Selection = { kind: 'run'; publishId: string } | { kind: 'log'; seq: number } | null

export interface RunSlice {
  parsed: ParseResult | null
  /** The last run of a text without syntax errors (kept while the text has errors). */
  run: RunResult | null
  /** The run is older than the text (errors, or a run in flight). */
  stale: boolean
  busy: boolean
  runError: string | null
  selection: Selection
  log: LogEntry[]
  select: (selection: Selection) => void
  /** Log the run's publishes with these ids once their run arrives. */
  logPublishes: (ids: string[]) => void
  pendingLog: string[]
}

export interface Notice {
  id: number
  kind: 'info' | 'error'
  /** A message key of the playground catalogue, with its parameters. */
  key: string
  params?: Record<string, string | number>
}

export interface ConfirmRequest {
  /** What would replace the work (shown in the question). */
  source: string
  resolve: (ok: boolean) => void
}

export interface NoticeSlice {
  notices: Notice[]
  confirm: ConfirmRequest | null
  notify: (kind: Notice['kind'], key: string, params?: Notice['params']) => void
  dismiss: (id: number) => void
  /**
   * Replace the work with `text`, asking first when there is unsaved work. Resolves false when the
   * user keeps their work.
   */
  replaceWork: (
    text: string,
    opts: { source: string; mode?: 'edit' | 'view'; kept?: KeptDefinitions | null; logPublishes?: boolean },
  ) => Promise<boolean>
  /** Leave a view-only link: back to the own work, or keep the shared text as an editable copy (asks). */
  leaveView: (how: 'back' | 'edit-copy') => Promise<boolean>
}

export type PlaygroundState = EditorSlice & RunSlice & NoticeSlice
