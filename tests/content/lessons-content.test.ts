/**
 * Lesson content is data, so it is checked like data: the manifest matches the folders, both
 * languages parse with the same steps, every topology is a valid scenario, and every result a step
 * states is what the engine computes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { topicDpTrace } from '../../src/engine'
import { loadLessons } from '../../src/lessons/content-load'
import { buildLessons } from '../../src/lessons/content-validate'
import { parseInline } from '../../src/lessons/markdown'
import { runStep } from '../../src/lessons/run-step'

const ROOT = join(__dirname, '../../lessons')
const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8')) as { lessons: string[] }

function readFromDisk(path: string): unknown {
  const file = join(ROOT, path)
  if (!existsSync(file)) return undefined
  const raw = readFileSync(file, 'utf8')
  return path.endsWith('.json') ? JSON.parse(raw) : raw
}
const built = buildLessons(manifest, readFromDisk)

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
      ])
      for (const f of readdirSync(join(ROOT, lesson.id)))
        expect(used, `${lesson.id}/${f} is an orphan`).toContain(f)
    }
  })
  it('is what the app bundles (Vite glob loader gives the same lessons)', () => {
    const app = loadLessons()
    expect(app.errors).toEqual([])
    expect(app.lessons).toEqual(built.lessons)
  })
})

describe('the validator catches broken content', () => {
  const good = (path: string) => readFromDisk(path)
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
  it('names the line of a broken script', () => {
    const r = buildLessons({ lessons: ['12-binding-lifecycle'] }, (p) =>
      p.endsWith('timeline.amqp') ? 'queue declare audit\nbind queue audit to\n' : good(p),
    )
    expect(r.errors[0]?.file).toBe('12-binding-lifecycle/timeline.amqp')
    expect(r.errors[0]?.message).toMatch(/^line 2: /)
  })
})

describe.each(built.lessons.map((l) => [l.id, l] as const))('lesson %s', (_id, lesson) => {
  it('has a title and text for every step in both languages', () => {
    for (const lang of ['en', 'zh-CN'] as const) {
      const t = lesson.text[lang]
      expect(t.title.trim()).not.toBe('')
      expect(t.steps.map((s) => s.id)).toEqual(lesson.steps.map((s) => s.id))
      for (const s of t.steps) expect(s.blocks.length, `${lang}/${s.id}`).toBeGreaterThan(0)
    }
    // no markup left over as visible characters (an unclosed mark or a form the parser does not know)
    for (const lang of ['en', 'zh-CN'] as const) {
      const t = lesson.text[lang]
      const blocks = [...t.intro, ...t.steps.flatMap((s) => s.blocks)]
      const inlines = [
        ...[t.title, ...t.steps.map((s) => s.title)].flatMap((x) => parseInline(x)),
        ...blocks.flatMap((b) => (b.kind === 'p' ? b.inlines : b.items.flat())),
      ]
      for (const i of inlines.filter((x) => x.kind === 'text'))
        expect(i.text, `${lang}: stray markup in "${i.text}"`).not.toMatch(/`|\*\*|(^|\s)_\S|\S_(\s|$)/)
    }
    // the Chinese text is really Chinese, not a copy of the English
    expect(lesson.text['zh-CN'].title).toMatch(/[\u4e00-\u9fff]/)
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
      const announced = Object.entries(step.expect)
        .filter(([, e]) => e.outcome === 'error')
        .map(([id]) => id)
      expect(run.result.errors.map((e) => e.id)).toEqual(announced)
      for (const [queue, ids] of Object.entries(step.queueContents ?? {}))
        expect(run.result.queues[queue], `${step.id}: contents of ${queue}`).toEqual(ids)
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
