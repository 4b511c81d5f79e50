/**
 * Code exercises are graded against the engine on visible cases, fixed hidden rule cases and cases
 * generated afresh per run, so a lookup table harvested from failure panels cannot pass; each
 * exercise states its matching rules, and the study note's strict rules have their own variant.
 */
import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { engineMatches, expectedMatch } from '../../src/practice/code/expected'
import { gradeCall } from '../../src/practice/code/grade-code'
import { planRun } from '../../src/practice/code/hidden-cases'
import { gradeOutcome } from '../../src/practice/code/run-exercise'
import { CODE_EXERCISES } from '../../src/practice/content/load'
import { runJob } from '../../src/practice/sandbox/sandbox-core'

const js = (src: string) =>
  ts.transpileModule(src, { compilerOptions: { target: ts.ScriptTarget.ES2020 } }).outputText
const byId = (id: string) => {
  const ex = CODE_EXERCISES.find((e) => e.id === id)
  if (!ex) throw new Error(id)
  return ex
}
const run = (id: string, code: string, seed = 1) => {
  const ex = byId(id)
  const plan = planRun(ex, seed)
  const reply = runJob({ code: js(code), entry: ex.entry, calls: plan.map((c) => c.args) }, Function)
  const r = gradeOutcome(ex, plan, reply)
  if (r.kind !== 'graded') throw new Error(`${id}: ${r.kind}`)
  return r
}
const SEEDS = [1, 2, 3, 42, 2024, 99999, 123456789]
const NOTE_PORT = readFileSync(new URL('../fixtures/practice/note-matcher.ts.txt', import.meta.url), 'utf8')

describe('runs of a code exercise', () => {
  it('pass every reference solution on every seed, and fail every starter', () => {
    for (const ex of CODE_EXERCISES) {
      for (const seed of SEEDS)
        expect(run(ex.id, ex.solution, seed).firstFailure, `${ex.id} #${seed}`).toBe(null)
      for (const lang of ['en', 'zh-CN'] as const)
        expect(run(ex.id, ex.starter[lang]).firstFailure, `${ex.id} ${lang}`).not.toBe(null)
    }
  })

  it('plan visible, then rule, then fresh generated cases: new ones per seed, never a listed one', () => {
    for (const ex of CODE_EXERCISES) {
      const a = planRun(ex, 7)
      expect(planRun(ex, 7)).toEqual(a)
      expect(a.filter((c) => c.kind === 'visible').map((c) => c.args)).toEqual(ex.visible)
      expect(a.filter((c) => c.kind === 'rule').map((c) => c.args)).toEqual(ex.hidden)
      const gen = a.filter((c) => c.kind === 'generated').map((c) => JSON.stringify(c.args))
      expect(gen, ex.id).toHaveLength(ex.generated)
      expect(new Set(gen).size).toBe(gen.length)
      const listed = new Set([...ex.visible, ...ex.hidden].map((x) => JSON.stringify(x)))
      for (const g of gen) expect(listed.has(g)).toBe(false)
      if (ex.generated === 0) continue
      const other = new Set(
        planRun(ex, 8)
          .filter((c) => c.kind === 'generated')
          .map((c) => JSON.stringify(c.args)),
      )
      expect(gen.filter((g) => other.has(g)).length, ex.id).toBeLessThan(gen.length / 2)
    }
  })

  it('generate matcher cases whose answers are both true and false (a constant function fails)', () => {
    const ex = byId('code-matcher')
    let yes = 0
    let all = 0
    for (const seed of SEEDS)
      for (const c of planRun(ex, seed).filter((x) => x.kind === 'generated')) {
        all++
        if (engineMatches(c.args[0] as string, c.args[1] as string)) yes++
      }
    expect(yes / all).toBeGreaterThan(0.3)
    expect(yes / all).toBeLessThan(0.7)
    for (const constant of ['true', 'false'])
      for (const seed of SEEDS)
        expect(run('code-matcher', `function matches() { return ${constant} }`, seed).firstFailure).not.toBe(
          null,
        )
  })

  it('a lookup table harvested from 60 failure panels still fails the next run', () => {
    const table = new Map<string, boolean>()
    const source = () =>
      `const T: Record<string, boolean> = ${JSON.stringify(Object.fromEntries(table))}
       function matches(p: string, k: string): boolean { return T[JSON.stringify([p, k])] ?? false }`
    // the learner may copy every visible and hidden case they ever see, with its right answer
    for (const c of [...byId('code-matcher').visible, ...byId('code-matcher').hidden])
      table.set(JSON.stringify(c), engineMatches(c[0] as string, c[1] as string))
    for (let seed = 1000; seed < 1060; seed++) {
      const f = run('code-matcher', source(), seed).firstFailure
      expect(f, `run ${seed} passed with a table of ${table.size}`).not.toBe(null)
      const args = JSON.parse(`[${f?.call.slice('matches('.length, -1)}]`) as [string, string]
      table.set(JSON.stringify(args), engineMatches(args[0], args[1]))
    }
    expect(run('code-matcher', source(), 5000).firstFailure).not.toBe(null)
  })

  it('shows the first failing case with expected and actual, and a thrown error as the actual value', () => {
    const r = run('code-matcher', 'function matches(p: string, k: string) { return p === k }')
    expect(r.firstFailure).toMatchObject({
      call: 'matches("order.*", "order.created")',
      expected: 'true',
      actual: 'false',
      kind: 'visible',
    })
    expect(run('code-matcher', 'function matches() { throw new Error("boom") }').firstFailure?.actual).toBe(
      'Error: boom',
    )
  })
})

