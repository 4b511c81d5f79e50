import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Agreement counts of one test file. */
export interface Tally {
  scenarios: number
  agreed: number
  disagreed: number
  /** Broker error texts the engine reproduced, and those it words differently (a disagreement too). */
  textsMatched?: number
  textsDiffered?: number
}

export function newTally(): Tally {
  return { scenarios: 0, agreed: 0, disagreed: 0 }
}

/** Each test file writes its own counts; the global teardown adds them up. */
export function saveTally(dir: string, name: string, tally: Tally): void {
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(tally))
}

export function printSummary(dir: string): void {
  const total = newTally()
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const t = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Tally
    total.scenarios += t.scenarios
    total.agreed += t.agreed
    total.disagreed += t.disagreed
    total.textsMatched = (total.textsMatched ?? 0) + (t.textsMatched ?? 0)
    total.textsDiffered = (total.textsDiffered ?? 0) + (t.textsDiffered ?? 0)
  }
  console.log(
    `conformance: ${total.scenarios} scenarios, ${total.agreed} publishes agreed, ${total.disagreed} disagreed`,
  )
  console.log(
    `conformance: error texts: ${total.textsMatched} as the broker words them, ${total.textsDiffered} worded differently`,
  )
}
