import { describe, expect, it } from 'vitest'
import { answerOf, gradeRoute, scoreMarks } from '../../src/practice/answer'
import { evaluationOf, gradeBindings, matchedBindings } from '../../src/practice/binding-marks'
import { PREDICT } from '../../src/practice/content/load'
import { explainOnly } from '../../src/practice/engine-run'
import { separatingFacts } from '../../src/practice/explain-model'

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
