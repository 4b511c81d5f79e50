/**
 * `npm run --silent route -- FILE` (FILE `-` = stdin): run a scenario through the engine and print
 * its result JSON ({queues, returns, errors}) on stdout, nothing else. Exit codes: 0 ok, 2 usage or
 * bad input (a located message on stderr), 1 internal error (one line, no stack); see route-text.ts.
 */
import { readFileSync } from 'node:fs'
import { routeText } from './route-text'

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
  const out = routeText(text, file === '-' ? '<stdin>' : file)
  process.stdout.write(out.stdout)
  process.stderr.write(out.stderr)
  return out.code
}

process.exitCode = main(process.argv.slice(2))
