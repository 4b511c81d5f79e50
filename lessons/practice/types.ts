/** Shapes of the practice content (data only; the UI lives in src/practice). */
import type { Scenario } from '../../src/engine'

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
  /** Items in the right order. */
  items: ChoiceOption[]
  /** The order shown before the learner rearranges (ids). */
  start: string[]
}

export type Question = ChoiceQuestion | OrderQuestion

export interface PredictExercise {
  id: string
  title: L10n
  prompt: L10n
  scenario: Scenario
}

export interface HomeworkTask {
  id: string
  number: number
  kind: L10n
  title: L10n
  task: L10n
  deliverable: L10n
  doneWhen: L10n[]
  /** True when the task can only be done against a running RabbitMQ. */
  needsBroker: boolean
  /** Path under public/ of a ready playground scenario, when one makes sense. */
  scenarioFile: string | null
  /** Id of a timeline scenario (lessons/timeline) that plays this task's sequence, when one exists. */
  timeline?: string
  level: 'basic' | 'applied' | 'advanced' | 'stretch'
}
