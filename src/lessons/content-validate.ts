/**
 * Turns raw lesson files into validated lessons. Pure: the app feeds it Vite's bundled files, the
 * content tests feed it the disk, so both see the same rules and the same located errors.
 */

import { type ContentError, type ReadText, schemaError } from '../content/errors'
import {
  anyStr,
  arr,
  bool,
  fail,
  nat,
  obj,
  oneOf,
  optional,
  orNull,
  record,
  SchemaError,
  str,
  tagged,
} from '../content/schema'
import {
  AnalysisInputError,
  analysisSource,
  LINT_RULES,
  parseScript,
  type Scenario,
  ScenarioFormatError,
  TimelineScriptError,
  validateScenario,
  validateTimelineScript,
} from '../engine'
import { LANGS, type Lang } from '../i18n/language'
import type {
  AnalysisQuestion,
  Claim,
  Expectation,
  Lesson,
  LessonStep,
  LessonText,
  TimelineExpectation,
  Widget,
} from './content-types'
import { MarkdownError, parseLessonMarkdown } from './markdown'
import type { TimelineQuestion } from './timeline-question'

/** Reads a lesson file by its path under lessons/ ("04-topic-dp/en.md"): JSON parsed, text as string. */
export type ReadFile = (path: string) => unknown | undefined

const OUTCOMES = ['routed', 'returned', 'dropped', 'error'] as const
const PROFILE_NAMES = ['rabbitmq-4', 'rabbitmq-4.0', 'rabbitmq-3.10', 'teaching', 'robustmq'] as const
const names = arr(anyStr)

// The shapes of lesson.json and manifest.json: every field named here, any other is an error.
const expectation = obj({ outcome: oneOf(OUTCOMES), queues: names, code: optional(nat) })
const widget = tagged({
  dp: { pattern: anyStr, key: anyStr },
  dedup: {},
  unroutable: {},
  trie: {},
})
const claim = tagged({
  'dp-size': { pattern: anyStr, key: anyStr, says: anyStr },
  'dp-table': { pattern: anyStr, key: anyStr },
  copies: { says: anyStr },
  'trie-states': { says: anyStr, visited: anyStr },
  'trie-removal': { pattern: anyStr, dest: anyStr, pruned: names, kept: names },
  refusal: { op: anyStr, code: nat, names: anyStr },
  'profile-run': {
    profile: oneOf(PROFILE_NAMES),
    message: anyStr,
    deliveries: anyStr,
    reason: optional(anyStr),
  },
  requirement: { text: str, holds: bool, witness: optional(anyStr), reached: optional(names) },
  diff: {
    changes: arr(obj({ change: oneOf(['gained', 'lost'] as const), destination: str, witness: anyStr })),
    copies: arr(obj({ witness: anyStr, before: nat, after: nat })),
  },
  lint: { rule: str, keys: names },
})
const analysis = tagged({
  check: { lint: optional(names) },
  diff: { before: optional(str), after: optional(str), lint: optional(names) },
})
const timelineExpect = obj({
  consumers: optional(record(names)),
  queues: optional(record(obj({ ready: nat, unacked: nat }))),
})
const timelineAsk = tagged({ deliveries: { message: anyStr }, counts: { queue: anyStr } })
const stepShape = obj({
  id: str,
  scenario: optional(str),
  script: optional(str),
  expect: optional(record(expectation)),
  queueContents: optional(record(names)),
  widget: optional(widget),
  claims: optional(arr(claim)),
  timeline: optional(str),
  timelineExpect: optional(timelineExpect),
  timelineAsk: optional(timelineAsk),
  timelineProfiles: optional(arr(oneOf(PROFILE_NAMES), 2)),
  analysis: optional(analysis),
  ask: optional(orNull(anyStr)),
})
type RawStep = ReturnType<typeof stepShape>
const lessonShape = obj({ id: str, steps: arr(stepShape, 1) })
const manifestShape = obj({ lessons: arr(str) })

function readTimeline(v: RawStep, at: string, dir: string, read: ReadFile, errors: ContentError[]) {
  const file = `${dir}/${v.timeline}`
  const raw = read(file)
  if (raw === undefined) {
    errors.push({ file, message: `missing (named by ${at}.timeline)` })
    return undefined
  }
  try {
    return {
      file,
      script: validateTimelineScript(raw, file),
      expect: (v.timelineExpect ?? {}) as TimelineExpectation,
      ...(v.timelineAsk ? { ask: v.timelineAsk as TimelineQuestion } : {}),
      ...(v.timelineProfiles ? { profiles: [...v.timelineProfiles] } : {}),
    }
  } catch (e) {
    if (!(e instanceof TimelineScriptError)) throw e
    errors.push({ file, message: e.message })
    return undefined
  }
}

/** The text the analysis reads for a step or a file of the lesson: a script, or a scenario as JSON. */
export function analysisText(step: Pick<LessonStep, 'script' | 'scenario'>): string | undefined {
  return step.script?.text ?? (step.scenario ? JSON.stringify(step.scenario) : undefined)
}

