import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { answerOf, gradeRoute, scoreMarks } from '../../src/practice/answer'
import { evaluationOf, gradeBindings, matchedBindings } from '../../src/practice/binding-marks'
import { gradeCall } from '../../src/practice/code/grade-code'
import { gradeOutcome } from '../../src/practice/code/run-exercise'
import { CODE_EXERCISES, PREDICT } from '../../src/practice/content/load'
import { explainOnly } from '../../src/practice/engine-run'
import { separatingFacts } from '../../src/practice/explain-model'
import { runJob } from '../../src/practice/sandbox/sandbox-core'

const js = (src: string) =>
  ts.transpileModule(src, { compilerOptions: { target: ts.ScriptTarget.ES2020 } }).outputText
const byId = (id: string) => {
  const ex = CODE_EXERCISES.find((e) => e.id === id)
  if (!ex) throw new Error(id)
  return ex
}
const predict = (id: string) => {
  const p = PREDICT.find((x) => x.id === id)
  if (!p) throw new Error(id)
  return p
}

describe('route grading', () => {
  const answer = { queues: ['audit', 'notify'], outcome: 'routed' as const }

  it('accepts any order and duplicates; full marks are the size of the right set', () => {
    const g = gradeRoute(answer, { queues: ['notify', 'audit', 'audit'], nowhere: null })
    expect(g).toMatchObject({ correct: true, extra: [], missing: [], score: 2, maxScore: 2 })
  })

  it('gives no credit for empty marks: a blank answer scores 0', () => {
    expect(gradeRoute(answer, { queues: [], nowhere: null })).toMatchObject({ correct: false, score: 0 })
    const returned = { queues: [], outcome: 'returned' as const }
    expect(gradeRoute(returned, { queues: [], nowhere: null })).toMatchObject({
      correct: false,
      score: 0,
      maxScore: 1,
    })
  })

  it('a right mark scores, a wrong or missing one costs, never below 0', () => {
    const g = gradeRoute(answer, { queues: ['audit', 'billing'], nowhere: null })
    expect(g).toMatchObject({
      correct: false,
      extra: ['billing'],
      missing: ['notify'],
      outcomeWrong: false,
      score: 0,
    })
    expect(gradeRoute(answer, { queues: ['audit', 'notify', 'billing'], nowhere: null }).score).toBe(1)
    expect(gradeRoute(answer, { queues: ['audit'], nowhere: null }).score).toBe(0)
    expect(gradeRoute(answer, { queues: ['x', 'y', 'z'], nowhere: null }).score).toBe(0)
    expect(scoreMarks(3, 1, 0)).toBe(2)
    expect(scoreMarks(0, 0, 2)).toBe(0)
  })

  it('tells returned from dropped; "nowhere" is one mark of the set', () => {
    const returned = { queues: [], outcome: 'returned' as const }
    expect(gradeRoute(returned, { queues: [], nowhere: 'returned' })).toMatchObject({
      correct: true,
      score: 1,
      maxScore: 1,
    })
    expect(gradeRoute(returned, { queues: [], nowhere: 'dropped' })).toMatchObject({
      correct: false,
      outcomeWrong: true,
      score: 0,
    })
    expect(gradeRoute(returned, { queues: [], nowhere: null }).outcomeWrong).toBe(true)
    // a stray queue mark next to the right "nowhere" is a wrong mark: not the exact set
    expect(gradeRoute(returned, { queues: ['audit'], nowhere: 'returned' })).toMatchObject({
      correct: false,
      score: 0,
    })
    // "nowhere" when the message is routed is a wrong mark too
    expect(gradeRoute(answer, { queues: ['audit', 'notify'], nowhere: 'dropped' })).toMatchObject({
      correct: false,
      outcomeWrong: true,
      score: 1,
    })
  })
})

describe('separating facts after a wrong answer', () => {
  it('explain why an extra queue did not match, with a contrasting key the engine routes there', () => {
    const ex = predict('predict-orders')
    const { publish } = explainOnly(ex.scenario)
    const answer = answerOf(publish)
    const grade = gradeRoute(answer, { queues: ['audit', 'billing'], nowhere: null })
    const facts = separatingFacts(ex.scenario, publish, grade)
    const billing = facts.find((f) => f.kind === 'topic' && f.b.destination === 'billing')
    expect(billing).toMatchObject({ matched: false, patternWord: 'paid', keyWord: 'created' })
    expect(facts).toContainEqual({ kind: 'contrast', queue: 'billing', key: 'order.paid' })
    const notify = facts.find((f) => f.kind === 'topic' && f.b.destination === 'notify')
    expect(notify).toMatchObject({ matched: true })
  })

  it('explain a wrong "nowhere" reason through the mandatory flag', () => {
    const ex = predict('predict-unroutable')
    const { publish } = explainOnly(ex.scenario)
    const grade = gradeRoute(answerOf(publish), { queues: [], nowhere: 'dropped' })
    expect(separatingFacts(ex.scenario, publish, grade)).toContainEqual({
      kind: 'mandatory',
      mandatory: true,
      outcome: 'returned',
    })
  })

  it('explain a missed queue reached through the alternate exchange', () => {
    const ex = predict('predict-ae')
    const { publish } = explainOnly(ex.scenario)
    const grade = gradeRoute(answerOf(publish), { queues: [], nowhere: 'returned' })
    expect(grade.missing).toEqual(['lost'])
    expect(separatingFacts(ex.scenario, publish, grade)).toContainEqual({
      kind: 'alternate',
      exchange: 'shop',
      ae: 'unrouted',
      status: 'used',
    })
  })
})

