/** The playground store's shape, split by slice (each slice file implements one part). */
import type {
  KeptDefinitions,
  LintFinding,
  ParseSummary,
  PublishExplanation,
  ScenarioPublish,
  SessionState,
  TopologyDiff,
  TopologySnapshot,
} from '../engine'
import type { AnalysisReply, RequirementView } from '../worker/analysis-api'
import type { TextEdit } from './text-history'

export interface EditorSlice {
  /** What the user typed: the only persisted field besides `kept`. */
  text: string
  kept: KeptDefinitions | null
  /** `view` for a read-only share link: nothing is saved and the editor is read-only. */
  mode: 'edit' | 'view'
  /** The text as last loaded from a sample, link or save; unsaved work = a change since then. */
  pristine: string
  /** Undo history as edits (small even for a 10,000-line script). */
  past: TextEdit[]
  future: TextEdit[]
  /** The user's own work while a view-only link is shown (restored by leaveView). */
  ownWork: { text: string; pristine: string } | null
  /** Replace the text. `coalesce` merges quick typing into one undo step. */
  setText: (text: string, history?: 'coalesce' | 'push') => void
  /** Append statements (forms, the diagram), as one undo step, with the `vhost` line they need. */
  appendLines: (lines: string[], vhost?: string) => void
  undo: () => void
  redo: () => void
  hasUnsavedWork: () => boolean
}

/** A publish the user made in this session, kept with the topology it ran against. */
export interface LogEntry {
  seq: number
  at: number
  /** As routed (without the per-binding explanation on a large topology: see `ref`). */
  publish: PublishExplanation
  topology: TopologySnapshot
  /** Where it sits in the run it came from (its full explanation can be asked while that run lasts). */
  ref: { generation: string; index: number }
}

/** A message of the current run (by its index among the run's publishes) or of the message log. */
export type Selection = { kind: 'run'; index: number } | { kind: 'log'; seq: number } | null

/** The last good run: the engine session's state, with the text it ran. */
export interface PlaygroundRun extends SessionState {
  text: string
  /** The text of each refused operation's line when it ran (a marker is shown only while unchanged). */
  failureLines: string[]
  /** The text of each hint's line when it was found (as for failures). */
  hintLines: string[]
}

/** The last parse, with the text it read and the text of each diagnostic's line. */
export type PlaygroundParse = ParseSummary & { text: string; diagnosticLines: string[] }

/** A message for `publish`: the form's fields (the id is chosen by the store). */
export type PublishRequest = Omit<ScenarioPublish, 'id' | 'vhost'> & { vhost: string }

export interface RunSlice {
  /** The last parse of the text (in the Worker): diagnostics, names, lines. */
  parsed: PlaygroundParse | null
  /** The last run of a text without syntax errors (kept while the text has errors). */
  run: PlaygroundRun | null
  /** The run is older than the text (errors, or a run in flight). */
  stale: boolean
  busy: boolean
  runError: string | null
  selection: Selection
  log: LogEntry[]
  /** Full explanations fetched on demand (`${generation}:${index}` → explanation), a few kept. */
  explanations: Record<string, PublishExplanation>
  select: (selection: Selection) => void
  /** Append statements (a drawing on the diagram) as one undo step and run them at once. */
  edit: (lines: string[], vhost: string) => void
  /** Append the publish to the script, run it at once, log and select it. Returns its id. */
  publish: (message: PublishRequest) => string | null
  /** Ask for the full explanation of run publish `index` (a large topology routes without it). */
  explain: (index: number) => void
  /** Start routing the text (the playground page calls it on mount; actions start it too). */
  startRuns: () => void
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
  notify: (kind: Notice['kind'], key: string, params?: Notice['params']) => void
  dismiss: (id: number) => void
}

export interface WorkSlice {
  confirm: ConfirmRequest | null
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

/** The last analysis of a text that parses (requirements, lint, the diff), with the text it read. */
export interface PlaygroundAnalysis {
  text: string
  requirements: RequirementView[]
  /** The text of each requirement's line when checked (a marker is shown only while unchanged). */
  requirementLines: string[]
  findings: LintFinding[]
  findingLines: string[]
  undecided: { vhost: string; subject: string }[]
  /** Against `compare` (null when nothing is compared). */
  diff: TopologyDiff | null
  diffError: AnalysisReply['diffError']
  /** The comparison it was computed against. */
  compareId: number | null
  ms: number
}

/** What "Compare with…" compares the current topology with. */
export interface CompareSource {
  id: number
  /** An earlier version from the undo history (`steps` back), or a file (script, scenario, definitions). */
  kind: 'version' | 'file'
  steps?: number
  name?: string
  text: string
}

export interface AnalysisSlice {
  analysis: PlaygroundAnalysis | null
  /** A newer text or comparison is waiting for (or in) the analysis Worker. */
  analysisBusy: boolean
  analysisError: string | null
  compare: CompareSource | null
  setCompare: (source: Omit<CompareSource, 'id'> | null) => void
}

export type PlaygroundState = EditorSlice & RunSlice & NoticeSlice & WorkSlice & AnalysisSlice
