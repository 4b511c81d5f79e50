/**
 * `npm run --silent analyze -- lint|check FILE`, `… diff BEFORE AFTER` (FILE `-` = stdin): questions
 * about every message (docs/analysis.md). The logic and exit codes live in analyze-text.ts.
 */
import { readFileSync } from 'node:fs'
import { analyzeCli } from './analyze-text'

const out = analyzeCli(process.argv.slice(2), (file) => readFileSync(file === '-' ? 0 : file, 'utf8'))
process.stdout.write(out.stdout)
process.stderr.write(out.stderr)
process.exitCode = out.code