function readAnalysis(
  v: NonNullable<RawStep['analysis']>,
  step: LessonStep,
  at: string,
  dir: string,
  read: ReadFile,
  errors: ContentError[],
): AnalysisQuestion | undefined {
  for (const [n, rule] of (v.lint ?? []).entries())
    if (!Object.hasOwn(LINT_RULES, rule)) fail(`${at}.analysis.lint[${n}]`, `"${rule}" is not a lint rule`)
  const lint = v.lint ? { lint: v.lint } : {}
  const own = analysisText(step)
  if (own === undefined) return undefined
  const readable = (file: string, text: string) => {
    try {
      return analysisSource(text)
    } catch (e) {
      if (!(e instanceof AnalysisInputError)) throw e
      errors.push({ file, message: e.message })
      return null
    }
  }
  const mine = readable(step.scenarioFile ?? step.script?.file ?? dir, own)
  if (!mine) return undefined
  if (v.kind === 'check') {
    if (mine.requirements.length === 0)
      fail(`${at}.analysis`, 'a "check" question needs `expect` lines (or an "expect" list) in the step')
    return { kind: 'check', ...lint }
  }
  const { before, after } = v as { before?: string; after?: string }
  if ((before === undefined) === (after === undefined))
    fail(`${at}.analysis`, 'a "diff" question names exactly one other side: "before" or "after"')
  const file = `${dir}/${before ?? after}`
  const raw = read(file)
  if (raw === undefined) {
    errors.push({ file, message: `missing (named by ${at}.analysis)` })
    return undefined
  }
  const text = typeof raw === 'string' ? raw : JSON.stringify(raw)
  if (!readable(file, text)) return undefined
  return { kind: 'diff', other: { file, text }, otherIs: before !== undefined ? 'before' : 'after', ...lint }
}

function readStep(v: RawStep, at: string, dir: string, read: ReadFile, errors: ContentError[]): LessonStep {
  const step: LessonStep = { id: v.id, expect: (v.expect ?? {}) as Record<string, Expectation> }
  if (v.widget) step.widget = v.widget as Widget
  if (v.claims) step.claims = v.claims as Claim[]
  if (v.queueContents) step.queueContents = v.queueContents
  if (v.scenario !== undefined && v.script !== undefined)
    fail(at, 'use either "scenario" or "script", not both')
  let ids: string[] | null = null
  if (v.scenario !== undefined) {
    const file = `${dir}/${v.scenario}`
    const raw = read(file)
    if (raw === undefined) errors.push({ file, message: `missing (named by ${at}.scenario)` })
    else {
      try {
        step.scenario = validateScenario(raw) as Scenario
        step.scenarioFile = file
      } catch (e) {
        if (!(e instanceof ScenarioFormatError)) throw e
        errors.push({ file, message: e.message })
      }
    }
    ids = (step.scenario?.publishes ?? []).map((p) => p.id)
  } else if (v.script !== undefined) {
    const file = `${dir}/${v.script}`
    const text = read(file)
    if (typeof text !== 'string') errors.push({ file, message: `missing (named by ${at}.script)` })
    else {
      const parsed = parseScript(text)
      const first = parsed.diagnostics.find((d) => d.severity === 'error')
      if (first) errors.push({ file, message: `line ${first.loc.line}: ${first.message}` })
      else
        step.script = { file, text, ops: parsed.ops, ...(parsed.profile ? { profile: parsed.profile } : {}) }
    }
    ids = (step.script?.ops ?? []).flatMap((op) => (op.op === 'publish' ? [op.publish.id] : []))
  } else fail(at, 'every step needs a "scenario" or a "script" (its topology is the step\'s diagram)')
  if (v.analysis) {
    const question = readAnalysis(v.analysis, step, at, dir, read, errors)
    if (question) step.analysis = question
  }
  if (v.timeline !== undefined) {
    const timeline = readTimeline(v, at, dir, read, errors)
    if (timeline) step.timeline = timeline
  } else if (
    v.timelineExpect !== undefined ||
    v.timelineAsk !== undefined ||
    v.timelineProfiles !== undefined
  )
    fail(at, 'timelineExpect, timelineAsk and timelineProfiles need a timeline')
  if (ids) {
    for (const id of ids) if (!step.expect[id]) fail(`${at}.expect`, `no expectation for publish "${id}"`)
    for (const id of Object.keys(step.expect))
      if (!ids.includes(id)) fail(`${at}.expect.${id}`, `"${id}" is not published`)
  }
  // Every step with a message asks about one (the first that is not refused, unless "ask" names it):
  // the learner predicts before the engine's answer is shown. "ask": null opts out.
  const askable = (ids ?? []).filter((id) => step.expect[id]?.outcome !== 'error')
  const ask = v.ask === undefined ? askable[0] : v.ask
  if (typeof ask === 'string') {
    if (!askable.includes(ask))
      fail(`${at}.ask`, `"${ask}" is not a publish of this step that reaches an outcome`)
    step.ask = ask
  }
  return step
}

