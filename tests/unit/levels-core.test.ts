import LZString from 'lz-string'
import { describe, expect, it } from 'vitest'
import { SchemaError } from '../../src/content/schema'
import { gradeLevel } from '../../src/levels/grade'
import {
  decodeLevelLink,
  encodeLevelLink,
  levelFileText,
  MAX_LEVEL_LINK_CHARS,
  parseLevelFile,
} from '../../src/levels/level-link'
import { checkLevel } from '../../src/levels/level-schema'
import type { Level } from '../../src/levels/level-types'

const start = ['exchange declare orders topic', 'queue declare audit', 'queue declare points']
const raw = {
  id: 'core-1',
  title: { en: 'Points for payments', 'zh-CN': '只给支付积分' },
  story: {
    en: 'Audit every order event; points only for payments.',
    'zh-CN': '审计所有订单事件，积分只收支付。',
  },
  kind: 'build',
  start,
  edit: 'bindings',
  maxBindings: 3,
  goals: [
    { expect: '"order.#" reaches audit' },
    { expect: 'nothing but "payment.*" reaches points' },
    { message: 'publish p1 to orders key payment.done', outcome: ['points'] },
    { message: 'publish x1 to orders key stock.low mandatory', outcome: 'returned' },
  ],
  hints: [{ en: 'Two bindings.', 'zh-CN': '两条绑定。' }],
  solution: [...start, 'bind audit to orders key "order.#"', 'bind points to orders key "payment.*"'],
  par: 2,
  wrong: [
    { script: [...start, 'bind audit to orders key "#"', 'bind points to orders key "#"'], why: 'catch-all' },
  ],
}
const level = checkLevel(raw, '')
const text = (lines: readonly string[]) => lines.join('\n')

describe('level schema', () => {
  it('accepts a level and refuses an unknown key at its path', () => {
    expect(level.id).toBe('core-1')
    expect(() => checkLevel({ ...raw, hint: [] }, 'levels[0]')).toThrow('levels[0].hint: unknown field')
  })
  it('refuses a goal that does not parse, a script with a syntax error and an unnamed message', () => {
    expect(() => checkLevel({ ...raw, goals: [{ expect: '"a" reachez q' }] }, '')).toThrow(SchemaError)
    expect(() => checkLevel({ ...raw, solution: ['bind'] }, '')).toThrow(/^solution\[0\]: line 1/)
    expect(() =>
      checkLevel({ ...raw, goals: [{ message: 'publish to orders key a', outcome: 'dropped' }] }, ''),
    ).toThrow(/goals\[0\]\.message: name the message/)
    expect(() =>
      checkLevel({ ...raw, goals: [{ message: 'publish a to orders key a', outcome: 'lost' }] }, ''),
    ).toThrow(/goals\[0\]\.outcome/)
  })
})

describe('grading', () => {
  it('the solution solves at par; the start does not', () => {
    const g = gradeLevel(level, text(level.solution))
    expect(g.goals.map((x) => x.met)).toEqual([true, true, true, true])
    expect(g).toMatchObject({ solved: true, atPar: true, changes: 2, problems: [] })
    expect(gradeLevel(level, text(level.start)).solved).toBe(false)
  })
  it('a catch-all fails the "only" goal with a counter-example and names the binding that sent it', () => {
    const g = gradeLevel(level, text(raw.wrong[0]?.script ?? []))
    expect(g.solved).toBe(false)
    const only = g.goals[1]
    expect(only?.met).toBe(false)
    expect(only?.route?.queues).toContain('points')
    expect(only?.route?.sentBy.find((s) => s.queue === 'points')?.bindings[0]).toMatchObject({
      key: '#',
      source: 'orders',
    })
    expect(g.goals[3]?.met).toBe(false) // the returned message now reaches a queue
  })
  it('solved above par is solved but not at par; an extra binding counts', () => {
    const g = gradeLevel(level, `${text(level.solution)}\nbind audit to orders key "order.created"`)
    expect(g).toMatchObject({ solved: true, atPar: false, changes: 3 })
  })
  it('rules: only bindings may change; at most N bindings; refused lines', () => {
    const declared = gradeLevel(level, `${text(level.solution)}\nqueue declare extra`)
    expect(declared.problems).toEqual([{ kind: 'changed', entity: 'queue extra' }])
    expect(declared.solved).toBe(false)
    const many = gradeLevel(
      level,
      `${text(level.solution)}\nbind audit to orders key a\nbind audit to orders key b`,
    )
    expect(many.problems).toEqual([{ kind: 'too-many-bindings', count: 4, max: 3 }])
    const refused = gradeLevel(level, `${text(level.solution)}\nbind nowhere to orders key a`)
    expect(refused.problems[0]).toMatchObject({ kind: 'refused', line: 6 })
  })
  it('a topology level may declare, but not change a locked entity', () => {
    const open: Level = { ...level, edit: 'topology', locked: ['audit'] }
    expect(gradeLevel(open, `${text(level.solution)}\nqueue declare extra`).problems).toEqual([])
    const changed = gradeLevel(
      open,
      text(level.solution).replace('queue declare audit', 'queue declare audit args {x-max-length: 1}'),
    )
    expect(changed.problems).toEqual([{ kind: 'locked', entity: 'queue audit' }])
  })
})

describe('level links and files', () => {
  it('round-trips a level through a link and a file', () => {
    const e = encodeLevelLink(level)
    if (!e.ok) throw new Error('not encoded')
    expect(e.hash.startsWith('#level=v1.')).toBe(true)
    expect(decodeLevelLink(e.hash)).toEqual({ ok: true, level })
    expect(parseLevelFile(levelFileText(level))).toEqual(level)
  })
  it('refuses a newer version, a damaged payload, a wrong checksum and an invalid level', () => {
    const e = encodeLevelLink(level)
    if (!e.ok) throw new Error('not encoded')
    expect(decodeLevelLink(e.hash.replace('v1.', 'v2.'))).toEqual({
      ok: false,
      error: { kind: 'newer', version: 2 },
    })
    expect(decodeLevelLink(`${e.hash.slice(0, -8)}`).ok).toBe(false)
    const other = LZString.compressToEncodedURIComponent(
      JSON.stringify({ level: { ...level, par: 9 }, c: 'deadbeef' }),
    )
    expect(decodeLevelLink(`#level=v1.${other}`)).toEqual({ ok: false, error: { kind: 'damaged' } })
    const bad = { ...level, par: -1 }
    const sum = encodeLevelLink(bad as Level)
    if (!sum.ok) throw new Error('not encoded')
    expect(decodeLevelLink(sum.hash)).toEqual({
      ok: false,
      error: { kind: 'invalid', detail: 'level.par: expected a whole number ≥ 0' },
    })
    expect(decodeLevelLink('#level=v1.')).toEqual({ ok: false, error: { kind: 'damaged' } })
    expect(decodeLevelLink(`#level=v1.${'A'.repeat(MAX_LEVEL_LINK_CHARS + 1)}`)).toEqual({
      ok: false,
      error: { kind: 'too-large' },
    })
    expect(() => parseLevelFile('{"format":"x"}')).toThrow('format')
  })
})