describe('matching rules: RabbitMQ’s and the study note’s strict variant', () => {
  it('the note’s matcher ported faithfully passes the strict variant on every seed', () => {
    for (const seed of SEEDS)
      expect(run('code-matcher-strict', NOTE_PORT, seed).firstFailure, `#${seed}`).toBe(null)
  })

  it('and fails the RabbitMQ variant on an empty word, with the reason said', () => {
    const f = run('code-matcher', NOTE_PORT).firstFailure
    expect(f).toMatchObject({ kind: 'rule', actual: 'Error: empty word', note: 'empty-word-rule' })
    expect(f?.call).toContain('..')
  })

  it('the strict variant wants an error for empty words and RabbitMQ’s answer otherwise', () => {
    expect(expectedMatch('strict', 'a..b', 'a..b')).toBe('error')
    expect(expectedMatch('strict', 'a.*', 'a.')).toBe('error')
    expect(expectedMatch('strict', '#.#', '')).toBe(true)
    expect(expectedMatch('rabbitmq', 'a..b', 'a..b')).toBe(true)
    const ex = byId('code-matcher-strict')
    expect(
      gradeCall(ex, { args: ['a..b', 'a.b'], kind: 'visible' }, { ok: true, value: false, ms: 0 }),
    ).toMatchObject({
      pass: false,
      throws: true,
      note: 'should-throw',
    })
    // the RabbitMQ reference solution treats empty words as words, so it fails the strict variant
    expect(run('code-matcher-strict', byId('code-matcher').solution).firstFailure?.note).toBe('should-throw')
  })

  it('every matcher-like exercise names its rules; the RabbitMQ matcher has a strict variant', () => {
    for (const ex of CODE_EXERCISES) expect(['rabbitmq', 'strict']).toContain(ex.rules)
    expect(
      CODE_EXERCISES.filter((e) => e.kind === 'matcher')
        .map((e) => e.rules)
        .sort(),
    ).toEqual(['rabbitmq', 'strict'])
  })
})

