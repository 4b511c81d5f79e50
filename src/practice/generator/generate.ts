/**
 * Generated routing questions. The id `gen-<template>-<level>-<seed>` is a contract (docs/practice.md):
 * it alone rebuilds the whole question — topology, message, and the order of the queues offered — on
 * any machine, in a link, in a deck and in stored progress. So the scenario depends on nothing but
 * (template, level, seed): when no template is asked for, the template is drawn from its own generator
 * and the scenario's generator always starts fresh from the seed.
 */
import type { Scenario } from '../../engine'
import { createRng } from './rng'
import { type Level, STORIES, TEMPLATES, type TemplateId } from './templates'
import type { QuestionStory } from './templates-queue-types'

export { type Level, TEMPLATE_IDS, type TemplateId } from './templates'

export const LEVELS: readonly Level[] = [1, 2, 3]
/** Seeds are unsigned 32-bit integers (what the PRNG uses); larger numbers would alias smaller ones. */
export const MAX_SEED = 0xffffffff

/**
 * Which templates "any kind" draws from at each difficulty. Changing this list changes only which
 * template a fresh draw picks; an existing id names its template and is unaffected.
 */
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
  /** Queue names the learner chooses from, in the order they are offered. */
  candidates: string[]
  /** Story templates (`STORIES`): what happens after the publish; the answer is its end. */
  story?: QuestionStory
}

// The template draw uses its own stream, so it never shifts the scenario's random numbers.
const TEMPLATE_DRAW_SALT = 0x5bd1e995

export function drawTemplate(seed: number, level: Level): TemplateId {
  return createRng((seed ^ TEMPLATE_DRAW_SALT) >>> 0).pick(LEVEL_POOL[level])
}

function questionId(template: TemplateId, level: Level, seed: number): string {
  return `gen-${template}-${level}-${seed}`
}

/** The question of (template, level, seed); without a template one is drawn from LEVEL_POOL. */
export function generateQuestion(seed: number, level: Level, template?: TemplateId): GeneratedQuestion {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
    throw new RangeError(`seed ${seed} out of range`)
  const chosen = template ?? drawTemplate(seed, level)
  const scenario = TEMPLATES[chosen](createRng(seed), level)
  const candidates = (scenario.queues ?? []).map((q) => q.name)
  const tell = STORIES[chosen]
  return {
    id: questionId(chosen, level, seed),
    template: chosen,
    level,
    seed,
    scenario,
    candidates,
    ...(tell ? { story: tell(createRng(seed), level) } : {}),
  }
}

const ID = /^gen-([a-z0-9]+)-([123])-(0|[1-9]\d{0,9})$/

/** Rebuilds a question from its id; null for anything that is not a canonical id of a known template. */
export function parseQuestionId(id: string): GeneratedQuestion | null {
  const m = ID.exec(id)
  if (!m || !Object.hasOwn(TEMPLATES, m[1] as string)) return null
  const seed = Number(m[3])
  if (seed > MAX_SEED) return null
  return generateQuestion(seed, Number(m[2]) as Level, m[1] as TemplateId)
}
