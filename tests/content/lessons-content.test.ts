/**
 * Lesson content is data, so it is checked like data: the manifest matches the folders, both
 * languages parse with the same steps, every topology is a valid scenario, and every result a step
 * states is what the engine computes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentErrorText } from '../../src/content/errors'
import { runTimeline, type TimelineRun, topicDpTrace } from '../../src/engine'
import { analyzeStep } from '../../src/lessons/analysis-step'
import { hasLessonLanguage, loadLessons, prepareLessons } from '../../src/lessons/content-load'
import type { Block, LessonStep } from '../../src/lessons/content-types'
import { buildLessons, lessonText } from '../../src/lessons/content-validate'
import { parseInline } from '../../src/lessons/markdown'
import { runStep } from '../../src/lessons/run-step'
import { storyOutline } from '../../src/lessons/story-outline'
import { deliveredTo, finalState, queueCounts } from '../../src/lessons/timeline-question'
import { checkClaim } from './lesson-claims'

/** The inline code of some blocks (names, keys, ids). */
function codeWords(blocks: Block[]): string[] {
  return inlinesOf(blocks)
    .filter((i) => i.kind === 'code')
    .map((i) => i.text)
}
function plainText(blocks: Block[]): string {
  return inlinesOf(blocks)
    .map((i) => i.text)
    .join('')
}
function inlinesOf(blocks: Block[]) {
  return blocks.flatMap((b) =>
    b.kind === 'p' ? b.inlines : b.kind === 'table' ? [...b.head, ...b.rows.flat()].flat() : b.items.flat(),
  )
}

/** Every message id handed to `consumer`, in order, redeliveries included. */
function deliveredIds(run: TimelineRun, consumer: string): string[] {
  return run.frames.flatMap((f) =>
    f.events.flatMap((e) => (e.kind === 'delivered' && e.consumer === consumer ? [e.message] : [])),
  )
}

/**
 * What a step's title gives away before the learner answers: a queue or consumer of the answer,
 * a word that states an outcome, or (for a routing question) how many queues are reached. The
 * title is shown in the step tabs and above the question, so it must name the situation only.
 */
const OUTCOME_WORDS = {
  en: /\b(return(s|ed)?|drop(s|ped)?|discard(s|ed)?|lost|gone|rescue[sd]?|catch(es|ing)?|caught|cop(y|ies)|still|only|never|nothing|nowhere|exception|not used|ignored?|plain text|counts?|zero|too many|same as|redeliver(y|ed)?)\b/i,
  'zh-CN':
    /退回|返回|丢|一份|仍然|只有|只给|例外|不生效|不等于|消失|接住|普通字符|算数|不能|零|什么都不|多了|重新投递/,
}
const HOW_MANY = {
  en: /\b(one|two|three|four|five|six|several|both|all|every|no|single) queues?\b/i,
  'zh-CN': /[一二两三四五六几多]个队列|所有队列|每个队列|都/,
}
function titleSpoilers(title: string, lang: 'en' | 'zh-CN', step: LessonStep): string[] {
  const out: string[] = []
  const words = new Set(
    parseInline(title).flatMap((i) => i.text.split(/[^\w.\-/]+/u).filter((w) => w !== '')),
  )
  const answer: string[] = []
  const p = step.ask ? runStep(step)?.publishes.find((x) => x.id === step.ask) : undefined
  if (p) answer.push(...p.queues.map((q) => q.queue))
  const q = step.timeline?.ask
  if (q?.kind === 'deliveries')
    answer.push(...deliveredTo(runTimeline(step.timeline?.script as never), q.message))
  for (const a of answer) if (words.has(a)) out.push(`names ${a}, part of the answer`)
  const said = title.match(OUTCOME_WORDS[lang])
  if (said) out.push(`says "${said[0]}"`)
  const many = p ? title.match(HOW_MANY[lang]) : null
  if (many) out.push(`counts the queues: "${many[0]}"`)
  return out
}

const ROOT = join(__dirname, '../../lessons')
const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8')) as { lessons: string[] }

function readFromDisk(path: string): unknown {
  const file = join(ROOT, path)
  if (!existsSync(file)) return undefined
  const raw = readFileSync(file, 'utf8')
  return path.endsWith('.json') ? JSON.parse(raw) : raw
}
const textFromDisk = (path: string) => {
  const file = join(ROOT, path)
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined
}
const built = buildLessons(manifest, readFromDisk, textFromDisk)

