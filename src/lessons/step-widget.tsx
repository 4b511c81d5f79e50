/** Picks the stepper a lesson step asks for; the steppers read the engine's traces and results. */
import type { RunResult } from '../engine'
import { DpStepper } from '../explain/dp/dp-stepper'
import type { Widget } from './content-types'
import { DedupStepper } from './dedup-stepper'
import { TrieFromRun } from './trie-from-run'
import { UnroutableStepper } from './unroutable-stepper'

export function StepWidget({ widget, run }: { widget: Widget; run: RunResult | null }) {
  switch (widget.kind) {
    case 'dp':
      return <DpStepper pattern={widget.pattern} keyText={widget.key} />
    case 'dedup':
      return run ? <DedupStepper run={run} /> : null
    case 'unroutable':
      return run ? <UnroutableStepper run={run} /> : null
    case 'trie':
      return run ? <TrieFromRun run={run} /> : null
  }
}
