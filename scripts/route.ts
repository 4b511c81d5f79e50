/**
 * `npm run --silent route -- FILE` (FILE `-` = stdin): run a scenario through the engine and print
 * its result JSON ({queues, returns, errors}) on stdout, nothing else. A bad file: a located message
 * on stderr and exit code 2.
 */
import { readFileSync } from 'node:fs'
import { parseScenarioText, runScenario, ScenarioFormatError } from '../src/engine'

function main(argv: string[]): number {
  const file = argv[0]
  if (file === undefined || argv.length > 1) {
    process.stderr.write('usage: npm run --silent route -- FILE   (FILE "-" reads stdin)\n')
    return 2
  }
  let text: string
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8')
  } catch (e) {
    process.stderr.write(`${file}: cannot read: ${e instanceof Error ? e.message : String(e)}\n`)
    return 2
  }
  try {
    const result = runScenario(parseScenarioText(text)).result
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
    return 0
  } catch (e) {
    if (e instanceof ScenarioFormatError) {
      process.stderr.write(`${file === '-' ? '<stdin>' : file}: ${e.message}\n`)
      return 2
    }
    throw e
  }
}

process.exitCode = main(process.argv.slice(2))