function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing: ${what}`)
  return value
}

/** Lesson folders are the ones named NN-slug or holding a lesson.json (lessons/practice belongs to quizzes). */
const lessonFolders = readdirSync(ROOT).filter(
  (d) =>
    statSync(join(ROOT, d)).isDirectory() && (/^\d\d-/.test(d) || existsSync(join(ROOT, d, 'lesson.json'))),
)

describe('lesson manifest', () => {
  it('lists every lesson folder exactly once, and nothing else', () => {
    expect([...manifest.lessons].sort()).toEqual([...lessonFolders].sort())
    expect(new Set(manifest.lessons).size).toBe(manifest.lessons.length)
  })
  it('has no validation errors and loads every lesson', () => {
    expect(built.errors).toEqual([])
    expect(built.lessons.map((l) => l.id)).toEqual(manifest.lessons)
  })
  it('leaves no file in a lesson folder unused', () => {
    for (const lesson of built.lessons) {
      const used = new Set([
        'lesson.json',
        'en.md',
        'zh-CN.md',
        ...lesson.steps.map((s) => (s.scenarioFile ?? s.script?.file)?.split('/')[1]),
        ...lesson.steps.map((s) => s.timeline?.file.split('/')[1]),
        ...lesson.steps.map((s) =>
          s.analysis?.kind === 'diff' ? s.analysis.other.file.split('/')[1] : undefined,
        ),
      ])
      for (const f of readdirSync(join(ROOT, lesson.id)))
        expect(used, `${lesson.id}/${f} is an orphan`).toContain(f)
    }
  })
  it('is what the app bundles (Vite glob loader gives the same lessons), one language at a time', async () => {
    expect(hasLessonLanguage('zh-CN')).toBe(false)
    await prepareLessons('zh-CN')
    const zh = loadLessons()
    expect(zh.errors).toEqual([])
    expect(zh.lessons.map((l) => Object.keys(l.text))).toEqual(built.lessons.map(() => ['zh-CN']))
    // asked twice at once (a switch of language while the idle preload runs): one load, then ready
    const both = Promise.all([prepareLessons('en'), prepareLessons('en')])
    expect(hasLessonLanguage('en')).toBe(false)
    await both
    expect(hasLessonLanguage('en')).toBe(true)
    const app = loadLessons()
    expect(app.errors).toEqual([])
    expect(app.lessons).toEqual(built.lessons)
  })
})

describe('the validator catches broken content', () => {
  const good = (path: string) => readFromDisk(path)
  it('names a misspelt key in lesson.json with its path, line and column', () => {
    const source = must(textFromDisk('04-topic-dp/lesson.json'), 'lesson.json')
    const at = source.indexOf('"widget"', source.indexOf('"id": "eu"'))
    const edited = `${source.slice(0, at)}"widgte"${source.slice(at + 8)}`
    const r = buildLessons(
      { lessons: ['04-topic-dp'] },
      (p) => (p.endsWith('lesson.json') ? JSON.parse(edited) : good(p)),
      (p) => (p.endsWith('lesson.json') ? edited : textFromDisk(p)),
    )
    const line = source.slice(0, at).split('\n').length
    const column = at - source.lastIndexOf('\n', at - 1)
    expect(r.errors).toEqual([
      { file: '04-topic-dp/lesson.json', message: 'steps[1].widgte: unknown field', line, column },
    ])
    expect(contentErrorText(must(r.errors[0], 'error'))).toBe(
      `04-topic-dp/lesson.json:${line}:${column}: steps[1].widgte: unknown field`,
    )
  })
  it('refuses unknown keys at every level: the lesson, a claim, an expectation, the manifest', () => {
    const edit = (lesson: string, change: (l: Record<string, unknown>) => void) =>
      buildLessons({ lessons: [lesson] }, (p) => {
        const v = good(p)
        if (!p.endsWith('lesson.json')) return v
        const copy = structuredClone(v) as Record<string, unknown>
        change(copy)
        return copy
      }).errors.map((e) => e.message)
    type Steps = { steps: Record<string, Record<string, unknown>>[] }
    expect(edit('02-direct', (l) => Object.assign(l, { titel: 'x' }))).toEqual(['titel: unknown field'])
    expect(
      edit('05-fanout', (l) => {
        ;((l as Steps).steps[0] as Record<string, unknown>).claims = [
          { kind: 'copies', says: '9', sais: '9' },
        ]
      }),
    ).toEqual(['steps[0].claims[0].sais: unknown field'])
    expect(
      edit('02-direct', (l) => {
        const e = (l as Steps).steps[0]?.expect as Record<string, Record<string, unknown>>
        Object.assign(e.m1 as object, { queue: ['x'] })
      }),
    ).toEqual(['steps[0].expect.m1.queue: unknown field'])
    expect(buildLessons({ lessons: [], order: [] }, good).errors).toEqual([
      { file: 'manifest.json', message: 'order: unknown field' },
    ])
  })
  it('names a missing language file', () => {
    const r = buildLessons({ lessons: ['02-direct'] }, (p) => (p.endsWith('zh-CN.md') ? undefined : good(p)))
    expect(r.errors).toEqual([{ file: '02-direct/zh-CN.md', message: 'missing' }])
  })
  it('names a language whose steps differ', () => {
    const r = buildLessons({ lessons: ['02-direct'] }, (p) =>
      p.endsWith('en.md') ? String(good(p)).replace('## bytes:', '## other:') : good(p),
    )
    expect(r.errors[0]?.file).toBe('02-direct/en.md')
    expect(r.errors[0]?.message).toMatch(/differ/)
  })
  it('names an invalid scenario and an unstated publish', () => {
    const bad = buildLessons({ lessons: ['02-direct'] }, (p) =>
      p.endsWith('exact.scenario.json') ? { bindings: [{ source: 'x' }] } : good(p),
    )
    expect(bad.errors[0]?.file).toBe('02-direct/exact.scenario.json')
    const unstated = buildLessons({ lessons: ['02-direct'] }, (p) => {
      const v = good(p)
      if (!p.endsWith('lesson.json')) return v
      const copy = structuredClone(v) as { steps: { expect: Record<string, unknown> }[] }
      delete copy.steps[0]?.expect.m2
      return copy
    })
    expect(unstated.errors[0]?.message).toMatch(/no expectation for publish "m2"/)
  })
  it('names a step that asks but tells its outcome before the answer', () => {
    const r = buildLessons({ lessons: ['02-direct'] }, (p) =>
      p.endsWith('zh-CN.md') ? String(good(p)).replace(/\n---\n/g, '\n') : good(p),
    )
    expect(r.errors).toEqual([
      {
        file: '02-direct/zh-CN.md',
        message: 'step "exact" asks a question: its outcome text belongs below a --- line',
      },
    ])
  })
  it('names an ask that is not a publish of the step, and a broken timeline', () => {
    const edit = (change: (steps: Record<string, unknown>[]) => void) =>
      buildLessons({ lessons: ['11-independent-competing'] }, (p) => {
        const v = good(p)
        if (!p.endsWith('lesson.json')) return v
        const copy = structuredClone(v) as { steps: Record<string, unknown>[] }
        change(copy.steps)
        return copy
      })
    const badAsk = edit((steps) => {
      ;(steps[0] as Record<string, unknown>).ask = 'zz'
    })
    expect(badAsk.errors[0]?.message).toMatch(/steps\[0\]\.ask: "zz" is not a publish/)
    const badTimeline = buildLessons({ lessons: ['11-independent-competing'] }, (p) =>
      p.endsWith('competing.timeline.json') ? { steps: [{ op: 'consume' }] } : good(p),
    )
    expect(badTimeline.errors[0]?.file).toBe('11-independent-competing/competing.timeline.json')
  })
  it('names a step without a topology (no scenario, no script: nothing to draw)', () => {
    const r = buildLessons({ lessons: ['11-independent-competing'] }, (p) => {
      const v = good(p)
      if (!p.endsWith('lesson.json')) return v
      const copy = structuredClone(v) as { steps: Record<string, unknown>[] }
      delete (copy.steps[2] as Record<string, unknown>).scenario
      return copy
    })
    expect(r.errors).toEqual([
      {
        file: '11-independent-competing/lesson.json',
        message:
          'steps[2]: every step needs a "scenario" or a "script" (its topology is the step\'s diagram)',
      },
    ])
  })
  it('names the line of a broken script', () => {
    const r = buildLessons({ lessons: ['12-binding-lifecycle'] }, (p) =>
      p.endsWith('timeline.amqp') ? 'queue declare audit\nbind queue audit to\n' : good(p),
    )
    expect(r.errors[0]?.file).toBe('12-binding-lifecycle/timeline.amqp')
    expect(r.errors[0]?.message).toMatch(/^line 2: /)
  })
})

describe('figures stated in prose (claims)', () => {
  const find = (lesson: string, id: string) => {
    const l = must(
      built.lessons.find((x) => x.id === lesson),
      lesson,
    )
    const n = l.steps.findIndex((s) => s.id === id)
    const step = must(l.steps[n], id)
    const texts = {
      en: must(lessonText(l, 'en').steps[n], 'en'),
      'zh-CN': must(lessonText(l, 'zh-CN').steps[n], 'zh'),
    }
    return { step, texts, run: runStep(step) }
  }
  it('covers the figures the lessons state', () => {
    const kinds = built.lessons.flatMap((l) =>
      l.steps.flatMap((s) => (s.claims ?? []).map((c) => `${s.id}:${c.kind}`)),
    )
    expect(kinds.sort()).toEqual(
      [
        'broadcast:copies',
        'cost:dp-size',
        'delete:trie-removal',
        'hash-closure:trie-states',
        'table:dp-table',
        'switch:refusal',
        ...Array(4).fill('refusals:refusal'),
        ...Array(3).fill('poison:profile-run'),
        ...Array(3).fill('reject:profile-run'),
        'coverage:requirement',
        'coverage:requirement',
        'redundancy:diff',
        'redundancy:lint',
        'overlap:requirement',
        'overlap:requirement',
        'new-shape:requirement',
        'new-shape:requirement',
        'widen:diff',
        'second-consumer:diff',
        'retire:diff',
      ].sort(),
    )
  })
  it('state every answer of a question about every message: each requirement, each whole diff', () => {
    for (const lesson of built.lessons)
      for (const s of lesson.steps) {
        const answer = analyzeStep(s)
        if (!answer) continue
        const claims = s.claims ?? []
        if (answer.kind === 'check')
          for (const r of answer.requirements)
            expect(
              claims.some((c) => c.kind === 'requirement' && c.text === r.text),
              `${lesson.id}/${s.id}: no claim for ${r.text}`,
            ).toBe(true)
        else
          expect(
            claims.some((c) => c.kind === 'diff'),
            `${lesson.id}/${s.id}: no diff claim`,
          ).toBe(true)
      }
  })
  it('of the analysis fail when the witness, the verdict, the diff or the text disagree', () => {
    const cov = find('15-key-design', 'coverage')
    const req = must(
      cov.step.claims?.find((c) => c.kind === 'requirement' && !c.holds),
      'a failing requirement claim',
    )
    expect(
      checkClaim(
        { ...req, witness: 'order.other' } as typeof req,
        cov.run,
        cov.step.ask,
        cov.texts,
        undefined,
        cov.step,
      ),
    ).not.toEqual([])
    expect(
      checkClaim(
        { ...req, holds: true } as typeof req,
        cov.run,
        cov.step.ask,
        cov.texts,
        undefined,
        cov.step,
      ),
    ).not.toEqual([])
    const edited = structuredClone(cov.texts)
    edited.en.after = edited.en.after.map((b) =>
      b.kind === 'p'
        ? { ...b, inlines: b.inlines.filter((i) => !(i.kind === 'code' && i.text === 'order')) }
        : b,
    )
    expect(checkClaim(req, cov.run, cov.step.ask, edited, undefined, cov.step)).toEqual([
      'en: the text does not name `order`',
    ])
    const mig = find('15-key-design', 'second-consumer')
    const diff = must(
      mig.step.claims?.find((c) => c.kind === 'diff'),
      'a diff claim',
    )
    expect(
      checkClaim(
        { ...diff, copies: [] } as typeof diff,
        mig.run,
        mig.step.ask,
        mig.texts,
        undefined,
        mig.step,
      ),
    ).not.toEqual([])
    const red = find('15-key-design', 'redundancy')
    const lint = must(
      red.step.claims?.find((c) => c.kind === 'lint'),
      'a lint claim',
    )
    expect(
      checkClaim(
        { ...lint, keys: ['order.*'] } as typeof lint,
        red.run,
        red.step.ask,
        red.texts,
        undefined,
        red.step,
      ),
    ).not.toEqual([])
  })
  it('fail when the figure, the text or the engine disagree', () => {
    const cost = find('04-topic-dp', 'cost')
    const claim = must(cost.step.claims?.[0], 'claim')
    expect(
      checkClaim({ ...claim, says: '6 × 7 = 43' } as typeof claim, cost.run, cost.step.ask, cost.texts),
    ).not.toEqual([])
    // the same claim about another key: the engine's table has another size
    expect(
      checkClaim({ ...claim, key: 'a.b.c' } as typeof claim, cost.run, cost.step.ask, cost.texts),
    ).not.toEqual([])
    const fan = find('05-fanout', 'broadcast')
    const edited = structuredClone(fan.texts)
    edited['zh-CN'].after = edited['zh-CN'].after.map((b) =>
      b.kind === 'p'
        ? { ...b, inlines: b.inlines.map((i) => ({ ...i, text: i.text.replace('9', '十') })) }
        : b,
    )
    expect(checkClaim(must(fan.step.claims?.[0], 'claim'), fan.run, fan.step.ask, edited)).toEqual([
      'zh-CN: the text does not say "9"',
    ])
    const table = find('04-topic-dp', 'table')
    const flipped = structuredClone(table.texts)
    const t = flipped.en.after.find((b) => b.kind === 'table')
    if (t?.kind === 'table') (t.rows[2]?.[1] ?? [])[0] = { kind: 'text', text: '✓' }
    expect(
      checkClaim(must(table.step.claims?.[0], 'claim'), table.run, table.step.ask, flipped),
    ).toHaveLength(1)
    const refused = find('16-queue-types', 'refusals')
    const refusal = must(refused.step.claims?.[0], 'claim')
    expect(
      checkClaim({ ...refusal, code: 405 } as typeof refusal, refused.run, refused.step.ask, refused.texts),
    ).toEqual([
      'the engine answers queue:jobs with 406, the claim says 405',
      'en: the text does not say "405"',
      'zh-CN: the text does not say "405"',
    ])
    expect(
      checkClaim(
        { ...refusal, op: 'queue:other' } as typeof refusal,
        refused.run,
        refused.step.ask,
        refused.texts,
      ),
    ).toContain('the engine does not refuse queue:other')
    const poison = find('16-queue-types', 'poison')
    const run43 = must(poison.step.claims?.[2], 'claim')
    const script = poison.step.timeline?.script
    expect(
      checkClaim(
        { ...run43, reason: 'delivery_limit' } as typeof run43,
        poison.run,
        undefined,
        poison.texts,
        script,
      ),
    ).toContain('under rabbitmq-4 job1 is dead-lettered with null, the claim says delivery_limit')
    expect(
      checkClaim({ ...run43, deliveries: '21' } as typeof run43, poison.run, undefined, poison.texts, script),
    ).toContain('under rabbitmq-4 job1 is delivered 22 times, the claim says 21')
    const del = find('13-trie', 'delete')
    const removal = must(del.step.claims?.[0], 'claim')
    expect(
      checkClaim({ ...removal, pruned: ['paid', 'eu'] } as typeof removal, del.run, del.step.ask, del.texts),
    ).not.toEqual([])
  })
  it('are validated for shape, with the step named', () => {
    const r = buildLessons({ lessons: ['05-fanout'] }, (p) => {
      const v = readFromDisk(p)
      if (!p.endsWith('lesson.json')) return v
      const copy = structuredClone(v) as { steps: Record<string, unknown>[] }
      ;(copy.steps[0] as Record<string, unknown>).claims = [{ kind: 'copies', says: 9 }]
      return copy
    })
    expect(r.errors).toEqual([
      { file: '05-fanout/lesson.json', message: 'steps[0].claims[0].says: expected a string' },
    ])
  })
})

describe('step titles', () => {
  const step = (lesson: string, id: string) =>
    must(
      built.lessons.find((l) => l.id === lesson)?.steps.find((s) => s.id === id),
      `${lesson}/${id}`,
    )
  it('catch titles that tell the answer (the check can fail)', () => {
    const spoilers: [string, string, 'en' | 'zh-CN', string][] = [
      ['04-topic-dp', 'eu', 'en', 'One word too many'],
      ['04-topic-dp', 'zero', 'zh-CN', '`#` 可以什么都不取'],
      ['04-topic-dp', 'star-one', 'en', '`*` never spans two words'],
      ['02-direct', 'plain-text', 'en', 'Wildcards are plain text here'],
      ['08-dedup', 'three-bindings', 'en', 'Three bindings, still one copy'],
      ['08-dedup', 'three-bindings', 'zh-CN', '三个绑定，仍然一份'],
      ['11-independent-competing', 'redelivery', 'en', '"Only one of them" has an exception'],
      ['11-independent-competing', 'competing', 'en', 'o2 goes to notifier-2'],
      ['09-e2e-alternate', 'dead-end', 'zh-CN', '备用交换机不生效的情况'],
      ['06-default-exchange', 'vhosts', 'en', 'Same name, two queues'],
      ['05-fanout', 'broadcast', 'zh-CN', '三条消息，三个队列'],
      ['09-e2e-alternate', 'alternate', 'en', 'Catching it in `unrouted`'],
    ]
    for (const [lesson, id, lang, title] of spoilers)
      expect(titleSpoilers(title, lang, step(lesson, id)), `${lesson}/${id}: ${title}`).not.toEqual([])
  })
  it('name the situation, not the result, in both languages', () => {
    const found: string[] = []
    for (const lesson of built.lessons)
      for (const lang of ['en', 'zh-CN'] as const)
        for (const [n, s] of lesson.steps.entries()) {
          const title = lessonText(lesson, lang).steps[n]?.title ?? ''
          for (const why of titleSpoilers(title, lang, s))
            found.push(`${lesson.id}/${s.id} ${lang} "${title}": ${why}`)
        }
    expect(found).toEqual([])
  })
})

