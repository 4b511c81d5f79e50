/** The schema of each practice content file (lessons/practice/*.json), item by item. */

import {
  anyStr,
  arr,
  bool,
  type Check,
  fail,
  isObject,
  json,
  l10n,
  nat,
  obj,
  oneOf,
  optional,
  str,
} from '../../content/schema'
import { type Scenario, ScenarioFormatError, validateScenario } from '../../engine'
import type {
  ChoiceQuestion,
  HomeworkCheck,
  HomeworkTask,
  KnowledgePoint,
  OrderQuestion,
  PredictExercise,
  Question,
} from './types'

const option = obj({ id: anyStr, text: l10n })
const base = {
  id: str,
  kind: oneOf(['explain', 'scenario', 'concept']),
  title: l10n,
  prompt: l10n,
  reasoning: l10n,
  hint: l10n,
}
const choiceShape = obj({
  ...base,
  type: oneOf(['choice']),
  options: arr(option, 2),
  correct: optional(str),
  topicPattern: optional(anyStr),
})
const orderShape = obj({ ...base, type: oneOf(['order']), items: arr(option, 3) })

function uniqueIds(ids: string[], at: string): void {
  const seen = new Set<string>()
  ids.forEach((id, i) => {
    if (seen.has(id)) fail(`${at}[${i}].id`, `"${id}" is used twice`)
    seen.add(id)
  })
}

export const question: Check<Question> = (v, at) => {
  if (isObject(v) && v.type === 'order') {
    const q: OrderQuestion = orderShape(v, at)
    uniqueIds(
      q.items.map((o) => o.id),
      `${at}.items`,
    )
    return q
  }
  if (!isObject(v) || v.type !== 'choice') return fail(`${at}.type`, 'expected choice or order')
  const q: ChoiceQuestion = choiceShape(v, at)
  uniqueIds(
    q.options.map((o) => o.id),
    `${at}.options`,
  )
  if ((q.correct === undefined) === (q.topicPattern === undefined))
    fail(at, 'give exactly one of "correct" and "topicPattern"')
  if (q.correct !== undefined && !q.options.some((o) => o.id === q.correct))
    fail(`${at}.correct`, `"${q.correct}" is not an option id`)
  return q
}

/** A scenario with exactly one publish (a practice question asks about one message). */
const practiceScenario: Check<Scenario> = (v, at) => {
  let s: Scenario
  try {
    s = validateScenario(v)
  } catch (e) {
    if (!(e instanceof ScenarioFormatError)) throw e
    return fail(e.path ? `${at}.${e.path}` : at, e.detail)
  }
  if (s.publishes?.length !== 1) fail(`${at}.publishes`, 'expected exactly one publish')
  return s
}

export const predict: Check<PredictExercise> = obj({
  id: str,
  title: l10n,
  prompt: l10n,
  scenario: practiceScenario,
})

/** A public scenario a check opens: `scenarios/NAME.json`, the only form the `compare=` link takes. */
const publicScenario: Check<string> = (v, at) =>
  /^scenarios\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.json$/.test(str(v, at))
    ? (v as string)
    : fail(at, 'expected scenarios/NAME.json')

const homeworkCheck: Check<HomeworkCheck> = (v, at) => {
  const c = obj({
    first: l10n,
    cases: arr(
      obj({ id: str, label: l10n, look: l10n, scenario: publicScenario, compare: optional(publicScenario) }),
      1,
    ),
  })(v, at)
  uniqueIds(
    c.cases.map((x) => x.id),
    `${at}.cases`,
  )
  return c
}

export const homework: Check<HomeworkTask> = (v, at) => {
  const h = obj({
    id: str,
    number: nat,
    kind: l10n,
    title: l10n,
    task: l10n,
    deliverable: l10n,
    doneWhen: arr(l10n, 1),
    points: arr(str, 1),
    needsBroker: bool,
    scenarioFile: (x, p) => (x === null ? null : str(x, p)),
    timeline: optional(str),
    level: oneOf(['basic', 'applied', 'advanced', 'stretch']),
    check: optional(homeworkCheck),
  })(v, at)
  return h
}

export const knowledgePoint: Check<KnowledgePoint> = obj({ id: str, text: l10n })

/** A code exercise's JSON part; its starter and solution are text files next to it. */
export const codeExercise = obj({
  id: str,
  kind: oneOf(['matcher', 'cases', 'dedup', 'dp-table']),
  rules: oneOf(['rabbitmq', 'strict']),
  entry: str,
  title: l10n,
  prompt: l10n,
  visible: arr(arr(json)),
  hidden: arr(arr(json)),
  generated: nat,
})
