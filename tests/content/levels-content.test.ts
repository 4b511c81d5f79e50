/**
 * The shipped levels (lessons/levels/): every reference solution solves its level at par, no start
 * state does, every plausible wrong answer kept beside a level fails with a named counter-example (a
 * message and where it went), and a catch-all cannot pass a level whose goal says "only".
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { contentErrorText } from '../../src/content/errors'
import { gradeLevel, levelStart } from '../../src/levels/grade'
import { buildLevels, CHAPTERS, LEVEL_ERRORS, LEVELS } from '../../src/levels/level-content'

const DIR = new URL('../../lessons/levels/', import.meta.url)
const CJK = /[\u4e00-\u9fff]/
const text = (lines: readonly string[]) => lines.join('\n')

describe('level files', () => {
  it('load without an error, in both languages, at least 30 levels in 12 chapters', () => {
    expect(LEVEL_ERRORS.map(contentErrorText)).toEqual([])
    expect(LEVELS.length).toBeGreaterThanOrEqual(30)
    expect(CHAPTERS.map((c) => c.id)).toEqual([
      'direct',
      'topic',
      'empty-words',
      'fanout',
      'default-exchange',
      'headers',
      'dedup',
      'exchange-to-exchange',
      'alternate-exchange',
      'mandatory',
      'dead-lettering',
      'consumers',
    ])
    for (const l of LEVELS)
      for (const t of [l.title, l.story, ...l.hints]) {
        expect(t.en, l.id).not.toMatch(CJK)
        expect(t['zh-CN'], l.id).toMatch(CJK)
      }
    expect(LEVELS.filter((l) => l.kind === 'fix').length).toBeGreaterThanOrEqual(8)
  })
  it('name lessons that exist', () => {
    for (const c of CHAPTERS)
      for (const lesson of [c.lesson, ...c.levels.map((l) => l.lesson)])
        if (lesson) expect(existsSync(new URL(`../${lesson}/`, DIR)), lesson).toBe(true)
  })
  it('an error is located: file, path, line and column', () => {
    const name = readdirSync(DIR).find((f) => f.endsWith('.json')) ?? ''
    const source = readFileSync(new URL(name, DIR), 'utf8').replace('"par": ', '"parr": ')
    const { errors } = buildLevels({ [name]: JSON.parse(source) }, () => source)
    expect(errors[0]?.file).toBe(name)
    expect(errors[0]?.message).toMatch(/^levels\[0\]\.parr: unknown field/)
    expect(errors[0]?.line).toBeGreaterThan(1)
  })
})

describe.each(LEVELS.map((l) => [l.id, l] as const))('level %s', (_id, level) => {
  const start = levelStart(level)
  it('its solution solves it at par; its start does not', () => {
    const solved = gradeLevel(level, text(level.solution), start)
    expect(solved.problems).toEqual([])
    expect(solved.goals.filter((g) => g.met !== true).map((g) => g.goal)).toEqual([])
    expect(solved.changes).toBe(level.par)
    expect(solved.atPar).toBe(true)
    expect(gradeLevel(level, text(level.start), start).solved).toBe(false)
  })
  it('each wrong answer fails with a named counter-example', () => {
    expect(level.wrong.length).toBeGreaterThan(0)
    for (const w of level.wrong) {
      const g = gradeLevel(level, text(w.script), start)
      expect(g.problems, w.why).toEqual([])
      const failing = g.goals.filter((x) => x.met === false)
      expect(failing.length, w.why).toBeGreaterThan(0)
      for (const f of failing) expect(f.route?.publish.routing_key, w.why).toBeTypeOf('string')
    }
  })
  const only = level.goals.some((g) => 'expect' in g && /\bonly\b|^(to \S+ )?nothing but/.test(g.expect))
  const entry = start.run.topology.exchanges.find((x) => !x.builtin && x.type === 'topic')
  // Only where it applies (a topic level with an "only" goal), so no test is reported as skipped.
  if (only && entry)
    it('a catch-all cannot pass its "only" goal', () => {
      const queues = start.run.topology.queues.map((q) => q.name)
      const catchAll = [...level.start, ...queues.map((q) => `bind ${q} to ${entry?.name} key "#"`)]
      const g = gradeLevel({ ...level, maxBindings: undefined }, text(catchAll), start)
      expect(g.solved).toBe(false)
      expect(g.goals.some((x) => x.met === false && x.route !== null)).toBe(true)
    })
})
