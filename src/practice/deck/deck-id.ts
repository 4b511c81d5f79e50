/**
 * Quiz decks. A deck id `deck1-<count>-<levels>-<seed>` (a contract, docs/practice.md) names the same
 * questions, in the same order, for everyone who opens it: a class shares one link. Version 1 draws
 * from a frozen list of (template, level) pairs, so templates added later never change a published
 * deck; a deck that should use them gets a new version prefix.
 */

import {
  type GeneratedQuestion,
  generateQuestion,
  type Level,
  MAX_SEED,
  type TemplateId,
} from '../generator/generate'
import { createRng } from '../generator/rng'

export const MAX_DECK = 30

/** Deck version 1's pool, frozen: every template of the registry as of version 1, at every level. */
const DECK1_POOL: readonly (readonly [TemplateId, Level])[] = (
  ['direct', 'fanout', 'default', 'mandatory', 'topic', 'headers', 'e2e', 'ae'] as const
).flatMap((t) => ([1, 2, 3] as const).map((l) => [t, l] as const))

export interface Deck {
  id: string
  count: number
  levels: Level[]
  seed: number
  questions: GeneratedQuestion[]
}

export function deckId(count: number, levels: readonly Level[], seed: number): string {
  return `deck1-${count}-${[...new Set(levels)].sort().join('')}-${seed}`
}

/**
 * The deck's questions: the pool's pairs of the chosen levels are dealt in a shuffled order (and dealt
 * again when used up), so templates and levels mix; each question gets its own seed from the deck's.
 */
export function buildDeck(count: number, levels: readonly Level[], seed: number): Deck {
  const rng = createRng(seed)
  const pool = DECK1_POOL.filter(([, l]) => levels.includes(l))
  const questions: GeneratedQuestion[] = []
  let hand: (readonly [TemplateId, Level])[] = []
  while (questions.length < count) {
    if (hand.length === 0) hand = rng.sample(pool, pool.length)
    const [template, level] = hand.shift() as readonly [TemplateId, Level]
    questions.push(generateQuestion(rng.int(0, MAX_SEED), level, template))
  }
  return { id: deckId(count, levels, seed), count, levels: [...new Set(levels)].sort(), seed, questions }
}

const ID = /^deck1-([1-9]\d?)-(1|2|3|12|13|23|123)-(0|[1-9]\d{0,9})$/

/** The deck an id names, or null when it is not a canonical deck id. */
export function parseDeckId(id: string): Deck | null {
  const m = ID.exec(id)
  if (!m) return null
  const count = Number(m[1])
  const seed = Number(m[3])
  if (count > MAX_DECK || seed > MAX_SEED) return null
  return buildDeck(count, [...(m[2] as string)].map(Number) as Level[], seed)
}
