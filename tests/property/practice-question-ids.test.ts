// A generated question's id is its whole question (docs/practice.md, "Generated question ids"): for
// seeded random seeds across every template and level — and "any kind", which draws the template —
// the question rebuilt from the id, after travelling through a link, deep-equals the one first shown.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  generateQuestion,
  LEVELS,
  MAX_SEED,
  parseQuestionId,
  TEMPLATE_IDS,
} from '../../src/practice/generator/generate'
import { hrefFor, parseRoute } from '../../src/store/url-route'

const SEED = 20260101
const RUNS_PER_KIND = 20

describe('generated question ids', () => {
  it(`rebuild the question first shown: ${RUNS_PER_KIND} ids for each template × level and "any kind" (≥ 500 in all)`, () => {
    let checked = 0
    const seen = new Set<string>()
    for (const template of [...TEMPLATE_IDS, undefined])
      for (const level of LEVELS)
        fc.assert(
          fc.property(fc.integer({ min: 0, max: MAX_SEED }), (seed) => {
            const shown = generateQuestion(seed, level, template)
            // the id travels through a link (href → URL → route parameter) before it is rebuilt
            const link = new URL(hrefFor('practice', { exercise: shown.id }))
            const id = parseRoute(link.search).params.exercise as string
            expect(parseQuestionId(id), shown.id).toEqual(shown)
            seen.add(`${shown.template}-${shown.level}`)
            checked++
          }),
          { seed: SEED + level, numRuns: RUNS_PER_KIND, examples: [[0], [MAX_SEED]] },
        )
    expect(checked).toBeGreaterThanOrEqual(500)
    expect(seen.size).toBe(TEMPLATE_IDS.length * LEVELS.length)
  })
})
