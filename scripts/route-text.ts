/**
 * The `route` CLI without its process: scenario text in, what to print and the exit code out, so every
 * bad input can be tested without spawning Node. Codes (docs/routing-semantics.md, "CLI"):
 *   0  the result JSON on stdout
 *   2  usage or bad input: one located line on stderr (`file: path: problem`), nothing on stdout
 *   1  an internal error (an engine bug): one line on stderr, no stack trace
 */
import { parseScenarioText, runScenario, ScenarioFormatError } from '../src/engine'

export interface CliOutcome {
  code: 0 | 1 | 2
  stdout: string
  stderr: string
}

export function routeText(text: string, name: string): CliOutcome {
  let scenario: ReturnType<typeof parseScenarioText>
  try {
    scenario = parseScenarioText(text)
  } catch (e) {
    if (e instanceof ScenarioFormatError) return { code: 2, stdout: '', stderr: `${name}: ${e.message}\n` }
    return internal(name, e)
  }
  try {
    const result = runScenario(scenario).result
    return { code: 0, stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: '' }
  } catch (e) {
    return internal(name, e)
  }
}

function internal(name: string, e: unknown): CliOutcome {
  const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e)
  const line = what.split('\n')[0]
  return { code: 1, stdout: '', stderr: `${name}: internal error (please report it): ${line}\n` }
}
