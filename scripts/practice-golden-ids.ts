/**
 * `npx tsx scripts/practice-golden-ids.ts`: adds golden generated questions for any template/level
 * that has none yet to tests/fixtures/practice/golden-questions.json. Existing entries are never
 * rewritten: they freeze what each published id builds (docs/practice.md, "Generated question ids").
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { generateQuestion, LEVELS, TEMPLATE_IDS } from '../src/practice/generator/generate'

const FILE = 'tests/fixtures/practice/golden-questions.json'
const SEEDS = [7, 3141592653]

let golden: Record<string, unknown> = {}
try {
  golden = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>
} catch {
  // first run: start empty
}
let added = 0
for (const template of TEMPLATE_IDS)
  for (const level of LEVELS) {
    const prefix = `gen-${template}-${level}-`
    if (Object.keys(golden).some((id) => id.startsWith(prefix))) continue
    for (const seed of SEEDS) {
      const q = generateQuestion(seed, level, template)
      golden[q.id] = q.scenario
      added++
    }
  }
writeFileSync(FILE, `${JSON.stringify(golden, null, 2)}\n`)
process.stdout.write(`${added} golden question(s) added to ${FILE}\n`)
