/**
 * The strict schema of a level and a chapter file (lessons/levels/*.json, a `#level=` link, an
 * exported level file): unknown keys are errors, every error carries its JSON path, and the scripts
 * in it must parse (a start, solution or wrong answer with a syntax error, a goal that is not one
 * `expect` or one `publish` line, is refused where it is written).
 */
import {
  anyStr,
  arr,
  type Check,
  fail,
  isObject,
  join,
  l10n,
  nat,
  obj,
  oneOf,
  optional,
  str,
} from '../content/schema'
import { parseScript, type Requirement, type ScenarioPublish } from '../engine'
import type { Chapter, Goal, Level, MessageOutcome } from './level-types'

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/

const id: Check<string> = (v, at) =>
  typeof v === 'string' && ID.test(v) ? v : fail(at, 'expected an id (a-z, 0-9 and -, at most 64)')

/** Script lines: each a string; the whole must parse without a diagnostic. */
const script: Check<string[]> = (v, at) => {
  const lines = arr(anyStr)(v, at)
  const parsed = parseScript(lines.join('\n'))
  const d = parsed.diagnostics[0]
  if (d) fail(join(at, d.loc.line - 1), `line ${d.loc.line}: ${d.message}`)
  return lines
}

/** The requirement of an `expect` goal (the text after `expect`), or a located error. */
export function goalRequirement(text: string): Requirement | string {
  const parsed = parseScript(`expect ${text}`)
  const r = parsed.requirements[0]
  if (parsed.diagnostics[0]) return parsed.diagnostics[0].message
  if (!r || parsed.requirements.length !== 1) return 'expected one requirement'
  return r.requirement
}

/** The publish of a message goal (one `publish` line), or an error. */
export function goalPublish(text: string): ScenarioPublish | string {
  const parsed = parseScript(text)
  if (parsed.diagnostics[0]) return parsed.diagnostics[0].message
  const op = parsed.ops[0]
  if (parsed.ops.length !== 1 || op?.op !== 'publish') return 'expected one publish line'
  return op.publish
}

const outcome: Check<MessageOutcome> = (v, at) => {
  if (v === 'returned' || v === 'dropped') return v
  if (Array.isArray(v)) return arr(str)(v, at)
  return fail(at, 'expected a list of queues, "returned" or "dropped"')
}

const goal: Check<Goal> = (v, at) => {
  if (!isObject(v)) return fail(at, 'expected an object')
  if ('expect' in v) {
    const g = obj({ expect: str })(v, at)
    const r = goalRequirement(g.expect)
    if (typeof r === 'string') fail(join(at, 'expect'), r)
    return g
  }
  if ('message' in v) {
    const g = obj({ message: str, outcome })(v, at)
    const p = goalPublish(g.message)
    if (typeof p === 'string') fail(join(at, 'message'), p)
    if (!/^\s*publish\s+(?!to\s)\S+\s+to\s/.test(g.message))
      fail(join(at, 'message'), 'name the message (publish NAME to …): the goal picture shows it')
    return g
  }
  return fail(at, 'expected { "expect": … } or { "message": …, "outcome": … }')
}

const level0 = obj({
  id,
  title: l10n,
  story: l10n,
  kind: oneOf(['build', 'fix']),
  lesson: optional(str),
  start: script,
  edit: oneOf(['bindings', 'topology']),
  maxBindings: optional(nat),
  locked: optional(arr(str)),
  goals: arr(goal, 1),
  hints: arr(l10n, 1),
  solution: script,
  par: nat,
  wrong: arr(obj({ script, why: str })),
})

export const checkLevel: Check<Level> = (v, at) => {
  const level = level0(v, at) as Level
  const ids = new Set<string>()
  level.goals.forEach((g, i) => {
    if (!('message' in g)) return
    const p = goalPublish(g.message)
    if (typeof p === 'string') return
    if (ids.has(p.id)) fail(join(join(at, 'goals'), i), `message ${p.id} is named twice`)
    ids.add(p.id)
  })
  return level
}

export const checkChapter: Check<Chapter> = (v, at) => {
  const c = obj({ id, title: l10n, intro: l10n, lesson: optional(str), levels: arr(checkLevel, 1) })(v, at)
  return c as Chapter
}
