/**
 * Grading a level by outcome (docs/levels.md): the learner's script is run by the ordinary engine,
 * each `expect` goal is checked over every message by the analysis (so no finite list of test keys
 * can be gamed, and a catch-all fails an "only" goal), each named message is published alone on the
 * learner's topology, and a failing goal names its counter-example, where it went and which binding
 * sent it. The rules (what may change, at most N bindings) and the changes counted against par come
 * from comparing the learner's topology with the start's.
 */
import {
  analysisBroker,
  checkRequirements,
  DEFAULT_PROFILE,
  type Operation,
  type ProfileName,
  type PublishExplanation,
  parseScript,
  type QueueDelivery,
  type RunResult,
  runOperations,
  type ScenarioPublish,
  type ScriptDiagnostic,
  type TopologySnapshot,
  tableIdentityKey,
} from '../engine'
import { goalPublish, goalRequirement } from './level-schema'
import type { Goal, Level, MessageOutcome } from './level-types'

export interface BindingRef {
  id: string
  source: string
  destination: string
  destinationType: 'queue' | 'exchange'
  key: string
}

/** Where one message went on a topology, as the ordinary engine routed it. */
export interface MessageRoute {
  publish: ScenarioPublish
  /** Queues holding it at the end of the run (after dead-lettering), sorted. */
  queues: string[]
  returned: boolean
  /** For each queue it reached directly: the bindings that sent it there. */
  sentBy: { queue: string; bindings: BindingRef[] }[]
  /** The run, for the diagram and the why panel. */
  explanation: PublishExplanation | null
  topology: TopologySnapshot
}

export interface GoalResult {
  index: number
  goal: Goal
  /** null: could not be decided (a broken requirement, the analysis budget). */
  met: boolean | null
  /** The message whose route decides the line: the goal's message, or a counter-example. */
  route: MessageRoute | null
  /** For an `expect` goal that fails: where the counter-example should have gone (the queues named). */
  error?: string
}

export type RuleProblem =
  | { kind: 'syntax'; diagnostic: ScriptDiagnostic }
  | { kind: 'refused'; line: number | null; text: string }
  | { kind: 'changed'; entity: string }
  | { kind: 'locked'; entity: string }
  | { kind: 'too-many-bindings'; count: number; max: number }

export interface LevelGrade {
  goals: GoalResult[]
  problems: RuleProblem[]
  /** Bindings added or removed, entities declared, deleted or changed, compared with the start. */
  changes: number
  solved: boolean
  /** Solved with no more changes than par. */
  atPar: boolean
}

const bindingSig = (b: TopologySnapshot['bindings'][number]) =>
  [b.vhost, b.source, b.destination_type, b.destination, b.routing_key, tableIdentityKey(b.arguments)].join(
    '\u0000',
  )

function entitySigs(t: TopologySnapshot): Map<string, string> {
  const m = new Map<string, string>()
  for (const x of t.exchanges)
    if (!x.builtin)
      m.set(
        `exchange ${x.vhost === '/' ? '' : `${x.vhost}/`}${x.name}`,
        JSON.stringify([x.type, x.durable, x.auto_delete, x.internal, tableIdentityKey(x.arguments)]),
      )
  for (const q of t.queues)
    m.set(
      `queue ${q.vhost === '/' ? '' : `${q.vhost}/`}${q.name}`,
      JSON.stringify([q.durable, q.exclusive, q.auto_delete, tableIdentityKey(q.arguments)]),
    )
  for (const p of t.policies ?? [])
    m.set(
      `policy ${p.name}`,
      JSON.stringify([p.pattern, p.applyTo, p.priority, tableIdentityKey(p.definition)]),
    )
  return m
}

function countBy<T>(items: readonly T[], key: (t: T) => string): Map<string, number> {
  const m = new Map<string, number>()
  for (const t of items) m.set(key(t), (m.get(key(t)) ?? 0) + 1)
  return m
}

/** Bindings added or removed, and entities whose declaration differs, between two topologies. */
function topologyChanges(
  before: TopologySnapshot,
  after: TopologySnapshot,
): { bindings: number; entities: string[] } {
  const a = countBy(before.bindings, bindingSig)
  const b = countBy(after.bindings, bindingSig)
  let bindings = 0
  for (const k of new Set([...a.keys(), ...b.keys()])) bindings += Math.abs((a.get(k) ?? 0) - (b.get(k) ?? 0))
  const ea = entitySigs(before)
  const eb = entitySigs(after)
  const entities = [...new Set([...ea.keys(), ...eb.keys()])].filter((k) => ea.get(k) !== eb.get(k)).sort()
  return { bindings, entities }
}

/** The topology of a script (its publishes and expects left out). */
export interface ScriptTopology {
  ops: Operation[]
  profile: ProfileName
  vhosts: string[]
  run: RunResult
  diagnostics: ScriptDiagnostic[]
}

