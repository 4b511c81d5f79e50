/**
 * Checks that parsed JSON is a scenario before it runs, with the path of the first problem
 * (`publishes[2].routing_key: expected a string`). Values in headers/arguments are checked by
 * converting them as amqplib would.
 */

import { isProfileName, PROFILES } from '../broker/profiles'
import type { JsonValue, Scenario } from '../broker/types'
import { AmqpValueError, toAmqpTable } from '../values/amqp-values'
import { jsonErrorOffset, lineColumn } from '../values/json-locate'

export class ScenarioFormatError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(`${path || 'scenario'}: ${detail}`)
    this.name = 'ScenarioFormatError'
  }
}

type Obj = { [key: string]: unknown }
type FieldKind = 'string' | 'boolean' | 'table' | 'number'

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x)

const SECTIONS: { [section: string]: { required: string[]; fields: { [name: string]: FieldKind } } } = {
  exchanges: {
    required: ['name', 'type'],
    fields: {
      name: 'string',
      type: 'string',
      vhost: 'string',
      durable: 'boolean',
      auto_delete: 'boolean',
      internal: 'boolean',
      arguments: 'table',
      passive: 'boolean',
    },
  },
  queues: {
    required: ['name'],
    fields: {
      name: 'string',
      vhost: 'string',
      durable: 'boolean',
      exclusive: 'boolean',
      auto_delete: 'boolean',
      arguments: 'table',
      passive: 'boolean',
    },
  },
  bindings: {
    required: ['source', 'destination', 'destination_type'],
    fields: {
      source: 'string',
      destination: 'string',
      destination_type: 'string',
      routing_key: 'string',
      vhost: 'string',
      arguments: 'table',
    },
  },
  publishes: {
    required: ['id', 'exchange'],
    fields: {
      id: 'string',
      exchange: 'string',
      routing_key: 'string',
      vhost: 'string',
      headers: 'table',
      mandatory: 'boolean',
      properties: 'table',
      body: 'string',
    },
  },
  policies: {
    required: ['name', 'pattern', 'definition'],
    fields: {
      name: 'string',
      vhost: 'string',
      pattern: 'string',
      'apply-to': 'string',
      priority: 'number',
      definition: 'table',
    },
  },
}

function checkField(path: string, kind: FieldKind, value: unknown): void {
  if (kind === 'table') {
    if (!isObj(value)) throw new ScenarioFormatError(path, 'expected a JSON object')
    try {
      toAmqpTable(value as { [key: string]: JsonValue })
    } catch (e) {
      if (e instanceof AmqpValueError)
        throw new ScenarioFormatError(e.path ? `${path}.${e.path}` : path, e.detail)
      throw e
    }
  } else if (typeof value !== kind) throw new ScenarioFormatError(path, `expected a ${kind}`)
}

/**
 * Validate parsed JSON as a Scenario. Unknown top-level sections (e.g. the rest of a definitions.json
 * export: users, permissions, policies…) are ignored, as are unknown fields inside items.
 */
export function validateScenario(json: unknown): Scenario {
  if (!isObj(json)) throw new ScenarioFormatError('', 'expected a JSON object')
  if (json.profile !== undefined && !isProfileName(json.profile))
    throw new ScenarioFormatError(
      'profile',
      `unknown profile; use one of ${Object.keys(PROFILES).join(', ')}`,
    )
  if (json.vhosts !== undefined) {
    if (!Array.isArray(json.vhosts)) throw new ScenarioFormatError('vhosts', 'expected an array')
    json.vhosts.forEach((v, i) => {
      if (!isObj(v) || typeof v.name !== 'string')
        throw new ScenarioFormatError(`vhosts[${i}].name`, 'expected a string')
    })
  }
  for (const [section, spec] of Object.entries(SECTIONS)) {
    const list = json[section]
    if (list === undefined) continue
    if (!Array.isArray(list)) throw new ScenarioFormatError(section, 'expected an array')
    list.forEach((item, i) => {
      const at = `${section}[${i}]`
      if (!isObj(item)) throw new ScenarioFormatError(at, 'expected a JSON object')
      for (const r of spec.required)
        if (item[r] === undefined) throw new ScenarioFormatError(`${at}.${r}`, 'missing required field')
      for (const [field, kind] of Object.entries(spec.fields))
        if (item[field] !== undefined) checkField(`${at}.${field}`, kind, item[field])
      // A missing routing key is AMQP's default, the empty key (bindings and publishes alike).
      if ((section === 'bindings' || section === 'publishes') && item.routing_key === undefined)
        item.routing_key = ''
      if (section === 'bindings' && item.destination_type !== 'queue' && item.destination_type !== 'exchange')
        throw new ScenarioFormatError(`${at}.destination_type`, "expected 'queue' or 'exchange'")
    })
  }
  return json as Scenario
}

/** Parse scenario text; a JSON syntax error is reported with its line and column. */
export function parseScenarioText(text: string): Scenario {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    const at = jsonErrorOffset(text)
    const where = at >= 0 ? lineColumn(text, at) : null
    throw new ScenarioFormatError(
      where ? `line ${where.line}, column ${where.column}` : '',
      `invalid JSON (${message})`,
    )
  }
  return validateScenario(json)
}
