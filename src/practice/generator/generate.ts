/**
 * Generated routing questions: a template and a seed make a scenario with one publish; the engine
 * answers it. The same (template, level, seed) always gives the same question, so a question can be
 * shared by link and re-graded later.
 */
import type { Scenario } from '../../engine'
import { createRng } from './rng'
import {
  defaultExchangeTemplate,
  directTemplate,
  fanoutTemplate,
  type Level,
  mandatoryTemplate,
} from './templates-basic'
import { aeTemplate, e2eTemplate, headersTemplate } from './templates-more'
import { topicTemplate } from './templates-topic'

export type { Level }

export const TEMPLATES = {
  direct: directTemplate,
  fanout: fanoutTemplate,
  default: defaultExchangeTemplate,
  mandatory: mandatoryTemplate,
  topic: topicTemplate,
  headers: headersTemplate,
  e2e: e2eTemplate,
  ae: aeTemplate,
} as const

export type TemplateId = keyof typeof TEMPLATES
export const TEMPLATE_IDS = Object.keys(TEMPLATES) as TemplateId[]
export const LEVELS: readonly Level[] = [1, 2, 3]

/** Which templates each difficulty draws from. */
export const LEVEL_POOL: Record<Level, readonly TemplateId[]> = {
  1: ['direct', 'fanout', 'default', 'mandatory', 'topic'],
  2: ['topic', 'headers', 'default', 'ae', 'e2e', 'mandatory'],
  3: ['topic', 'topic', 'headers', 'e2e', 'ae'],
}

export interface GeneratedQuestion {
  /** `gen-<template>-<level>-<seed>`; parse it back with parseQuestionId. */
  id: string
  template: TemplateId
  level: Level
  seed: number
  scenario: Scenario
  /** Queue names the learner chooses from (every queue of the scenario). */
  candidates: string[]
}

export function generateQuestion(seed: number, level: Level, template?: TemplateId): GeneratedQuestion {
  const rng = createRng(seed)
  const chosen = template ?? rng.pick(LEVEL_POOL[level])
  const scenario = TEMPLATES[chosen](rng, level)
  const candidates = (scenario.queues ?? []).map((q) => q.name)
  return { id: `gen-${chosen}-${level}-${seed}`, template: chosen, level, seed, scenario, candidates }
}

export function parseQuestionId(id: string): GeneratedQuestion | null {
  const m = /^gen-([a-z0-9]+)-([123])-(\d{1,10})$/.exec(id)
  if (!m || !(TEMPLATE_IDS as string[]).includes(m[1] as string)) return null
  return generateQuestion(Number(m[3]), Number(m[2]) as Level, m[1] as TemplateId)
}