export function scriptTopology(text: string): ScriptTopology {
  const parsed = parseScript(text)
  const ops = parsed.ops.filter((o) => o.op !== 'publish')
  const profile = parsed.profile ?? DEFAULT_PROFILE
  const run = runOperations(ops, profile, { vhosts: parsed.vhosts, explain: false })
  return { ops, profile, vhosts: parsed.vhosts, run, diagnostics: parsed.diagnostics }
}

/** Publishes one message alone on a topology and reads where it ended and which bindings sent it. */
export function routeMessage(t: ScriptTopology, publish: ScenarioPublish): MessageRoute {
  const run = runOperations([...t.ops, { op: 'publish', publish }], t.profile, { vhosts: t.vhosts })
  const id = publish.id
  const queues = Object.entries(run.result.queues)
    .filter(([, ids]) => ids.includes(id))
    .map(([q]) => q)
    .sort()
  const explanation = run.publishes[run.publishes.length - 1] ?? null
  const byId = new Map(run.topology.bindings.map((b) => [b.id, b]))
  // Which bindings delivered each copy, for a publish's queues and its dead-letterings alike.
  const sender = (d: QueueDelivery) => ({
    queue: d.queue,
    bindings: d.reachedBy.flatMap((r) => {
      const b = r.bindingId ? byId.get(r.bindingId) : undefined
      return b
        ? [
            {
              id: b.id,
              source: b.source,
              destination: b.destination,
              destinationType: b.destination_type,
              key: b.routing_key,
            },
          ]
        : []
    }),
  })
  const sentBy = (explanation?.queues ?? []).map(sender)
  for (const d of explanation?.deadLetters ?? []) for (const q of d.queues) sentBy.push(sender(q))
  return {
    publish,
    queues,
    returned: run.result.returns.some((r) => r.id === id),
    sentBy,
    explanation,
    topology: run.topology,
  }
}

export function outcomeMet(expected: MessageOutcome, route: MessageRoute): boolean {
  if (expected === 'returned') return route.returned
  if (expected === 'dropped') return !route.returned && route.queues.length === 0
  const want = [...new Set(expected)].sort()
  return want.length === route.queues.length && want.every((q, i) => route.queues[i] === q)
}

function gradeGoals(goals: readonly Goal[], t: ScriptTopology): GoalResult[] {
  const analysis = goals.some((g) => 'expect' in g) ? analysisBroker(t.ops, t.profile, t.vhosts) : null
  return goals.map((goal, index): GoalResult => {
    if ('message' in goal) {
      const publish = goalPublish(goal.message)
      if (typeof publish === 'string') return { index, goal, met: null, route: null, error: publish }
      const route = routeMessage(t, publish)
      return { index, goal, met: outcomeMet(goal.outcome, route), route }
    }
    const requirement = goalRequirement(goal.expect)
    if (typeof requirement === 'string' || !analysis)
      return { index, goal, met: null, route: null, error: String(requirement) }
    const [r] = checkRequirements(analysis.broker, [{ requirement }])
    if (!r) return { index, goal, met: null, route: null }
    if (r.error) return { index, goal, met: null, route: null, error: r.error }
    if (r.holds !== false || !r.counterexample) return { index, goal, met: r.holds, route: null }
    const c = r.counterexample
    const route = routeMessage(t, {
      id: 'counter-example',
      exchange: c.exchange,
      routing_key: c.routing_key,
      ...(Object.keys(c.headers).length ? { headers: c.headers } : {}),
      ...(requirement.vhost ? { vhost: requirement.vhost } : {}),
    })
    return { index, goal, met: false, route }
  })
}

/** The start's topology, computed once per level (the page grades on every Check). */
export function levelStart(level: Level): ScriptTopology {
  return scriptTopology(level.start.join('\n'))
}

export function gradeLevel(
  level: Level,
  text: string,
  start: ScriptTopology = levelStart(level),
): LevelGrade {
  const t = scriptTopology(text)
  const problems: RuleProblem[] = t.diagnostics.map((diagnostic) => ({ kind: 'syntax', diagnostic }))
  for (const o of t.run.outcomes)
    if (!o.ok && o.error) problems.push({ kind: 'refused', line: o.loc?.line ?? null, text: o.error.text })
  const { bindings, entities } = topologyChanges(start.run.topology, t.run.topology)
  const locked = new Set(level.locked ?? [])
  for (const e of entities) {
    const name = e.slice(e.indexOf(' ') + 1)
    if (level.edit === 'bindings') problems.push({ kind: 'changed', entity: e })
    else if (locked.has(name)) problems.push({ kind: 'locked', entity: e })
  }
  const count = t.run.topology.bindings.length
  if (level.maxBindings !== undefined && count > level.maxBindings)
    problems.push({ kind: 'too-many-bindings', count, max: level.maxBindings })
  const goals = gradeGoals(level.goals, t)
  const changes = bindings + entities.length
  const solved = problems.length === 0 && goals.every((g) => g.met === true)
  return { goals, problems, changes, solved, atPar: solved && changes <= level.par }
}
