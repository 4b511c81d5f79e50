/**
 * Grades one code-exercise call: compares the learner's value with the engine's expectation and says
 * why it failed, in data the UI turns into text (expected vs actual, always shown for the first failure).
 */
import type { CodeExercise } from '../content/types'
import type { CallResult } from '../sandbox/protocol'
import { type BindingInput, engineMatches, engineQueues, engineTable } from './expected'

export interface CaseReport {
  /** Human-readable call, e.g. matches("a.*", "a.b"). */
  call: string
  hidden: boolean
  pass: boolean
  expected: string
  actual: string
  /** A short extra reason code when the value has the right type but breaks a rule. */
  note?: 'duplicates' | 'missing-counterexample' | 'missing-control' | 'wrong-expectation' | 'not-array'
}

const show = (v: unknown) => (v === undefined ? 'undefined' : JSON.stringify(v))

function callText(ex: CodeExercise, args: unknown[]): string {
  return `${ex.entry}(${args.map(show).join(', ')})`
}

function gradeCases(value: unknown): Pick<CaseReport, 'pass' | 'expected' | 'note'> {
  if (!Array.isArray(value))
    return { pass: false, expected: '[[pattern, key, expected], …]', note: 'not-array' }
  const rows = value.filter(
    (r): r is [string, string, boolean] =>
      Array.isArray(r) && typeof r[0] === 'string' && typeof r[1] === 'string' && typeof r[2] === 'boolean',
  )
  for (const [p, k, e] of rows) {
    const truth = engineMatches(p, k)
    if (truth !== e) return { pass: false, expected: show([p, k, truth]), note: 'wrong-expectation' }
  }
  if (!rows.some(([p, k]) => p === 'a.*.c' && k === 'a.b.x.c'))
    return { pass: false, expected: show(['a.*.c', 'a.b.x.c', false]), note: 'missing-counterexample' }
  if (!rows.some(([p, , e]) => p === 'a.*.c' && e))
    return { pass: false, expected: show(['a.*.c', '…', true]), note: 'missing-control' }
  return { pass: true, expected: show(value) }
}

function sameSet(a: unknown, b: string[]): boolean {
  if (!Array.isArray(a) || a.length !== b.length) return false
  const want = new Set(b)
  return a.every((x) => typeof x === 'string' && want.has(x))
}

export function gradeCall(
  ex: CodeExercise,
  args: unknown[],
  result: CallResult,
  hidden: boolean,
): CaseReport {
  const base = { call: callText(ex, args), hidden }
  const actual = result.ok ? show(result.value) : result.error
  if (ex.kind === 'cases') {
    if (!result.ok) return { ...base, pass: false, expected: '[[pattern, key, expected], …]', actual }
    return { ...base, ...gradeCases(result.value), actual }
  }
  if (ex.kind === 'matcher') {
    const want = engineMatches(args[0] as string, args[1] as string)
    return { ...base, pass: result.ok && result.value === want, expected: show(want), actual }
  }
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

/** Every call of an exercise in run order: visible first, then hidden. */
export function allCalls(ex: CodeExercise): { args: unknown[]; hidden: boolean }[] {
  return [
    ...ex.visible.map((args) => ({ args, hidden: false })),
    ...ex.hidden.map((args) => ({ args, hidden: true })),
  ]
}
