/**
 * Turns raw lesson files into validated lessons. Pure: the app feeds it Vite's bundled files, the
 * content tests feed it the disk, so both see the same rules and the same located errors.
 */
import {
  parseScript,
  type Scenario,
  ScenarioFormatError,
  TimelineScriptError,
  validateScenario,
  validateTimelineScript,
} from '../engine'
import { LANGS } from '../i18n/language'
import type {
  Claim,
  ContentError,
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

const OUTCOMES = ['routed', 'returned', 'dropped', 'error']
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string')

class Located extends Error {}
function fail(message: string): never {
  throw new Located(message)
}

function readExpectation(v: unknown, at: string): Expectation {
  if (!isObj(v)) fail(`${at}: expected an object`)
  if (typeof v.outcome !== 'string' || !OUTCOMES.includes(v.outcome))
    fail(`${at}.outcome: expected one of ${OUTCOMES.join(', ')}`)
  if (!isStrings(v.queues)) fail(`${at}.queues: expected an array of queue names`)
  if (v.code !== undefined && typeof v.code !== 'number') fail(`${at}.code: expected a number`)
  return v as unknown as Expectation
}

function readWidget(v: unknown, at: string): Widget {
  if (!isObj(v)) fail(`${at}: expected an object`)
  if (v.kind === 'dp') {
    if (typeof v.pattern !== 'string' || typeof v.key !== 'string')
      fail(`${at}: dp needs string pattern and key`)
    return { kind: 'dp', pattern: v.pattern, key: v.key }
  }
  if (v.kind === 'dedup' || v.kind === 'unroutable' || v.kind === 'trie') return { kind: v.kind }
  fail(`${at}.kind: expected dp, dedup, unroutable or trie`)
}

const CLAIM_FIELDS: Record<Claim['kind'], Record<string, 'string' | 'strings'>> = {
  'dp-size': { pattern: 'string', key: 'string', says: 'string' },
  'dp-table': { pattern: 'string', key: 'string' },
  copies: { says: 'string' },
  'trie-states': { says: 'string', visited: 'string' },
  'trie-removal': { pattern: 'string', dest: 'string', pruned: 'strings', kept: 'strings' },
}

function readClaim(v: unknown, at: string): Claim {
  if (!isObj(v) || typeof v.kind !== 'string' || !(v.kind in CLAIM_FIELDS))
    fail(`${at}.kind: expected one of ${Object.keys(CLAIM_FIELDS).join(', ')}`)
  const fields = CLAIM_FIELDS[v.kind as Claim['kind']]
  for (const [name, type] of Object.entries(fields)) {
    const ok = type === 'string' ? typeof v[name] === 'string' : isStrings(v[name])
    if (!ok) fail(`${at}.${name}: expected ${type === 'string' ? 'a string' : 'an array of strings'}`)
  }
  return v as unknown as Claim
}

function readTimelineExpect(v: unknown, at: string): TimelineExpectation {
  if (v === undefined) return {}
  if (!isObj(v)) fail(`${at}: expected { consumers?, queues? }`)
  const out: TimelineExpectation = {}
  if (v.consumers !== undefined) {
    if (!isObj(v.consumers) || !Object.values(v.consumers).every(isStrings))
      fail(`${at}.consumers: expected { consumer: [message ids] }`)
    out.consumers = v.consumers as Record<string, string[]>
  }
  if (v.queues !== undefined) {
    const ok =
      isObj(v.queues) &&
      Object.values(v.queues).every(
        (q) => isObj(q) && typeof q.ready === 'number' && typeof q.unacked === 'number',
      )
    if (!ok) fail(`${at}.queues: expected { queue: { ready, unacked } }`)
    out.queues = v.queues as TimelineExpectation['queues']
  }
  return out
}

function readTimelineAsk(v: unknown, at: string): TimelineQuestion | undefined {
  if (v === undefined) return undefined
  if (isObj(v) && v.kind === 'deliveries' && typeof v.message === 'string')
    return { kind: 'deliveries', message: v.message }
  if (isObj(v) && v.kind === 'counts' && typeof v.queue === 'string')
    return { kind: 'counts', queue: v.queue }
  fail(`${at}: expected { kind: "deliveries", message } or { kind: "counts", queue }`)
}

function readTimeline(
  v: Record<string, unknown>,
  at: string,
  dir: string,
  read: ReadFile,
  errors: ContentError[],
) {
  if (typeof v.timeline !== 'string') fail(`${at}.timeline: expected a file name`)
  const file = `${dir}/${v.timeline}`
  const raw = read(file)
  if (raw === undefined) {
    errors.push({ file, message: `missing (named by ${at}.timeline)` })
    return undefined
  }
  const ask = readTimelineAsk(v.timelineAsk, `${at}.timelineAsk`)
  try {
    return {
      file,
      script: validateTimelineScript(raw, file),
      expect: readTimelineExpect(v.timelineExpect, `${at}.timelineExpect`),
      ...(ask ? { ask } : {}),
    }
  } catch (e) {
    if (!(e instanceof TimelineScriptError)) throw e
    errors.push({ file, message: e.message })
    return undefined
  }
}

function readStep(v: unknown, at: string, dir: string, read: ReadFile, errors: ContentError[]): LessonStep {
  if (!isObj(v) || typeof v.id !== 'string') fail(`${at}: each step needs a string id`)
  const step: LessonStep = { id: v.id, expect: {} }
  if (v.widget !== undefined) step.widget = readWidget(v.widget, `${at}.widget`)
  if (v.claims !== undefined) {
    if (!Array.isArray(v.claims)) fail(`${at}.claims: expected an array`)
    step.claims = v.claims.map((c, i) => readClaim(c, `${at}.claims[${i}]`))
  }
  if (v.expect !== undefined) {
    if (!isObj(v.expect)) fail(`${at}.expect: expected an object keyed by publish id`)
    for (const [id, e] of Object.entries(v.expect)) step.expect[id] = readExpectation(e, `${at}.expect.${id}`)
  }
  if (v.queueContents !== undefined) {
    if (!isObj(v.queueContents) || !Object.values(v.queueContents).every(isStrings))
      fail(`${at}.queueContents: expected { queue: [message ids] }`)
    step.queueContents = v.queueContents as Record<string, string[]>
  }
  if (v.scenario !== undefined && v.script !== undefined)
    fail(`${at}: use either "scenario" or "script", not both`)
  let ids: string[] | null = null
  if (v.scenario !== undefined) {
    if (typeof v.scenario !== 'string') fail(`${at}.scenario: expected a file name`)
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
    if (typeof v.script !== 'string') fail(`${at}.script: expected a file name`)
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
  } else fail(`${at}: every step needs a "scenario" or a "script" (its topology is the step's diagram)`)
  if (v.timeline !== undefined) {
    const timeline = readTimeline(v, at, dir, read, errors)
    if (timeline) step.timeline = timeline
  } else if (v.timelineExpect !== undefined || v.timelineAsk !== undefined)
    fail(`${at}: timelineExpect and timelineAsk need a timeline`)
  if (ids) {
    for (const id of ids) if (!step.expect[id]) fail(`${at}.expect: no expectation for publish "${id}"`)
    for (const id of Object.keys(step.expect))
      if (!ids.includes(id)) fail(`${at}.expect: "${id}" is not published`)
  }
  // Every step with a message asks about one (the first that is not refused, unless "ask" names it):
  // the learner predicts before the engine's answer is shown. "ask": null opts out.
  if (v.ask !== undefined && v.ask !== null && typeof v.ask !== 'string')
    fail(`${at}.ask: expected a publish id or null`)
  const askable = (ids ?? []).filter((id) => step.expect[id]?.outcome !== 'error')
  const ask = v.ask === undefined ? askable[0] : (v.ask as string | null)
  if (typeof ask === 'string') {
    if (!askable.includes(ask))
      fail(`${at}.ask: "${ask}" is not a publish of this step that reaches an outcome`)
    step.ask = ask
  }
  return step
}

function readLesson(id: string, read: ReadFile, errors: ContentError[]): Lesson | null {
  const file = `${id}/lesson.json`
  const raw = read(file)
  if (raw === undefined) {
    errors.push({ file, message: 'missing (listed in manifest.json)' })
    return null
  }
  let steps: LessonStep[]
  try {
    if (!isObj(raw) || raw.id !== id) fail(`"id" must be "${id}" (the folder name)`)
    if (!Array.isArray(raw.steps) || raw.steps.length === 0) fail('"steps" must be a non-empty array')
    steps = raw.steps.map((s, i) => readStep(s, `steps[${i}]`, id, read, errors))
    const ids = steps.map((s) => s.id)
    if (new Set(ids).size !== ids.length) fail('step ids must be unique')
  } catch (e) {
    if (!(e instanceof Located)) throw e
    errors.push({ file, message: e.message })
    return null
  }
  const text = {} as Record<(typeof LANGS)[number], LessonText>
  for (const lang of LANGS) {
    const mdFile = `${id}/${lang}.md`
    const md = read(mdFile)
    if (typeof md !== 'string') {
      errors.push({ file: mdFile, message: 'missing' })
      return null
    }
    try {
      text[lang] = parseLessonMarkdown(md)
    } catch (e) {
      if (!(e instanceof MarkdownError)) throw e
      errors.push({ file: mdFile, message: e.message })
      return null
    }
    const got = text[lang].steps.map((s) => s.id).join(', ')
    const want = steps.map((s) => s.id).join(', ')
    if (got !== want) {
      errors.push({ file: mdFile, message: `step headings [${got}] differ from lesson.json steps [${want}]` })
      return null
    }
    // a step that asks keeps its outcome for after the answer: below a --- line
    const asks = (s: LessonStep) => s.ask !== undefined || s.timeline?.ask !== undefined
    const silent = steps.find((s, n) => asks(s) && (text[lang].steps[n]?.after.length ?? 0) === 0)
    if (silent) {
      errors.push({
        file: mdFile,
        message: `step "${silent.id}" asks a question: its outcome text belongs below a --- line`,
      })
      return null
    }
  }
  return { id, steps, text }
}

/** Validate the manifest and every lesson it lists, in order. Problems are collected, never thrown. */
export function buildLessons(
  manifest: unknown,
  read: ReadFile,
): { lessons: Lesson[]; errors: ContentError[] } {
  const errors: ContentError[] = []
  if (!isObj(manifest) || !isStrings(manifest.lessons)) {
    return {
      lessons: [],
      errors: [{ file: 'manifest.json', message: 'expected { "lessons": [folder names] }' }],
    }
  }
  const seen = new Set<string>()
  const lessons: Lesson[] = []
  for (const id of manifest.lessons) {
    if (seen.has(id)) errors.push({ file: 'manifest.json', message: `"${id}" is listed twice` })
    seen.add(id)
    const lesson = readLesson(id, read, errors)
    if (lesson) lessons.push(lesson)
  }
  return { lessons, errors }
}
