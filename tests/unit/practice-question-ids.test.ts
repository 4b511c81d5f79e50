/**
 * The generated-question id is a contract (docs/practice.md): the id alone rebuilds the question that
 * was first shown — template, level, topology, message and the order of the queues offered. The
 * ≥ 500-id round trip over every template and level is a property test:
 * tests/property/practice-question-ids.test.ts.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  drawTemplate,
  generateQuestion,
  LEVEL_POOL,
  LEVELS,
  parseQuestionId,
  TEMPLATE_IDS,
} from '../../src/practice/generator/generate'

const golden = JSON.parse(
  readFileSync(new URL('../fixtures/practice/golden-questions.json', import.meta.url), 'utf8'),
) as Record<string, unknown>

describe('generated question ids', () => {
  it('an "any kind" question is the question of the template it names (the bug: a link showed another one)', () => {
    for (let seed = 0; seed < 200; seed++)
      for (const level of LEVELS) {
        const any = generateQuestion(seed, level)
        expect(any.template).toBe(drawTemplate(seed, level))
        expect(any).toEqual(generateQuestion(seed, level, any.template))
      }
    // the reported case: on "any", gen-headers-3-779795134 must show the same queues and key as its link
    const shown = generateQuestion(779795134, 3)
    expect(parseQuestionId(shown.id)?.scenario).toEqual(shown.scenario)
  })

  it('"any kind" draws every template of the level’s pool', () => {
    for (const level of LEVELS) {
      const drawn = new Set(Array.from({ length: 300 }, (_, s) => drawTemplate(s, level)))
      expect([...drawn].sort()).toEqual([...new Set(LEVEL_POOL[level])].sort())
    }
  })

  it('refuse anything that is not a canonical id, so each question has exactly one id', () => {
    for (const bad of [
      'gen-nope-1-1',
      'gen-topic-4-1',
      'gen-topic-1-007',
      'gen-topic-1-4294967296',
      'gen-topic-1--1',
      'gen-topic-1-1 ',
      'gen-constructor-1-1',
      'gen-toString-1-1',
    ])
      expect(parseQuestionId(bad), bad).toBeNull()
    expect(parseQuestionId('gen-topic-1-4294967295')?.seed).toBe(4294967295)
    expect(parseQuestionId('gen-topic-1-0')?.seed).toBe(0)
    for (const t of TEMPLATE_IDS) expect(t).toMatch(/^[a-z0-9]+$/)
  })

  it('golden questions: what a published id builds never changes (add a new template id instead)', () => {
    for (const [id, scenario] of Object.entries(golden))
      expect(parseQuestionId(id)?.scenario, `${id} changed; templates are frozen once published`).toEqual(
        scenario,
      )
    for (const t of TEMPLATE_IDS)
      for (const level of LEVELS)
        expect(
          Object.keys(golden).some((id) => id.startsWith(`gen-${t}-${level}-`)),
          `no golden question for ${t} level ${level}: run npx tsx scripts/practice-golden-ids.ts`,
        ).toBe(true)
  })
})
