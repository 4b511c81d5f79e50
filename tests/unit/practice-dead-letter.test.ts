// Generated dead-letter questions: the answer is where the message ends up, and a wrong answer is
// explained with what the queues did (issue 16).
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { answerOf, gradeRoute } from '../../src/practice/answer'
import { explainOnly } from '../../src/practice/engine-run'
import { separatingFacts } from '../../src/practice/explain-model'
import { generateQuestion, LEVELS } from '../../src/practice/generator/generate'
import { GeneratedPrompt } from '../../src/practice/predict/generated-panel'

describe('the deadletter template', () => {
  it('asks where the message ends up: not the queue it left, but the one its dead-lettering reached', () => {
    const q = generateQuestion(7, 1, 'deadletter')
    const { publish } = explainOnly(q.scenario)
    const work = publish.admissions?.find((a) => a.result === 'expired')?.queue as string
    const answer = answerOf(publish)
    expect(answer.queues).not.toContain(work)
    const dlq = publish.deadLetters?.[0]?.queues[0]?.queue as string
    expect(answer.queues).toContain(dlq)
    // Marking the routed queue instead is wrong, and the facts say why.
    const grade = gradeRoute(answer, { queues: [work], nowhere: null })
    expect(grade.correct).toBe(false)
    const kinds = separatingFacts(q.scenario, publish, grade).map((f) => f.kind)
    expect(kinds).toContain('left')
    expect(kinds).toContain('dead-lettered')
  })

  it('covers every overflow mode, a missing DLX and a cycle across seeds', () => {
    const seen = new Set<string>()
    for (const level of LEVELS)
      for (let seed = 0; seed < 200; seed++) {
        const { publish } = explainOnly(generateQuestion(seed, level, 'deadletter').scenario)
        for (const a of publish.admissions ?? []) seen.add(a.result)
        for (const h of publish.deadLetters ?? []) {
          seen.add(h.outcome)
          if (h.cycleDropped.length) seen.add('cycle')
        }
        if (publish.confirm === 'nack') seen.add('nack')
      }
    for (const k of ['expired', 'dropped', 'rejected', 'routed', 'no-exchange', 'cycle', 'nack'])
      expect(seen).toContain(k)
  })

  it('states the queue arguments in the prompt: the learner cannot predict without them', () => {
    const q = generateQuestion(7, 2, 'deadletter')
    const work = q.scenario.queues?.find((x) => x.arguments)
    const out = renderToStaticMarkup(createElement(GeneratedPrompt, { q }))
    expect(out).toContain(`Queue ${work?.name} was declared with`)
    expect(out).toContain('x-dead-letter-exchange: &quot;')
    // Templates without arguments say nothing about queues.
    const plain = renderToStaticMarkup(createElement(GeneratedPrompt, { q: generateQuestion(7, 2, 'topic') }))
    expect(plain).not.toContain('declared with')
  })
})