describe('per-kind checks', () => {
  it('refuses duplicated queues in the dedup exercise', () => {
    const ex = byId('code-dedup')
    const call = (args: unknown[], value: unknown) =>
      gradeCall(ex, { args, kind: 'visible' }, { ok: true, value, ms: 0 })
    expect(call(ex.visible[0] as unknown[], ['Q1', 'Q1'])).toMatchObject({
      pass: false,
      note: 'duplicates',
      expected: '["Q1"]',
    })
    expect(call(ex.visible[1] as unknown[], ['notify', 'audit']).pass).toBe(true)
  })

  it('checks the counter-example list against RabbitMQ, for the pattern it was given', () => {
    const ex = byId('code-counterexample')
    const grade = (pattern: string, value: unknown) =>
      gradeCall(ex, { args: [pattern], kind: 'visible' }, { ok: true, value, ms: 0 })
    expect(grade('a.*.c', [['a.*.c', 'a.b.x.c', true]])).toMatchObject({
      pass: false,
      note: 'wrong-expectation',
    })
    expect(grade('a.*.c', [['a.*.c', 'a.b.c', true]])).toMatchObject({
      pass: false,
      note: 'missing-counterexample',
      expected: '["a.*.c","…",false]', // what is missing, not a row to copy
    })
    expect(grade('a.*.c', [['a.*.c', 'a.b.x.c', false]])).toMatchObject({
      pass: false,
      note: 'missing-control',
    })
    // a false row that is not a two-word counter-example does not count (three words, or another word)
    expect(
      grade('a.*.c', [
        ['a.*.c', 'a.b.x.y.c', false],
        ['a.*.c', 'a.b.d', false],
        ['a.*.c', 'a.b.c', true],
      ]),
    ).toMatchObject({ pass: false, note: 'missing-counterexample' })
    expect(
      grade('a.*.c', [
        ['a.*.c', 'a.b.x.c', false],
        ['a.*.c', 'a..c', true],
      ]).pass,
    ).toBe(true)
    // the visible pattern's rows do not answer another pattern
    const visibleRows = [
      ['a.*.c', 'a.b.x.c', false],
      ['a.*.c', 'a.b.c', true],
    ]
    expect(grade('order.*', visibleRows)).toMatchObject({ pass: false, note: 'missing-counterexample' })
    expect(
      grade('*', [
        ['*', 'x.y', false],
        ['*', 'x', true],
      ]).pass,
    ).toBe(true)
    expect(grade('a.*.c', 'nope')).toMatchObject({ pass: false, note: 'not-array' })
  })

  it('a counter-example table harvested from 60 failure panels still fails the next run', () => {
    // the learner writes correct rows for every pattern a failure panel ever named, and nothing general
    const seen = new Set<string>(['a.*.c', ...byId('code-counterexample').hidden.map((h) => h[0] as string)])
    const source = () =>
      `const SEEN: string[] = ${JSON.stringify([...seen])}
       function cases(p: string): [string, string, boolean][] {
         if (!SEEN.includes(p)) return []
         const w = p.split('.')
         const fill = (...t: string[]) => w.flatMap((x) => (x === '*' ? t : [x])).join('.')
         return [[p, fill('x', 'y'), false], [p, fill('x'), true]]
       }`
    for (let seed = 1000; seed < 1060; seed++) {
      const f = run('code-counterexample', source(), seed).firstFailure
      expect(f, `run ${seed} passed with ${seen.size} patterns`).not.toBe(null)
      expect(f?.kind).toBe('generated')
      seen.add(JSON.parse(f?.call.slice('cases('.length, -1) ?? '""') as string)
    }
    expect(run('code-counterexample', source(), 5000).firstFailure).not.toBe(null)
  })

  it('generates patterns with exactly one * and plain words, many different ones', () => {
    const ex = byId('code-counterexample')
    const all = new Set<string>()
    for (let seed = 0; seed < 50; seed++)
      for (const c of planRun(ex, seed).filter((x) => x.kind === 'generated')) {
        const p = c.args[0] as string
        expect(
          p.split('.').filter((w) => w === '*'),
          p,
        ).toHaveLength(1)
        expect(p, p).not.toMatch(/#|\.\.|^\.|\.$/)
        all.add(p)
      }
    expect(all.size).toBeGreaterThan(150)
  })

  it('takes the DP table from the engine (3×3 for #.b / a.b, bottom-right true)', () => {
    const ex = byId('code-dp-table')
    const r = gradeCall(ex, { args: ['#.b', 'a.b'], kind: 'visible' }, { ok: true, value: null, ms: 0 })
    const table = JSON.parse(r.expected) as boolean[][]
    expect(table).toHaveLength(3)
    expect(table.every((row) => row.length === 3)).toBe(true)
    expect(table[1]).toEqual([true, true, true])
    expect(table[2]?.[2]).toBe(true)
  })
})
