/** The shapes of lesson content once loaded and validated (lessons/ holds the data, this the types). */
import type { Operation, ProfileName, Scenario, TimelineScript } from '../engine'
import type { Lang } from '../i18n/language'
import type { TimelineQuestion } from './timeline-question'

/** Inline text: plain, `code`, **strong**. Rendered as React text nodes, never as HTML. */
export type Inline = { kind: 'text' | 'code' | 'strong' | 'em'; text: string }

export type Block =
  | { kind: 'p'; inlines: Inline[] }
  | { kind: 'ul' | 'ol'; items: Inline[][] }
  /** A pipe table: the head row, then the body rows (cells of inline text). */
  | { kind: 'table'; head: Inline[][]; rows: Inline[][][] }

export interface StepText {
  id: string
  title: string
  /** Shown from the start: the setup and the question. */
  blocks: Block[]
  /** Shown once the learner has answered or skipped (below a `---` line): what happened and why. */
  after: Block[]
}

export interface LessonText {
  title: string
  intro: Block[]
  steps: StepText[]
}

/** What a step claims the engine computes for one publish (checked by tests/content). */
export interface Expectation {
  outcome: 'routed' | 'returned' | 'dropped' | 'error'
  queues: string[]
  code?: number
}

export type Widget =
  | { kind: 'dp'; pattern: string; key: string }
  | { kind: 'dedup' }
  | { kind: 'unroutable' }
  | { kind: 'trie' }

/** What a timeline step claims about its last frame (checked by tests/content). */
export interface TimelineExpectation {
  /** Message ids each consumer was given, in order (redeliveries included). */
  consumers?: Record<string, string[]>
  /** Ready and unacknowledged counts of queues at the end. */
  queues?: Record<string, { ready: number; unacked: number }>
}

/**
 * A figure the step's text states in prose, as data: tests/content computes it with the engine and
 * finds it in the text of both languages, so neither can change alone.
 */
export type Claim =
  /** The DP table's size, written `(P+1) × (K+1) = cells` (e.g. `6 × 7 = 42`). */
  | { kind: 'dp-size'; pattern: string; key: string; says: string }
  /** The text holds the whole DP table as a pipe table of ✓ / ✗ (first column: the row heads). */
  | { kind: 'dp-table'; pattern: string; key: string }
  /** Copies made by all the step's publishes together (a number). */
  | { kind: 'copies'; says: string }
  /** For the asked message's trie: `V × (K+1) = bound` live states at most, and how many the walk holds. */
  | { kind: 'trie-states'; says: string; visited: string }
  /** Deleting the binding prunes the nodes `pruned` and keeps `kept` (node words, named in code). */
  | { kind: 'trie-removal'; pattern: string; dest: string; pruned: string[]; kept: string[] }
  /**
   * The broker refuses the operation `op` (its id in the run's errors, e.g. `queue:jobs`,
   * `binding:4`) with `code`, its reply text naming `names`; the text says the code and `names` in
   * code. A refusal a claim announces is an expected error of the step.
   */
  | { kind: 'refusal'; op: string; code: number; names: string }
  /**
   * The step's timeline played under `profile`: `message` is delivered `deliveries` times and, when
   * `reason` is given, dead-lettered with that reason (else never). The text says the count, and the
   * reason in code.
   */
  | { kind: 'profile-run'; profile: ProfileName; message: string; deliveries: string; reason?: string }
  /** A requirement of the step (its `expect` text) holds or fails, with this shortest counter-example. */
  | { kind: 'requirement'; text: string; holds: boolean; witness?: string; reached?: string[] }
  /** The step's whole diff: every destination gained or lost, and every change of copies. */
  | {
      kind: 'diff'
      changes: { change: 'gained' | 'lost'; destination: string; witness: string }[]
      copies: { witness: string; before: number; after: number }[]
    }
  /** The lint finds exactly these bindings (by key) under this rule on the step's topology. */
  | { kind: 'lint'; rule: string; keys: string[] }

/**
 * A question about every message, answered by the analysis (src/engine/analysis): does each
 * `expect` line of the step hold, or which destinations gain or lose messages between the step's
 * topology and another one (`before` or `after`: a file of the lesson; the step's own is the other
 * side). `lint` names rules whose findings on the step's topology are shown with the answer.
 */
export type AnalysisQuestion =
  | { kind: 'check'; lint?: string[] }
  | {
      kind: 'diff'
      other: { file: string; text: string }
      /** Which side the other file is. */
      otherIs: 'before' | 'after'
      lint?: string[]
    }

export interface LessonStep {
  id: string
  /**
   * The publish the predict moment asks about: the learner marks its queues (or "nowhere") on the
   * diagram before the answer is shown. Absent when the step has no message.
   */
  ask?: string
  /**
   * A time-ordered story with consumers, played inside the step with the timeline's player. With a
   * question (`ask`) the learner predicts before the story plays.
   */
  timeline?: {
    file: string
    script: TimelineScript
    expect: TimelineExpectation
    ask?: TimelineQuestion
    /** Play the same story under these profiles too, side by side (lesson.json `timelineProfiles`). */
    profiles?: ProfileName[]
  }
  scenarioFile?: string
  scenario?: Scenario
  /** A topology script run in time order (for lessons where order matters), parsed at load. */
  script?: { file: string; text: string; ops: Operation[]; profile?: ProfileName }
  expect: Record<string, Expectation>
  /** Message ids each named queue holds after the run (a subset of queues may be listed). */
  queueContents?: Record<string, string[]>
  widget?: Widget
  claims?: Claim[]
  /** A question about every message (predicted, then answered by the analysis). */
  analysis?: AnalysisQuestion
}

export interface Lesson {
  id: string
  steps: LessonStep[]
  /** Per language; the page loads one language's texts at a time (`lessonText` reads one). */
  text: Partial<Record<Lang, LessonText>>
}

/** A located problem in the content (one type for lessons and practice). */
export type { ContentError } from '../content/errors'
