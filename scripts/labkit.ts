/**
 * `npm run --silent labkit -- kit FLAVOUR FILE` prints the lab kit (node, python, java, http) for a
 * scenario JSON or a playground script; `npm run --silent labkit -- compare FILE OBSERVATION` prints
 * the diff of the engine's prediction and an observation file (docs/lab-kits.md) as JSON. Bad input:
 * a located message on stderr and exit code 2.
 */
import { readFileSync } from 'node:fs'
import { parseScenarioText, parseScript, ScenarioFormatError } from '../src/engine'
import { diffObservation } from '../src/lab-core/diff'
import { kitSource } from '../src/lab-core/kits'
import {
  KIT_FLAVOURS,
  type KitFlavour,
  ObservationError,
  parseObservation,
} from '../src/lab-core/observation'
import { type LabPlan, planFromOperations, planFromScenario, predict } from '../src/lab-core/plan'

const USAGE =
  'usage: npm run --silent labkit -- kit node|python|java|http FILE\n' +
  '       npm run --silent labkit -- compare FILE OBSERVATION\n' +
  '  FILE: a scenario JSON or a playground script\n'

class InputError extends Error {}

/** A scenario JSON, or else a script (as the playground reads it). */
function planOf(file: string): LabPlan {
  const text = readFileSync(file, 'utf8')
  if (/^\s*[{[]/.test(text)) {
    try {
      return planFromScenario(parseScenarioText(text), file)
    } catch (e) {
      if (e instanceof ScenarioFormatError) throw new InputError(`${file}: ${e.message}`)
      throw e
    }
  }
  const parsed = parseScript(text)
  const bad = parsed.diagnostics.find((d) => d.severity === 'error')
  if (bad) throw new InputError(`${file}: line ${bad.loc.line}, column ${bad.loc.column}: ${bad.message}`)
  return planFromOperations(parsed.ops, { title: file, profile: parsed.profile, vhosts: parsed.vhosts })
}

function main(argv: string[]): number {
  try {
    const [cmd, a, b] = argv
    if (cmd === 'kit' && argv.length === 3 && KIT_FLAVOURS.includes(a as KitFlavour)) {
      process.stdout.write(kitSource(a as KitFlavour, planOf(b as string)))
      return 0
    }
    if (cmd === 'compare' && argv.length === 3) {
      const plan = planOf(a as string)
      let obs: ReturnType<typeof parseObservation>
      try {
        obs = parseObservation(readFileSync(b as string, 'utf8'), plan.fingerprint)
      } catch (e) {
        if (e instanceof ObservationError) throw new InputError(`${b}: ${e.message}`)
        throw e
      }
      const diff = diffObservation(plan, predict(plan), obs)
      process.stdout.write(`${JSON.stringify(diff, null, 2)}\n`)
      return 0
    }
    process.stderr.write(USAGE)
    return 2
  } catch (e) {
    if (e instanceof InputError || (e as NodeJS.ErrnoException).code === 'ENOENT') {
      process.stderr.write(`${(e as Error).message}\n`)
      return 2
    }
    process.stderr.write(`labkit: internal error: ${(e as Error).message}\n`)
    return 1
  }
}

process.exitCode = main(process.argv.slice(2))
