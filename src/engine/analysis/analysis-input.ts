/**
 * What the analysis reads: a playground script, a scenario JSON (with its `expect` list) or a
 * RabbitMQ definitions.json export — told apart by content, each refused with a located message.
 */

import { DEFAULT_PROFILE, isProfileName } from '../broker/profiles'
import type { Operation, ProfileName, Requirement, Scenario } from '../broker/types'
import { DefinitionsError, importDefinitions } from '../definitions/import'
import { scenarioToOperations } from '../scenario/scenario'
import { parseScenarioText, ScenarioFormatError, validateScenario } from '../scenario/scenario-validate'
import { parseRequirementText, RequirementTextError } from '../script/expect-statement'
import { parseScript } from '../script/parse'
import type { RequirementInput } from './requirement-check'

export interface AnalysisSource {
  kind: 'script' | 'scenario' | 'definitions'
  ops: Operation[]
  profile: ProfileName
  vhosts: string[]
  requirements: RequirementInput[]
}

/** Bad input: `where` is `line L, column C` or a JSON path such as `expect[2]`. */
export class AnalysisInputError extends Error {
  constructor(
    readonly where: string,
    readonly detail: string,
  ) {
    super(where ? `${where}: ${detail}` : detail)
    this.name = 'AnalysisInputError'
  }
}

const DEFINITIONS_MARKERS = [
  'rabbit_version',
  'rabbitmq_version',
  'product_name',
  'product_version',
  'users',
  'permissions',
]
const KINDS: readonly Requirement['kind'][] = ['reaches', 'reaches_only', 'unroutable', 'nothing_but']

function isObj(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

function requirementAt(item: unknown, i: number): Requirement {
  const at = `expect[${i}]`
  if (typeof item === 'string') {
    try {
      return parseRequirementText(item)
    } catch (e) {
      if (e instanceof RequirementTextError)
        throw new AnalysisInputError(`${at}, column ${e.column}`, e.message)
      throw e
    }
  }
  if (!isObj(item))
    throw new AnalysisInputError(at, 'expected a string (the text after `expect`) or an object')
  if (typeof item.kind !== 'string' || !KINDS.includes(item.kind as Requirement['kind']))
    throw new AnalysisInputError(`${at}.kind`, `expected one of ${KINDS.join(', ')}`)
  if (typeof item.key !== 'string')
    throw new AnalysisInputError(`${at}.key`, 'expected a string (topic syntax)')
  const queues = item.queues ?? []
  if (!Array.isArray(queues) || queues.some((q) => typeof q !== 'string'))
    throw new AnalysisInputError(`${at}.queues`, 'expected an array of queue names')
  if (item.kind !== 'unroutable' && queues.length === 0)
    throw new AnalysisInputError(`${at}.queues`, 'name at least one queue')
  for (const f of ['exchange', 'vhost'] as const)
    if (item[f] !== undefined && typeof item[f] !== 'string')
      throw new AnalysisInputError(`${at}.${f}`, 'expected a string')
  if (item.headers !== undefined && !isObj(item.headers))
    throw new AnalysisInputError(`${at}.headers`, 'expected an object')
  for (const k of Object.keys(item))
    if (!['kind', 'key', 'queues', 'headers', 'exchange', 'vhost'].includes(k))
      throw new AnalysisInputError(`${at}.${k}`, 'unknown field')
  return { ...item, queues } as unknown as Requirement
}

/** A scenario's `expect` list as requirements (none when absent); a bad item throws, located. */
export function scenarioRequirements(scenario: unknown): Requirement[] {
  const list = isObj(scenario) ? scenario.expect : undefined
  if (list !== undefined && !Array.isArray(list)) throw new AnalysisInputError('expect', 'expected an array')
  return (list ?? []).map(requirementAt)
}

function fromScenario(scenario: Scenario, kind: 'scenario' | 'definitions'): AnalysisSource {
  const ops = scenarioToOperations(scenario)
  const requirements = scenarioRequirements(scenario)
  return {
    kind,
    ops,
    profile: scenario.profile ?? DEFAULT_PROFILE,
    vhosts: (scenario.vhosts ?? []).map((v) => v.name),
    requirements: requirements.map((requirement, index) => ({ requirement, index })),
  }
}

/** Read a file's text as the analysis input; `profile` overrides the file's own. */
export function analysisSource(text: string, profile?: string): AnalysisSource {
  if (profile !== undefined && !isProfileName(profile))
    throw new AnalysisInputError('--profile', `unknown profile '${profile}'`)
  const source = readSource(text)
  if (profile !== undefined) source.profile = profile as ProfileName
  return source
}

function readSource(text: string): AnalysisSource {
  const trimmed = text.trimStart()
  if (trimmed.startsWith('{')) {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      try {
        parseScenarioText(text)
      } catch (e) {
        if (e instanceof ScenarioFormatError) throw new AnalysisInputError(e.path, e.detail)
      }
      throw new AnalysisInputError('', 'invalid JSON')
    }
    if (isObj(json) && DEFINITIONS_MARKERS.some((k) => Object.hasOwn(json, k))) {
      try {
        return fromScenario(importDefinitions(json).scenario, 'definitions')
      } catch (e) {
        if (e instanceof DefinitionsError)
          throw new AnalysisInputError(e.path, e.message.slice(e.path.length + 2))
        throw e
      }
    }
    try {
      return fromScenario(validateScenario(json), 'scenario')
    } catch (e) {
      if (e instanceof ScenarioFormatError) throw new AnalysisInputError(e.path, e.detail)
      throw e
    }
  }
  const parsed = parseScript(text)
  const error = parsed.diagnostics.find((d) => d.severity === 'error')
  if (error) throw new AnalysisInputError(`line ${error.loc.line}, column ${error.loc.column}`, error.message)
  return {
    kind: 'script',
    ops: parsed.ops,
    profile: parsed.profile ?? DEFAULT_PROFILE,
    vhosts: parsed.vhosts,
    requirements: parsed.requirements.map((w) => ({ requirement: w.requirement, loc: w.loc })),
  }
}
