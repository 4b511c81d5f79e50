/**
 * Grades one code-exercise call: compares the learner's value with the engine's expectation (under
 * the exercise's matching rules) and says why it failed, in data the UI turns into text.
 */
import type { BindingInput, CodeExercise } from '../content/types'
import type { CallResult } from '../sandbox/protocol'
import { engineMatches, engineQueues, engineTable, expectedMatch, hasEmptyWord } from './expected'
import type { CallKind, PlannedCall } from './hidden-cases'

export type CaseNote =
  | 'duplicates'
  | 'missing-counterexample'
  | 'missing-control'
  | 'wrong-expectation'
  | 'not-array'
  /** RabbitMQ rules, and the code threw on an empty word: the study note's strict rule, not RabbitMQ's. */
  | 'empty-word-rule'
  /** Strict rules, and the code returned a value for an input with an empty word. */
  | 'should-throw'
  /** The sandbox refused the value as too large to send back (over its JSON limit). */
  | 'too-large'

export interface CaseReport {
  /** Human-readable call, e.g. matches("a.*", "a.b"). */
  call: string
  kind: CallKind
  pass: boolean
  /** The expected value as code text; when `throws`, the call must throw instead (the UI says so). */
  expected: string
  throws?: true
  actual: string
  /** A short extra reason code when the value has the right type but breaks a rule. */
  note?: CaseNote
}

const show = (v: unknown) => (v === undefined ? 'undefined' : JSON.stringify(v))
/** Text shown for a value: long answers are cut (the page shows the first failure only). */
const SHOWN_CHARS = 2_000
const TOO_LARGE_MARK = 'JSON > 100000'
const clip = (text: string) => (text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text)

function callText(ex: CodeExercise, args: unknown[]): string {
  return `${ex.entry}(${args.map(show).join(', ')})`
}

/** The pattern with its one * widened to two: a key it matches and the pattern does not is a counter-example. */
const twoWordStar = (pattern: string) =>
  pattern
    .split('.')
    .map((w) => (w === '*' ? '*.*' : w))
    .join('.')

/**
 * Grades the rows cases(pattern) returned: every expectation as RabbitMQ answers, and for the pattern
 * asked, a counter-example (false; the * would need two words) and a true control. A failure names
 * the pattern and what is missing, never a row to copy: the next run asks other patterns.
 */
function gradeCases(pattern: string, value: unknown): Pick<CaseReport, 'pass' | 'expected' | 'note'> {
  if (!Array.isArray(value))
    return { pass: false, expected: '[[pattern, key, expected], …]', note: 'not-array' }
  const rows = value.filter(
    (r): r is [string, string, boolean] =>
      Array.isArray(r) && typeof r[0] === 'string' && typeof r[1] === 'string' && typeof r[2] === 'boolean',
  )
  // One engine run per distinct (pattern, key): a long answer repeating rows costs no more.
  const truths = new Map<string, boolean>()
  for (const [p, k, e] of rows) {
    const id = JSON.stringify([p, k])
    let truth = truths.get(id)
    if (truth === undefined) {
      truth = engineMatches(p, k)
      truths.set(id, truth)
    }
    if (truth !== e) return { pass: false, expected: show([p, k, truth]), note: 'wrong-expectation' }
  }
  const mine = rows.filter(([p]) => p === pattern)
  const wide = twoWordStar(pattern)
  if (!mine.some(([, k, e]) => !e && engineMatches(wide, k)))
    return { pass: false, expected: show([pattern, '…', false]), note: 'missing-counterexample' }
  if (!mine.some(([, , e]) => e))
    return { pass: false, expected: show([pattern, '…', true]), note: 'missing-control' }
  return { pass: true, expected: show([pattern, '…', false]) }
}

function sameSet(a: unknown, b: string[]): boolean {
  if (!Array.isArray(a) || a.length !== b.length) return false
  const want = new Set(b)
  return a.every((x) => typeof x === 'string' && want.has(x))
}

function gradeMatcher(ex: CodeExercise, args: unknown[], result: CallResult) {
  const [pattern, key] = args as [string, string]
  const want = expectedMatch(ex.rules, pattern, key)
  if (want === 'error') {
    const pass = !result.ok
    return {
      pass,
      expected: 'Error',
      throws: true as const,
      ...(pass ? {} : { note: 'should-throw' as const }),
    }
  }
  const pass = result.ok && result.value === want
  const emptyWordRule = !result.ok && (hasEmptyWord(pattern) || hasEmptyWord(key))
  return { pass, expected: show(want), ...(emptyWordRule ? { note: 'empty-word-rule' as const } : {}) }
}

export function gradeCall(ex: CodeExercise, planned: PlannedCall, result: CallResult): CaseReport {
  const report = judge(ex, planned, result)
  const clipped = { ...report, expected: clip(report.expected), actual: clip(report.actual) }
  // An answer the sandbox refused as too large fails with that reason; the Worker's English text is
  // replaced by a neutral mark and the note says it in the reader's language.
  if (!result.ok && result.tooLarge)
    return { ...clipped, pass: false, actual: TOO_LARGE_MARK, note: 'too-large' }
  return clipped
}

function judge(ex: CodeExercise, planned: PlannedCall, result: CallResult): CaseReport {
  const { args, kind } = planned
  const base = { call: callText(ex, args), kind }
  const actual = result.ok ? show(result.value) : result.error
  if (ex.kind === 'cases') {
    if (!result.ok) return { ...base, pass: false, expected: '[[pattern, key, expected], …]', actual }
    return { ...base, ...gradeCases(String(args[0]), result.value), actual }
  }
  if (ex.kind === 'matcher') return { ...base, ...gradeMatcher(ex, args, result), actual }
  if (ex.kind === 'dedup') {
    const want = engineQueues(args[0] as BindingInput[], args[1] as string)
    const value = result.ok ? result.value : undefined
    const dup = Array.isArray(value) && new Set(value).size !== value.length
    const pass = result.ok && !dup && sameSet(value, want)
    return { ...base, pass, expected: show(want), actual, ...(dup ? { note: 'duplicates' as const } : {}) }
  }
  const want = engineTable(args[0] as string, args[1] as string)
  return { ...base, pass: result.ok && show(result.value) === show(want), expected: show(want), actual }
}

/** The expected value of a visible case, as the tests table lists it before any run. */
export function expectedOf(ex: CodeExercise, args: unknown[]): Pick<CaseReport, 'expected' | 'throws'> {
  const r = gradeCall(ex, { args, kind: 'visible' }, { ok: true, value: null, ms: 0 })
  return r.throws ? { expected: r.expected, throws: r.throws } : { expected: r.expected }
}
