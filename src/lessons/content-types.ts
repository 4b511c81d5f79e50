/** The shapes of lesson content once loaded and validated (lessons/ holds the data, this the types). */
import type { Operation, ProfileName, Scenario } from '../engine'
import type { Lang } from '../i18n/language'

/** Inline text: plain, `code`, **strong**. Rendered as React text nodes, never as HTML. */
export type Inline = { kind: 'text' | 'code' | 'strong' | 'em'; text: string }

export type Block = { kind: 'p'; inlines: Inline[] } | { kind: 'ul' | 'ol'; items: Inline[][] }

export interface StepText {
  id: string
  title: string
  blocks: Block[]
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

export interface LessonStep {
  id: string
  scenarioFile?: string
  scenario?: Scenario
  /** A topology script run in time order (for lessons where order matters), parsed at load. */
  script?: { file: string; text: string; ops: Operation[]; profile?: ProfileName }
  expect: Record<string, Expectation>
  /** Message ids each named queue holds after the run (a subset of queues may be listed). */
  queueContents?: Record<string, string[]>
  widget?: Widget
}

export interface Lesson {
  id: string
  steps: LessonStep[]
  text: Record<Lang, LessonText>
}

/** A located problem in the content: which file, and what is wrong. */
export interface ContentError {
  file: string
  message: string
}
