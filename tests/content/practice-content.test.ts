import { existsSync, readdirSync, readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { runScenario, type Scenario } from '../../src/engine'
import { buildPracticeContent } from '../../src/practice/content/build'
import {
  CODE_EXERCISES,
  CONTENT,
  CONTENT_ERRORS,
  HOMEWORK,
  PREDICT,
  QUESTIONS,
} from '../../src/practice/content/load'
import type { ChoiceQuestion, L10n } from '../../src/practice/content/types'
import { explainOnly } from '../../src/practice/engine-run'
import { resolveExercise } from '../../src/practice/exercise-registry'
import { correctOptions, gradeOrder } from '../../src/practice/questions/question-grade'
import { shownOrder } from '../../src/practice/questions/shuffle'

const CJK = /[\u4e00-\u9fff]/
// The study note is outside the repository (../shared/seeds); the "own words" check needs it.
const SEED_PATH = new URL('../../../shared/seeds/000_040586d46ce15d9b.txt', import.meta.url)
const seed = existsSync(SEED_PATH) ? readFileSync(SEED_PATH, 'utf8') : null

function checkText(t: L10n, where: string) {
  expect(t.en.trim().length, `${where} en`).toBeGreaterThan(0)
  expect(t['zh-CN'].trim().length, `${where} zh-CN`).toBeGreaterThan(0)
  expect(t.en, `${where} en is English`).not.toMatch(CJK)
  if (t.en.length > 20) expect(t['zh-CN'], `${where} zh-CN is Chinese`).toMatch(CJK)
}

describe('own words', () => {
  it.skipIf(seed === null)('no clause of 14+ characters is lifted from the study note', () => {
    const texts: [L10n, string][] = [
      ...QUESTIONS.flatMap((q) => [q.title, q.prompt, q.reasoning].map((t): [L10n, string] => [t, q.id])),
      ...HOMEWORK.flatMap((h) =>
        [h.title, h.task, h.deliverable, ...h.doneWhen].map((t): [L10n, string] => [t, h.id]),
      ),
      ...PREDICT.map((p): [L10n, string] => [p.prompt, p.id]),
      ...CODE_EXERCISES.map((c): [L10n, string] => [c.prompt, c.id]),
    ]
    for (const [t, where] of texts)
      for (const clause of t['zh-CN'].split(/[。；！？，、：（）]/))
        if (clause.length >= 14) expect(seed?.includes(clause), `${where}: copied "${clause}"`).toBe(false)
  })
})

describe('practice questions', () => {
  it('have the note’s three explain and three scenario questions plus concept checks, in both languages', () => {
    expect(QUESTIONS.filter((q) => q.kind === 'explain')).toHaveLength(3)
    expect(QUESTIONS.filter((q) => q.kind === 'scenario')).toHaveLength(3)
    expect(QUESTIONS.filter((q) => q.kind === 'concept').length).toBeGreaterThanOrEqual(3)
    expect(new Set(QUESTIONS.map((q) => q.id)).size).toBe(QUESTIONS.length)
    for (const q of QUESTIONS) {
      checkText(q.title, `${q.id} title`)
      checkText(q.prompt, `${q.id} prompt`)
      checkText(q.reasoning, `${q.id} reasoning`)
      for (const o of q.type === 'choice' ? q.options : q.items) checkText(o.text, `${q.id}/${o.id}`)
    }
  })

  it('have exactly one right option each (engine-computed for pattern questions)', () => {
    for (const q of QUESTIONS) {
      if (q.type !== 'choice') continue
      const right = correctOptions(q)
      expect(right, q.id).toHaveLength(1)
      expect(
        q.options.map((o) => o.id),
        q.id,
      ).toContain(right[0])
    }
  })

  it('ordering questions never start in their right order, on any seed', () => {
    for (const q of QUESTIONS) {
      if (q.type !== 'order') continue
      const ids = q.items.map((i) => i.id)
      expect(gradeOrder(q, ids).correct, q.id).toBe(true)
      for (let seed = 0; seed < 200; seed++) {
        const start = shownOrder(q, seed)
        expect([...start].sort(), q.id).toEqual([...ids].sort())
        expect(gradeOrder(q, start).correct, `${q.id} #${seed}`).toBe(false)
      }
    }
  })

  it('every question has a hint that does not quote its right option', () => {
    for (const q of QUESTIONS) {
      checkText(q.hint, `${q.id} hint`)
      if (q.type !== 'choice') continue
      for (const id of correctOptions(q)) {
        const right = q.options.find((o) => o.id === id)?.text
        const wrong = q.options.filter((o) => o.id !== id).map((o) => o.text)
        for (const lang of ['en', 'zh-CN'] as const) {
          expect(q.hint[lang].includes(right?.[lang] ?? '\u0000'), `${q.id} ${lang}`).toBe(false)
          // nor its key phrase: a run the hint shares with the right option and no wrong option has
          const giveaway = sharedRuns(q.hint[lang], right?.[lang] ?? '', lang).filter(
            (run) => !wrong.some((w) => runsOf(w[lang], lang).has(run)),
          )
          expect(giveaway, `${q.id} ${lang}: the hint repeats the right option's words`).toEqual([])
        }
      }
    }
  })
})

/** Word runs of 3 (English, case and punctuation folded) or character runs of 4 (Chinese, CJK only). */
function runsOf(text: string, lang: 'en' | 'zh-CN'): Set<string> {
  const out = new Set<string>()
  if (lang === 'en') {
    const words = text.toLowerCase().match(/[a-z0-9.#*_"]+/g) ?? []
    const clean = words.map((w) => w.replace(/^[."]+|[."]+$/g, '')).filter((w) => w !== '')
    for (let i = 0; i + 3 <= clean.length; i++) out.add(clean.slice(i, i + 3).join(' '))
  } else
    for (const part of text.split(/[^\u4e00-\u9fff]+/))
      for (let i = 0; i + 4 <= part.length; i++) out.add(part.slice(i, i + 4))
  return out
}

function sharedRuns(a: string, b: string, lang: 'en' | 'zh-CN'): string[] {
  const inB = runsOf(b, lang)
  return [...runsOf(a, lang)].filter((r) => inB.has(r))
}

describe('choice questions cannot be answered by their form', () => {
  const choice = QUESTIONS.filter((q): q is ChoiceQuestion => q.type === 'choice')

  it.each(['en', 'zh-CN'] as const)(
    'in %s, the right option is the longest in no more than its fair share of questions (1/n + 0.1)',
    (lang) => {
      const longest = choice.filter((q) => {
        const right = correctOptions(q)[0]
        const len = (id: string) => q.options.find((o) => o.id === id)?.text[lang].length ?? 0
        return q.options.every((o) => len(right as string) >= len(o.id))
      })
      const fair = choice.reduce((sum, q) => sum + 1 / q.options.length, 0) / choice.length + 0.1
      expect(longest.length / choice.length, longest.map((q) => q.id).join(', ')).toBeLessThanOrEqual(fair)
    },
  )

  it.each(['en', 'zh-CN'] as const)(
    'in %s, the right option’s rank by length is spread: no rank holds more than 1/n + 0.1 (ties count against), the mean rank is near the middle',
    (lang) => {
      // Rank 1 is the longest. A right option tied with others spans their ranks and counts for each.
      const held = new Map<number, string[]>()
      let middle = 0
      for (const q of choice) {
        const len = (text: { en: string; 'zh-CN': string }) => [...text[lang]].length
        const right = q.options.find((o) => o.id === correctOptions(q)[0])
        if (!right) throw new Error(q.id)
        const others = q.options.filter((o) => o !== right)
        const first = 1 + others.filter((o) => len(o.text) > len(right.text)).length
        const last = first + others.filter((o) => len(o.text) === len(right.text)).length
        for (let r = first; r <= last; r++) held.set(r, [...(held.get(r) ?? []), q.id])
        middle += ((first + last) / 2 - 1) / (q.options.length - 1)
      }
      const fair = choice.reduce((sum, q) => sum + 1 / q.options.length, 0) / choice.length + 0.1
      for (const [rank, ids] of held)
        expect(ids.length / choice.length, `rank ${rank}: ${ids.join(', ')}`).toBeLessThanOrEqual(fair)
      // 0 = always the longest, 1 = always the shortest
      const mean = middle / choice.length
      expect(mean).toBeGreaterThan(0.35)
      expect(mean).toBeLessThan(0.65)
    },
  )

  it('every choice question has at least four options (a guess is right at most a quarter of the time)', () => {
    for (const q of choice) expect(q.options.length, q.id).toBeGreaterThanOrEqual(4)
  })

  it('after shuffling, the right answer lands on every position about equally often; a seed reproduces its order', () => {
    for (const q of choice) {
      const n = q.options.length
      const right = correctOptions(q)[0]
      const hits = new Array<number>(n).fill(0)
      const SEEDS = 2000
      for (let seed = 0; seed < SEEDS; seed++) {
        const order = shownOrder(q, seed)
        hits[order.indexOf(right as string)]++
        if (seed < 20) expect(shownOrder(q, seed)).toEqual(order)
      }
      for (const h of hits) {
        expect(h / SEEDS, `${q.id}: ${hits.join('/')}`).toBeGreaterThan(1 / n - 0.05)
        expect(h / SEEDS, `${q.id}: ${hits.join('/')}`).toBeLessThan(1 / n + 0.05)
      }
    }
  })
})

describe('predict-the-path exercises', () => {
  it('run in the engine without errors and each has one publish', () => {
    for (const p of PREDICT) {
      checkText(p.title, p.id)
      checkText(p.prompt, p.id)
      const { run } = explainOnly(p.scenario)
      expect(run.result.errors, p.id).toEqual([])
      expect(p.scenario.publishes, p.id).toHaveLength(1)
    }
  })
  it('include the note’s dedup case: Q1 (a.#, a.*), Q2 (b.#), key a.x → [Q1]', () => {
    const p = PREDICT.find((x) => x.id === 'predict-dedup') as (typeof PREDICT)[number]
    const { publish } = explainOnly(p.scenario)
    expect(publish.queues.map((q) => q.queue)).toEqual(['Q1'])
    expect(publish.queues[0]?.reachedBy).toHaveLength(2)
  })
})

describe('homework', () => {
  it('has the note’s ten tasks, numbered, in both languages', () => {
    expect(HOMEWORK.map((h) => h.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    for (const h of HOMEWORK) {
      for (const t of [h.title, h.task, h.deliverable, h.kind, ...h.doneWhen]) checkText(t, h.id)
      expect(resolveExercise(h.id)?.kind).toBe('homework')
    }
    expect(HOMEWORK.filter((h) => h.needsBroker).map((h) => h.id)).toEqual(['hw-04', 'hw-06', 'hw-08'])
  })

  it('link timeline scenarios that exist, and every task has a scenario, a timeline or is pure design', () => {
    const index = JSON.parse(
      readFileSync(new URL('../../lessons/timeline/index.json', import.meta.url), 'utf8'),
    ) as {
      order: string[]
    }
    for (const h of HOMEWORK) if (h.timeline) expect(index.order, h.id).toContain(h.timeline)
    expect(HOMEWORK.filter((h) => h.timeline).map((h) => h.id)).toEqual(['hw-04', 'hw-07', 'hw-08', 'hw-10'])
  })

  it('ready scenarios exist in public/ and run in the engine without errors', () => {
    const withScenario = HOMEWORK.filter((h) => h.scenarioFile)
    expect(withScenario.length).toBeGreaterThanOrEqual(6)
    for (const h of withScenario) {
      const path = new URL(`../../public/${h.scenarioFile}`, import.meta.url)
      expect(existsSync(path), h.id).toBe(true)
      const scenario = JSON.parse(readFileSync(path, 'utf8')) as Scenario
      const run = runScenario(scenario)
      expect(run.result.errors, h.id).toEqual([])
      expect(run.publishes.length, h.id).toBe(scenario.publishes?.length)
    }
  })
})

describe('code exercises', () => {
  it('state their function in the prompt, starter and solution, in both languages', () => {
    expect([...new Set(CODE_EXERCISES.map((c) => c.kind))].sort()).toEqual([
      'cases',
      'dedup',
      'dp-table',
      'matcher',
    ])
    for (const ex of CODE_EXERCISES) {
      checkText(ex.title, ex.id)
      checkText(ex.prompt, ex.id)
      expect(ex.prompt.en).toContain(ex.entry)
      expect(ex.prompt['zh-CN']).toContain(ex.entry)
      for (const lang of ['en', 'zh-CN'] as const) expect(ex.starter[lang]).toContain(`function ${ex.entry}(`)
      expect(ex.starter.en, ex.id).not.toMatch(CJK)
      // the zh-CN starter speaks Chinese: every comment line has Chinese text
      for (const line of ex.starter['zh-CN'].split('\n').filter((l) => /\/\/|\/\*\*/.test(l)))
        expect(line, ex.id).toMatch(CJK)
      expect(ex.solution).toContain(`function ${ex.entry}(`)
      expect(ex.visible.length).toBeGreaterThan(0)
      // starters and solutions are valid TypeScript
      for (const src of [ex.starter.en, ex.starter['zh-CN'], ex.solution]) {
        const out = ts.transpileModule(src, { reportDiagnostics: true, compilerOptions: {} })
        expect(out.diagnostics, ex.id).toEqual([])
      }
    }
  })
})

describe('content as data', () => {
  const ROOT = new URL('../../lessons/practice/', import.meta.url)
  const disk = (path: string): unknown => {
    const file = new URL(path, ROOT)
    if (!existsSync(file)) return undefined
    const text = readFileSync(file, 'utf8')
    return path.endsWith('.json') ? JSON.parse(text) : text
  }

  const diskText = (path: string) => {
    const file = new URL(path, ROOT)
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined
  }

  it('every file on disk passes the schema, and the bundled content is the same', () => {
    const built = buildPracticeContent(disk, diskText)
    expect(built.errors).toEqual([])
    expect(CONTENT_ERRORS).toEqual([])
    expect(built.content).toEqual(CONTENT)
  })

  it('the content folder holds data only: no TypeScript importing the app', () => {
    const walk = (dir: URL): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(new URL(`${e.name}/`, dir)) : [e.name],
      )
    for (const name of walk(ROOT)) expect(name, name).toMatch(/\.(json|txt)$/)
  })

  it('reports a bad item with its file and path, and still loads the others', () => {
    const broken = (path: string): unknown => {
      const v = disk(path)
      if (path !== 'questions.json') return v
      const copy = structuredClone(v) as { questions: Record<string, unknown>[] }
      const q = copy.questions[1] as { options: { text: Record<string, string> }[] }
      delete (q.options[2] as { text: Record<string, string> }).text['zh-CN']
      ;(copy.questions[3] as Record<string, unknown>).corect = 'a'
      return copy
    }
    const { content, errors } = buildPracticeContent(broken)
    expect(errors).toEqual([
      {
        file: 'questions.json',
        message: 'questions[1] (q-explain-2).options[2].text.zh-CN: missing required field',
      },
      { file: 'questions.json', message: 'questions[3] (q-scenario-1).corect: unknown field' },
    ])
    expect(content.questions).toHaveLength(CONTENT.questions.length - 2)
  })

  it('places a misspelt key at its line and column when the text is at hand', () => {
    const source = String(readFileSync(new URL('questions.json', ROOT), 'utf8'))
    const at = source.indexOf('"hint"')
    const edited = `${source.slice(0, at)}"hnit"${source.slice(at + 6)}`
    const read = (path: string) => (path === 'questions.json' ? JSON.parse(edited) : disk(path))
    const text = (path: string) => (path === 'questions.json' ? edited : undefined)
    const { errors } = buildPracticeContent(read, text)
    const line = source.slice(0, at).split('\n').length
    const column = at - source.lastIndexOf('\n', at - 1)
    expect(errors[0]).toMatchObject({ file: 'questions.json', line, column })
    expect(errors[0]?.message).toMatch(/^questions\[0\] \([\w-]+\)\.hnit: unknown field$/)
    // a top-level key beside the item list is one too
    const extra = buildPracticeContent((p) =>
      p === 'homework.json' ? { ...(disk(p) as object), homewrok: [] } : disk(p),
    )
    expect(extra.errors).toEqual([
      { file: 'homework.json', message: 'homewrok: unknown field (expected { "homework": [ … ] })' },
    ])
  })

  it('refuses a predict scenario with the path inside it, and a missing starter file', () => {
    const broken = (path: string): unknown => {
      if (path === 'code/code-dedup.starter.zh-CN.txt') return undefined
      const v = disk(path)
      if (path !== 'predict.json') return v
      const copy = structuredClone(v) as { predict: { scenario: { bindings: unknown[] } }[] }
      ;(copy.predict[0]?.scenario.bindings[1] as Record<string, unknown>).destination_type = 'topic'
      return copy
    }
    const { errors } = buildPracticeContent(broken)
    expect(errors).toEqual([
      {
        file: 'predict.json',
        message:
          "predict[0] (predict-orders).scenario.bindings[1].destination_type: expected 'queue' or 'exchange'",
      },
      { file: 'code/code-dedup.starter.zh-CN.txt', message: 'missing (named by code exercise "code-dedup")' },
    ])
  })
})
