import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Scenario } from '../../../src/engine'

export interface NamedScenario {
  /** File name, e.g. `topic-empty-words.json`. */
  name: string
  /** One line on what the file proves (the `description` field, stripped before running). */
  description: string
  scenario: Scenario
}

/** Reads every `*.json` scenario in `dir` (sorted), with a located error for a broken file. */
export function loadScenarios(dir: string): NamedScenario[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((name) => {
      let raw: Record<string, unknown>
      try {
        raw = JSON.parse(readFileSync(join(dir, name), 'utf8'))
      } catch (e) {
        throw new Error(`${join(dir, name)}: ${(e as Error).message}`)
      }
      const { description, ...scenario } = raw
      return {
        name,
        description: typeof description === 'string' ? description : '',
        scenario: scenario as Scenario,
      }
    })
}
