/**
 * The template registry. A template is a pure function (rng, level) → scenario with one publish "m".
 * Its id appears in question ids, so once published a template's output for a given seed is frozen
 * (tests/unit/practice-question-ids.test.ts holds golden questions): to change what a template
 * builds, add a new template id. To add one: write it in its own file, add it here, add its name to
 * the practice message catalogue (`tpl_<id>`), and optionally to LEVEL_POOL in generate.ts.
 */
import type { Scenario } from '../../engine'
import type { Rng } from './rng'
import {
  defaultExchangeTemplate,
  directTemplate,
  fanoutTemplate,
  type Level,
  mandatoryTemplate,
} from './templates-basic'
import { deadLetterTemplate } from './templates-dead-letter'
import { aeTemplate, e2eTemplate, headersTemplate } from './templates-more'
import {
  deliveryLimitCase,
  deliveryLimitTemplate,
  queueDeclareTemplate,
  type StoryCase,
} from './templates-queue-types'
import { topicTemplate } from './templates-topic'

export type { Level }
export type Template = (rng: Rng, level: Level) => Scenario

export const TEMPLATES = {
  direct: directTemplate,
  fanout: fanoutTemplate,
  default: defaultExchangeTemplate,
  mandatory: mandatoryTemplate,
  topic: topicTemplate,
  headers: headersTemplate,
  e2e: e2eTemplate,
  ae: aeTemplate,
  deadletter: deadLetterTemplate,
  qdeclare: queueDeclareTemplate,
  qlimit: deliveryLimitTemplate,
} as const satisfies Record<string, Template>

export type TemplateId = keyof typeof TEMPLATES

/**
 * Templates whose question is a story: the same (rng, level) also gives the timeline played after
 * the publish, and the answer is where the message is at its end (not where routing put it).
 */
export const STORIES: Partial<Record<TemplateId, (rng: Rng, level: Level) => StoryCase['story']>> = {
  qlimit: (rng, level) => deliveryLimitCase(rng, level).story,
}
export const TEMPLATE_IDS = Object.keys(TEMPLATES) as TemplateId[]