describe('code grading (expected values from the engine)', () => {
  const run = (id: string, code: string) => {
    const ex = byId(id)
    const reply = runJob({ code: js(code), entry: ex.entry, calls: [...ex.visible, ...ex.hidden] }, Function)
    return gradeOutcome(ex, reply)
  }

  it('passes every reference solution and fails every starter', () => {
    for (const ex of CODE_EXERCISES) {
      const good = run(ex.id, ex.solution)
      expect(good.kind === 'graded' && good.firstFailure, ex.id).toBe(null)
      for (const lang of ['en', 'zh-CN'] as const) {
        const starter = run(ex.id, ex.starter[lang])
        expect(starter.kind === 'graded' && starter.firstFailure !== null, ex.id).toBe(true)
      }
    }
  })

  it('shows the first failing case with expected and actual', () => {
    const r = run('code-matcher', 'function matches(p: string, k: string) { return p === k }')
    expect(r.kind).toBe('graded')
    if (r.kind !== 'graded') return
    expect(r.firstFailure).toMatchObject({
      call: 'matches("order.*", "order.created")',
      expected: 'true',
      actual: 'false',
      hidden: false,
    })
  })

  it('reports a thrown error as the actual value', () => {
    const r = run('code-matcher', 'function matches() { throw new Error("boom") }')
    expect(r.kind === 'graded' && r.firstFailure?.actual).toBe('Error: boom')
  })

  it('refuses duplicated queues in the dedup exercise', () => {
    const ex = byId('code-dedup')
    const report = gradeCall(ex, ex.visible[0] as unknown[], { ok: true, value: ['Q1', 'Q1'], ms: 0 }, false)
    expect(report).toMatchObject({ pass: false, note: 'duplicates', expected: '["Q1"]' })
    expect(
      gradeCall(ex, ex.visible[1] as unknown[], { ok: true, value: ['notify', 'audit'], ms: 0 }, false).pass,
    ).toBe(true)
  })

  it('checks the counter-example list against RabbitMQ', () => {
    const ex = byId('code-counterexample')
    const grade = (value: unknown) => gradeCall(ex, [], { ok: true, value, ms: 0 }, false)
    expect(grade([['a.*.c', 'a.b.x.c', true]])).toMatchObject({ pass: false, note: 'wrong-expectation' })
    expect(grade([['a.*.c', 'a.b.c', true]])).toMatchObject({ pass: false, note: 'missing-counterexample' })
    expect(grade([['a.*.c', 'a.b.x.c', false]])).toMatchObject({ pass: false, note: 'missing-control' })
    expect(
      grade([
        ['a.*.c', 'a.b.x.c', false],
        ['a.*.c', 'a..c', true],
      ]).pass,
    ).toBe(true)
    expect(grade('nope')).toMatchObject({ pass: false, note: 'not-array' })
  })

  it('takes the DP table from the engine (3×3 for #.b / a.b, bottom-right true)', () => {
    const ex = byId('code-dp-table')
    const r = gradeCall(ex, ['#.b', 'a.b'], { ok: true, value: null, ms: 0 }, false)
    const table = JSON.parse(r.expected) as boolean[][]
    expect(table).toHaveLength(3)
    expect(table.every((row) => row.length === 3)).toBe(true)
    expect(table[1]).toEqual([true, true, true])
    expect(table[2]?.[2]).toBe(true)
  })
})

describe('binding marks', () => {
  it('pair each scenario binding with the engine’s evaluation and grade the marked set', () => {
    const orders = predict('predict-orders')
    const { publish } = explainOnly(orders.scenario)
    expect([...matchedBindings(orders.scenario, publish)]).toEqual([0, 1])
    expect(gradeBindings(orders.scenario, publish, new Set([0, 2]))).toEqual({
      extra: [2],
      missing: [1],
      score: 0,
      max: 2,
    })
    expect(gradeBindings(orders.scenario, publish, new Set([0, 1]))).toMatchObject({
      extra: [],
      missing: [],
      score: 2,
    })
    // unmarked bindings earn nothing
    expect(gradeBindings(orders.scenario, publish, new Set())).toMatchObject({ score: 0, max: 2 })
  })

  it('tell headers bindings apart by their arguments', () => {
    const h = predict('predict-headers')
    expect([...matchedBindings(h.scenario, explainOnly(h.scenario).publish)]).toEqual([1])
  })

  it('leave bindings of exchanges the message never visited unevaluated', () => {
    const ae = predict('predict-ae')
    const { publish } = explainOnly(ae.scenario)
    // shop's binding is evaluated (no match); the AE's fanout binding matches
    expect(evaluationOf(ae.scenario, publish, 0)?.matched).toBe(false)
    expect([...matchedBindings(ae.scenario, publish)]).toEqual([1])
    const s = {
      ...ae.scenario,
      publishes: [{ id: 'm', exchange: 'shop', routing_key: 'order.created', mandatory: true }],
    }
    expect(evaluationOf(s, explainOnly(s).publish, 1)).toBeNull()
  })
})