describe.each(built.lessons.map((l) => [l.id, l] as const))('lesson %s', (_id, lesson) => {
  it('has a title and text for every step in both languages', () => {
    for (const lang of ['en', 'zh-CN'] as const) {
      const t = lessonText(lesson, lang)
      expect(t.title.trim()).not.toBe('')
      expect(t.steps.map((s) => s.id)).toEqual(lesson.steps.map((s) => s.id))
      for (const s of t.steps) expect(s.blocks.length, `${lang}/${s.id}`).toBeGreaterThan(0)
    }
    // no markup left over as visible characters (an unclosed mark or a form the parser does not know)
    for (const lang of ['en', 'zh-CN'] as const) {
      const t = lessonText(lesson, lang)
      const blocks = [...t.intro, ...t.steps.flatMap((s) => [...s.blocks, ...s.after])]
      const inlines = [
        ...[t.title, ...t.steps.map((s) => s.title)].flatMap((x) => parseInline(x)),
        ...blocks.flatMap((b) =>
          b.kind === 'p'
            ? b.inlines
            : b.kind === 'table'
              ? [...b.head, ...b.rows.flat()].flat()
              : b.items.flat(),
        ),
      ]
      for (const i of inlines.filter((x) => x.kind === 'text'))
        expect(i.text, `${lang}: stray markup in "${i.text}"`).not.toMatch(/`|\*\*|(^|\s)_\S|\S_(\s|$)/)
    }
    // the Chinese text is really Chinese, not a copy of the English
    expect(lessonText(lesson, 'zh-CN').title).toMatch(/[\u4e00-\u9fff]/)
  })

  for (const step of lesson.steps.filter((s) => s.scenario || s.script)) {
    it(`step ${step.id}: the engine computes what the step states`, () => {
      const run = must(runStep(step), 'a run')
      for (const p of run.publishes) {
        const want = must(step.expect[p.id], `expectation of ${p.id}`)
        expect(p.outcome.kind, `${step.id}/${p.id} outcome`).toBe(want.outcome)
        expect([...p.queues.map((q) => q.queue)].sort(), `${step.id}/${p.id} queues`).toEqual(
          [...want.queues].sort(),
        )
        if (want.code !== undefined) expect(p.outcome.kind === 'error' && p.outcome.code).toBe(want.code)
      }
      expect(run.publishes.map((p) => p.id).sort()).toEqual(Object.keys(step.expect).sort())
      // no error other than the ones the step announces as its outcome
      // (and the refusals of declarations and bindings its claims state)
      const announced = [
        ...Object.entries(step.expect)
          .filter(([, e]) => e.outcome === 'error')
          .map(([id]) => id),
        ...(step.claims ?? []).flatMap((c) => (c.kind === 'refusal' ? [c.op] : [])),
      ].sort()
      expect(run.result.errors.map((e) => e.id).sort()).toEqual(announced)
      for (const [queue, ids] of Object.entries(step.queueContents ?? {}))
        expect(run.result.queues[queue], `${step.id}: contents of ${queue}`).toEqual(ids)
    })
  }

  for (const [n, step] of lesson.steps.entries()) {
    const asksRoute = step.ask !== undefined
    const asksTimeline = step.timeline?.ask !== undefined
    if (!asksRoute && !asksTimeline) continue
    it(`step ${step.id}: the answer text names what the engine computed, in both languages`, () => {
      for (const lang of ['en', 'zh-CN'] as const) {
        const st = must(lessonText(lesson, lang).steps[n], `${lang} text`)
        const before = codeWords(st.blocks)
        const after = codeWords(st.after)
        const plain = plainText(st.after)
        if (asksRoute) {
          const p = must(
            must(runStep(step), 'run').publishes.find((x) => x.id === step.ask),
            'asked publish',
          )
          expect(before, `${lang}/${step.id}: the question names its message`).toContain(p.id)
          for (const q of p.queues) {
            const named = [q.queue, `${p.vhost}/${q.queue}`]
            expect(
              named.some((x) => after.includes(x)),
              `${lang}/${step.id}: the answer names ${q.queue}`,
            ).toBe(true)
          }
          if (p.outcome.kind === 'returned') expect(plain, `${lang}/${step.id}`).toMatch(/312|return|退回/i)
          if (p.outcome.kind === 'dropped') expect(plain, `${lang}/${step.id}`).toMatch(/drop|丢/i)
        }
        const q = step.timeline?.ask
        if (q) {
          const run = runTimeline(must(step.timeline, 'timeline').script)
          if (q.kind === 'deliveries')
            for (const c of deliveredTo(run, q.message))
              expect(after, `${lang}/${step.id}: the answer names ${c}`).toContain(c)
          else {
            const c = queueCounts(finalState(run), q.queue)
            expect(plain, `${lang}/${step.id}: ready ${c.ready}`).toMatch(
              new RegExp(`(ready|就绪) ${c.ready}`, 'i'),
            )
            expect(plain, `${lang}/${step.id}: unacked ${c.unacked}`).toMatch(
              new RegExp(`(unacked|未确认) ${c.unacked}`, 'i'),
            )
          }
        }
      }
    })
  }

  for (const [n, step] of lesson.steps.entries()) {
    if (!step.analysis) continue
    it(`step ${step.id}: the analysis decides its question, and the answer text names every witness`, () => {
      const answer = must(analyzeStep(step), 'an analysis answer')
      const witnesses =
        answer.kind === 'check'
          ? answer.requirements.map((r) => {
              expect(
                r.holds,
                `${step.id}: ${r.text} is decided (${r.error ?? 'within the budget'})`,
              ).not.toBeNull()
              return r.counterexample?.routing_key
            })
          : answer.diff.changes.map((c) => c.witness.routing_key)
      if (answer.kind === 'diff') expect(answer.diff.undecided, step.id).toEqual([])
      for (const lang of ['en', 'zh-CN'] as const) {
        const after = codeWords(must(lessonText(lesson, lang).steps[n], `${lang} text`).after)
        for (const w of witnesses)
          if (w !== undefined) expect(after, `${lang}/${step.id}: the answer names ${w}`).toContain(w)
      }
    })
  }

  for (const step of lesson.steps.filter((s) => s.timeline)) {
    it(`step ${step.id}: the timeline ends as the step states`, () => {
      const tl = must(step.timeline, 'timeline')
      const run = runTimeline(tl.script)
      const end = finalState(run)
      const expected = tl.expect
      expect(
        expected.consumers ?? expected.queues,
        `${step.id} states nothing about its timeline`,
      ).toBeDefined()
      for (const [consumer, ids] of Object.entries(expected.consumers ?? {}))
        expect(deliveredIds(run, consumer), `${step.id}: deliveries to ${consumer}`).toEqual(ids)
      for (const [queue, counts] of Object.entries(expected.queues ?? {}))
        expect(queueCounts(end, queue), `${step.id}: ${queue} at the end`).toEqual(counts)
      // nothing refused unless the script says it expects it
      for (const f of run.frames)
        if (!f.op.expectError)
          expect(
            f.events.filter((e) => e.kind === 'error'),
            `${step.id}: step ${f.index + 1}`,
          ).toEqual([])
      if (tl.ask?.kind === 'deliveries') expect(deliveredTo(run, tl.ask.message).length).toBeGreaterThan(0)
      if (tl.ask?.kind === 'counts')
        expect(expected.queues?.[tl.ask.queue]).toEqual(queueCounts(end, tl.ask.queue))
    })
  }

  for (const [n, step] of lesson.steps.entries())
    if (step.claims)
      it(`step ${step.id}: the figures its text states are what the engine computes`, () => {
        const texts = {
          en: must(lessonText(lesson, 'en').steps[n], 'en text'),
          'zh-CN': must(lessonText(lesson, 'zh-CN').steps[n], 'zh-CN text'),
        }
        for (const claim of step.claims ?? [])
          expect(
            checkClaim(claim, runStep(step), step.ask, texts, step.timeline?.script, step),
            claim.kind,
          ).toEqual([])
      })

  for (const step of lesson.steps.filter((s) => s.timeline && s.scenario)) {
    it(`step ${step.id}: the diagram's messages are the story's messages`, () => {
      const key = (p: { id: string; exchange: string; routing_key: string }) =>
        `${p.id} → ${p.exchange} [${p.routing_key}]`
      const drawn = (step.scenario?.publishes ?? []).map(key)
      const told = (step.timeline?.script.steps ?? []).flatMap((op) =>
        op.op === 'publish' ? [key(op.publish)] : [],
      )
      const toldIds = new Set(told.map((k) => k.split(' ')[0]))
      // a message id used by both is published the same way in both
      for (const d of drawn) if (toldIds.has(d.split(' ')[0])) expect(told, step.id).toContain(d)
      // a step that asks about its story draws exactly the story's messages
      if (step.timeline?.ask) expect(drawn, step.id).toEqual(told)
    })
  }

  for (const step of lesson.steps.filter((s) => s.timeline?.ask)) {
    it(`step ${step.id}: the story shown before the answer does not tell it`, () => {
      const tl = must(step.timeline, 'timeline')
      const q = must(tl.ask, 'question')
      const rows = storyOutline(tl.script.steps, q)
      const shown = rows.map((r) => (r.kind === 'op' ? r.text : '')).join('\n')
      // no note: they narrate what happens
      for (const op of tl.script.steps)
        for (const note of Object.values(op.note ?? {})) expect(shown).not.toContain(note)
      if (q.kind === 'deliveries') {
        // who settles what cannot be read off the outline: give every settlement to another channel
        // and message, and the outline stays the same
        const moved = tl.script.steps.map((op) =>
          ['ack', 'nack', 'reject', 'get'].includes(op.op)
            ? ({ ...op, channel: 'elsewhere', message: 'other' } as typeof op)
            : op,
        )
        expect(storyOutline(moved, q)).toEqual(rows)
        // and the story itself still says who consumes and what is published
        expect(shown).toMatch(/consume /)
        expect(shown).toContain(`publish ${q.message} `)
      }
    })
  }

  for (const step of lesson.steps.filter((s) => s.widget?.kind === 'dp')) {
    it(`step ${step.id}: the DP preset agrees with the step's own scenario`, () => {
      const w = step.widget as { pattern: string; key: string }
      const trace = topicDpTrace(w.pattern, w.key)
      const scenario = must(step.scenario, 'scenario')
      const binding = must(
        scenario.bindings?.find((b) => b.routing_key === w.pattern),
        'a binding with the preset pattern',
      )
      const publish = must(
        scenario.publishes?.find((p) => p.routing_key === w.key),
        'a publish with the preset key',
      )
      const want = must(step.expect[publish.id], 'expectation')
      // the preset binding's queue receives the message exactly when the DP table says it matches
      expect(trace.matched).toBe(want.queues.includes(binding.destination))
    })
  }
})
