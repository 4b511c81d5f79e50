/**
 * A routing level (docs/levels.md): a start topology, what the learner may change, the goal (claims
 * about every message, plus a routing table of a few named messages drawn as the goal picture), hints,
 * a reference solution with its par, and plausible wrong answers kept as data beside it.
 */

export interface L10n {
  en: string
  'zh-CN': string
}

/** What the learner may change: only bindings, or also declare/delete exchanges and queues. */
export type EditScope = 'bindings' | 'topology'

/** Where a named message of the goal picture should end: these queues, returned 312, or dropped. */
export type MessageOutcome = string[] | 'returned' | 'dropped'

export type Goal =
  /** A requirement over every message, in the script's `expect` syntax (without the word `expect`). */
  | { expect: string }
  /** One message (a script `publish` line) and where it should end after the whole run. */
  | { message: string; outcome: MessageOutcome }

export interface WrongAnswer {
  /** Script lines of the answer. */
  script: string[]
  /** Why a learner might write it (shown nowhere in the app; it documents the trap). */
  why: string
}

export interface Level {
  id: string
  title: L10n
  /** The task, as the learner reads it. */
  story: L10n
  /** `fix`: the start topology has a planted fault the goal says how to remove. */
  kind: 'build' | 'fix'
  /** The lesson this level practises (a folder under lessons/), when there is one. */
  lesson?: string
  start: string[]
  edit: EditScope
  /** At most this many bindings in the answer's topology. */
  maxBindings?: number
  /** Exchanges and queues that may not change even when `edit` is `topology`. */
  locked?: string[]
  goals: Goal[]
  hints: L10n[]
  solution: string[]
  /** The fewest changes (bindings added or removed, entities declared, deleted or changed). */
  par: number
  wrong: WrongAnswer[]
}

export interface Chapter {
  id: string
  title: L10n
  /** What the chapter practises, one sentence. */
  intro: L10n
  lesson?: string
  levels: Level[]
}
