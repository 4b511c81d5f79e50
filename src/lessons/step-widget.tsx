/** Picks the stepper a lesson step asks for; the steppers read the engine's traces and results. */
import type { RunResult } from '../engine'
import { DpStepper } from '../explain/dp/dp-stepper'
import type { Widget } from './content-types'
import { DedupStepper } from './dedup-stepper'
import { TrieFromRun } from './trie-from-run'
import { UnroutableStepper } from './unroutable-stepper'

/** `ask`: the step's message, where the steppers start (e.g. the one the alternate exchange rescues). */
export function StepWidget({ widget, run, ask }: { widget: Widget; run: RunResult | null; ask?: string }) {
  const first = Math.max(0, run?.publishes.findIndex((p) => p.id === ask) ?? 0)
  switch (widget.kind) {
    case 'dp':
      return <DpStepper pattern={widget.pattern} keyText={widget.key} />
    case 'dedup':
      return run ? <DedupStepper run={run} initial={first} /> : null
    case 'unroutable':
      return run ? <UnroutableStepper run={run} initial={first} /> : null
    case 'trie':
      return run ? <TrieFromRun run={run} initial={first} /> : null
  }
}
