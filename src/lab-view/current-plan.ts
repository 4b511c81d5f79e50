/** The playground's script as a lab plan and its prediction (recomputed when the text changes). */
import { useMemo } from 'react'
import { parseScript, type RunResult } from '../engine'
import { type LabPlan, planFromOperations, predict } from '../lab-core/plan'
import { usePlayground } from '../store/app-store'

export interface CurrentPlan {
  plan: LabPlan | null
  prediction: RunResult | null
  /** Syntax errors in the script (no plan while there are any). */
  errors: number
}

export function planOfScript(text: string): CurrentPlan {
  const parsed = parseScript(text)
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error').length
  if (errors > 0 || parsed.ops.length === 0) return { plan: null, prediction: null, errors }
  const plan = planFromOperations(parsed.ops, {
    title: 'AMQP routing playground scenario',
    profile: parsed.profile,
    vhosts: parsed.vhosts,
  })
  return { plan, prediction: predict(plan), errors: 0 }
}

export function useCurrentPlan(): CurrentPlan {
  const text = usePlayground((s) => s.text)
  return useMemo(() => planOfScript(text), [text])
}
