import { describe, expect, it } from 'vitest'
import { topicMatchReference } from '../../src/engine'
import { answerOf, gradeRoute, storyAnswer } from '../../src/practice/answer'
import { explainOnly } from '../../src/practice/engine-run'
import {
  generateQuestion,
  LEVEL_POOL,
  LEVELS,
  parseQuestionId,
  TEMPLATE_IDS,
} from '../../src/practice/generator/generate'

const SEEDS = Array.from({ length: 60 }, (_, i) => i * 7919 + 1)

describe('generated questions', () => {
  it('are deterministic: the same seed, level and template give the same scenario', () => {
    for (const level of LEVELS)
      for (const seed of SEEDS.slice(0, 10)) {
        expect(generateQuestion(seed, level)).toEqual(generateQuestion(seed, level))
      }
    // and different seeds do give different questions
    const ids = new Set(SEEDS.map((s) => JSON.stringify(generateQuestion(s, 2, 'topic').scenario)))
    expect(ids.size).toBeGreaterThan(SEEDS.length / 2)
  })

  it('round-trip through their id, so a shared link reproduces the question', () => {
    const q = generateQuestion(123456, 3, 'headers')
    expect(q.id).toBe('gen-headers-3-123456')
    expect(parseQuestionId(q.id)).toEqual(q)
    expect(parseQuestionId('gen-nope-1-1')).toBeNull()
    expect(parseQuestionId('gen-topic-4-1')).toBeNull()
  })

  it('are valid scenarios for every template and level, and the engine’s answer grades as correct', () => {
    for (const template of TEMPLATE_IDS)
      for (const level of LEVELS)
        for (const seed of SEEDS.slice(0, 25)) {
          const q = generateQuestion(seed, level, template)
          const { run, publish } = explainOnly(q.scenario)
          // only the declare-rules template has refusals: the queue under test (406) and its binding (404)
          if (template === 'qdeclare')
            for (const e of run.result.errors)
              expect([e.stage, e.code], `${q.id}: ${e.text}`).toSatisfy(
                ([stage, code]) =>
                  (stage === 'declare' && code === 406) || (stage === 'bind' && code === 404),
              )
          else expect(run.result.errors, q.id).toEqual([])
          const answer = answerOf(publish)
          // The answer is where the message is once the broker is done: the queues holding it.
          const holding = Object.entries(run.result.queues).filter(([, ids]) => ids.includes(publish.id))
          expect(answer.queues, q.id).toEqual(holding.map(([name]) => name).sort())
          expect(answer.outcome === 'routed', q.id).toBe(answer.queues.length > 0)
          const nowhere =
            answer.outcome === 'returned' || answer.outcome === 'dropped' ? answer.outcome : null
          // the engine's own answer, in any order and with duplicates, is accepted …
          const guess = { queues: [...answer.queues].reverse().concat(answer.queues), nowhere }
          expect(gradeRoute(answer, guess).correct, q.id).toBe(true)
          // … and flipping one queue is not
          const flip = q.candidates[0] as string
          const other = answer.queues.includes(flip)
            ? answer.queues.filter((x) => x !== flip)
            : [...answer.queues, flip]
          expect(gradeRoute(answer, { queues: other, nowhere: null }).correct, q.id).toBe(false)
        }
  })

  it('topic answers agree with the engine’s brute-force reference matcher', () => {
    for (const level of LEVELS)
      for (const seed of SEEDS) {
        const q = generateQuestion(seed, level, 'topic')
        const key = q.scenario.publishes?.[0]?.routing_key ?? ''
        const expected = [
          ...new Set(
            (q.scenario.bindings ?? [])
              .filter((b) => topicMatchReference(b.routing_key, key))
              .map((b) => b.destination),
          ),
        ].sort()
        expect(answerOf(explainOnly(q.scenario).publish).queues, q.id).toEqual(expected)
      }
  })

  it('cover both routed and unroutable outcomes at every level', () => {
    for (const level of LEVELS) {
      const outcomes = new Set<string>()
      for (const seed of SEEDS)
        outcomes.add(answerOf(explainOnly(generateQuestion(seed, level).scenario).publish).outcome)
      expect([...outcomes].sort(), `level ${level}`).toEqual(
        expect.arrayContaining(['dropped', 'returned', 'routed']),
      )
      expect(LEVEL_POOL[level].length).toBeGreaterThan(0)
    }
  })

  it('level 3 produces the corner cases: empty words or the empty key, x- header arguments, exchange cycles, missing AE', () => {
    const texts = SEEDS.map((s) => JSON.stringify(generateQuestion(s, 3).scenario)).join('\n')
    expect(texts).toMatch(/"routing_key":"(|order\.\.paid|order\.)"/)
    expect(texts).toContain('x-trace')
    expect(texts).toContain('missing-ae')
    expect(texts).toContain('"source":"fan","destination":"ingress"')
  })

  it('qdeclare: the queue under test is accepted in some questions and refused in others, at every level', () => {
    for (const level of LEVELS) {
      const seen = new Set<string>()
      for (const seed of SEEDS) {
        const q = generateQuestion(seed, level, 'qdeclare')
        const { run } = explainOnly(q.scenario)
        const refused = run.result.errors.filter((e) => e.stage === 'declare')
        seen.add(refused.length === 0 ? 'accepted' : 'refused')
        // a refused queue is not there, so its binding fails and the message cannot be in it
        for (const e of refused) {
          const name = e.id.replace(/^queue:/, '')
          expect(run.result.queues[name], q.id).toBeUndefined()
          expect(
            run.result.errors.some((b) => b.stage === 'bind' && b.code === 404),
            q.id,
          ).toBe(true)
        }
      }
      expect([...seen].sort(), `level ${level}`).toEqual(['accepted', 'refused'])
    }
  })

  it('qlimit: the story ends where the profile’s delivery-limit rules put the message (4.0: limit 20, every return; 4.3: nack not counted; 3.10: no default)', () => {
    const seen = new Set<string>()
    for (const level of LEVELS)
      for (const seed of SEEDS) {
        const q = generateQuestion(seed, level, 'qlimit')
        const story = q.story
        if (!story) throw new Error(`${q.id} has no story`)
        const work = q.scenario.queues?.find((x) => x.name === story.queue)
        const args = (work?.arguments ?? {}) as Record<string, unknown>
        const profile = story.script.profile
        const limit =
          typeof args['x-delivery-limit'] === 'number'
            ? args['x-delivery-limit']
            : profile === 'rabbitmq-3.10'
              ? null
              : 20
        const counted = story.how === 'nack' && profile === 'rabbitmq-4' ? 0 : story.returns
        const cut = limit !== null && counted > limit
        const parking = q.scenario.bindings?.find((b) => b.source === 'dlx')?.destination
        const end = storyAnswer(story.script)
        const dlx = Boolean(args['x-dead-letter-exchange'])
        // over the limit without a dead-letter exchange the queue drops it (discarded, no x-death)
        expect(end.deadLettered, q.id).toBe(cut && dlx ? 'delivery_limit' : null)
        expect(end.deliveries, q.id).toBe(cut ? (limit as number) + 1 : story.returns + 1)
        const want = !cut ? [story.queue] : dlx ? [parking] : []
        expect(end.answer.queues, q.id).toEqual(want)
        seen.add(want.length === 0 ? 'gone' : want[0] === story.queue ? 'kept' : 'dead-lettered')
        expect(parseQuestionId(q.id), q.id).toEqual(q)
      }
    expect([...seen].sort()).toEqual(['dead-lettered', 'gone', 'kept'])
  })
})
