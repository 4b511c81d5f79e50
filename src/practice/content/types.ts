/**
 * Shapes of the practice content once loaded and validated. The content itself is data in
 * lessons/practice/ (JSON and plain-text code files); this folder holds its types and its schema.
 */
import type { Scenario } from '../../engine'

export type L10n = { en: string; 'zh-CN': string }

export interface ChoiceOption {
  id: string
  text: L10n
}

interface QuestionBase {
  id: string
  kind: 'explain' | 'scenario' | 'concept'
  title: L10n
  prompt: L10n
  reasoning: L10n
  /** The concept to reconsider, shown after a first wrong answer (it must not give the answer away). */
  hint: L10n
}

export interface ChoiceQuestion extends QuestionBase {
  type: 'choice'
  options: ChoiceOption[]
  /** The right option id, or — when `topicPattern` is set — computed by the engine instead. */
  correct?: string
  /** Options are routing keys; the right one is whichever the engine routes through this pattern. */
  topicPattern?: string
}

export interface OrderQuestion extends QuestionBase {
  type: 'order'
  /** Items in the right order (shown shuffled, seeded per attempt). */
  items: ChoiceOption[]
}

export type Question = ChoiceQuestion | OrderQuestion

export interface PredictExercise {
  id: string
  title: L10n
  prompt: L10n
  scenario: Scenario
}

export type HomeworkLevel = 'basic' | 'applied' | 'advanced' | 'stretch'

export interface HomeworkTask {
  id: string
  number: number
  kind: L10n
  title: L10n
  task: L10n
  deliverable: L10n
  doneWhen: L10n[]
  /** The knowledge points the task practises (ids of knowledge-points.json). */
  points: string[]
  /** True when the task can only be done against a running RabbitMQ. */
  needsBroker: boolean
  /** Path under public/ of a ready playground scenario, when one makes sense. */
  scenarioFile: string | null
  /** Id of a timeline scenario (lessons/timeline) that plays this task's sequence, when one exists. */
  timeline?: string
  level: HomeworkLevel
  /** A check by the whole-message-space analysis, offered once the learner has done the work. */
  check?: HomeworkCheck
}

/**
 * Homework checked by the analysis (docs/analysis.md): the sample's requirements with their verdicts
 * and counter-examples, or a before/after pair drawn as a diff. Hidden until the learner asks.
 */
export interface HomeworkCheck {
  /** What to write down before opening the check (the prediction the check answers). */
  first: L10n
  cases: HomeworkCheckCase[]
}

export interface HomeworkCheckCase {
  id: string
  label: L10n
  /** What the playground shows for this case, and what to compare with your own answer. */
  look: L10n
  /** The case opened as the work: `scenarios/NAME.json` under public/. */
  scenario: string
  /** Compared with it ("before"), `scenarios/NAME.json`: the diff is listed and drawn. */
  compare?: string
}

/** A knowledge point of the study note (Producer, Exchange, topic wildcards…), named in both languages. */
export interface KnowledgePoint {
  id: string
  text: L10n
}

export type CodeKind = 'matcher' | 'cases' | 'dedup' | 'dp-table'
/**
 * The matching rules an exercise is graded by: RabbitMQ's (empty words are ordinary words), or the
 * study note's strict teaching rules (an empty word such as the middle of "a..b" is an input error).
 */
export type CodeRules = 'rabbitmq' | 'strict'
export type BindingInput = { queue: string; pattern: string }

export interface CodeExercise {
  id: string
  kind: CodeKind
  /** The function the learner's code must declare. */
  entry: string
  rules: CodeRules
  title: L10n
  /** Everything the tests check, stated before the learner starts. */
  prompt: L10n
  /** Starter code per language (comments and TODOs in that language). */
  starter: L10n
  /** The reference solution (TypeScript, run through the same sandbox as learners' code). */
  solution: string
  /** Arguments of each visible call (JSON), listed with the engine's expected value. */
  visible: unknown[][]
  /** Fixed corner cases, never listed before a run; a failing one is shown after the run. */
  hidden: unknown[][]
  /** How many cases each run generates afresh (see src/practice/code/hidden-cases.ts). */
  generated: number
}

/** A located problem in the content (one type for lessons and practice). */
export type { ContentError } from '../../content/errors'