function readLesson(
  id: string,
  read: ReadFile,
  errors: ContentError[],
  text: ReadText | undefined,
  langs: readonly Lang[],
): Lesson | null {
  const file = `${id}/lesson.json`
  const raw = read(file)
  if (raw === undefined) {
    errors.push({ file, message: 'missing (listed in manifest.json)' })
    return null
  }
  let steps: LessonStep[]
  try {
    const lesson = lessonShape(raw, '')
    if (lesson.id !== id) fail('id', `must be "${id}" (the folder name)`)
    steps = lesson.steps.map((s, i) => readStep(s, `steps[${i}]`, id, read, errors))
    const ids = steps.map((s) => s.id)
    const twice = ids.findIndex((s, i) => ids.indexOf(s) !== i)
    if (twice >= 0) fail(`steps[${twice}].id`, `"${ids[twice]}" is used twice: step ids must be unique`)
  } catch (e) {
    if (!(e instanceof SchemaError)) throw e
    errors.push(schemaError(file, e, text))
    return null
  }
  const texts: Lesson['text'] = {}
  for (const lang of langs) {
    const mdFile = `${id}/${lang}.md`
    const md = read(mdFile)
    if (typeof md !== 'string') {
      errors.push({ file: mdFile, message: 'missing' })
      return null
    }
    let parsed: LessonText
    try {
      parsed = parseLessonMarkdown(md)
    } catch (e) {
      if (!(e instanceof MarkdownError)) throw e
      errors.push({ file: mdFile, message: e.message })
      return null
    }
    texts[lang] = parsed
    const got = parsed.steps.map((s) => s.id).join(', ')
    const want = steps.map((s) => s.id).join(', ')
    if (got !== want) {
      errors.push({ file: mdFile, message: `step headings [${got}] differ from lesson.json steps [${want}]` })
      return null
    }
    // a step that asks keeps its outcome for after the answer: below a --- line
    const asks = (s: LessonStep) =>
      s.ask !== undefined || s.timeline?.ask !== undefined || s.analysis !== undefined
    const silent = steps.find((s, n) => asks(s) && (parsed.steps[n]?.after.length ?? 0) === 0)
    if (silent) {
      errors.push({
        file: mdFile,
        message: `step "${silent.id}" asks a question: its outcome text belongs below a --- line`,
      })
      return null
    }
  }
  return { id, steps, text: texts }
}

/** A lesson's text in one language; the page only asks for a language it has loaded. */
export function lessonText(lesson: Lesson, lang: Lang): LessonText {
  const t = lesson.text[lang]
  if (!t) throw new Error(`lesson ${lesson.id}: its ${lang} text is not loaded`)
  return t
}

/**
 * Validate the manifest and every lesson it lists, in order. Problems are collected, never thrown;
 * with `text` (a JSON file's text by its path) each lesson.json problem also has its line and column.
 */
export function buildLessons(
  manifest: unknown,
  read: ReadFile,
  text?: ReadText,
  langs: readonly Lang[] = LANGS,
): { lessons: Lesson[]; errors: ContentError[] } {
  const steps = lessonSteps(manifest, read, text, langs)
  let next = steps.next()
  while (!next.done) next = steps.next()
  return next.value
}

/**
 * buildLessons one lesson at a time: resolves to the same result, yielding (`pause`) between lessons
 * so that no single task validates them all (about 200 ms at a phone's speed for 14 lessons).
 */
export async function buildLessonsInSteps(
  manifest: unknown,
  read: ReadFile,
  pause: () => Promise<void>,
  langs: readonly Lang[] = LANGS,
): Promise<{ lessons: Lesson[]; errors: ContentError[] }> {
  const steps = lessonSteps(manifest, read, undefined, langs)
  let next = steps.next()
  while (!next.done) {
    await pause()
    next = steps.next()
  }
  return next.value
}

function* lessonSteps(
  manifest: unknown,
  read: ReadFile,
  text: ReadText | undefined,
  langs: readonly Lang[],
): Generator<void, { lessons: Lesson[]; errors: ContentError[] }, void> {
  const errors: ContentError[] = []
  let listed: string[]
  try {
    listed = manifestShape(manifest, '').lessons
  } catch (e) {
    if (!(e instanceof SchemaError)) throw e
    return { lessons: [], errors: [schemaError('manifest.json', e, text)] }
  }
  const seen = new Set<string>()
  const lessons: Lesson[] = []
  for (const id of listed) {
    if (seen.has(id)) errors.push({ file: 'manifest.json', message: `"${id}" is listed twice` })
    seen.add(id)
    const lesson = readLesson(id, read, errors, text, langs)
    if (lesson) lessons.push(lesson)
    yield
  }
  return { lessons, errors }
}
