/** One door to the four kit generators, by flavour. */
import { httpKit } from './kit-http'
import { javaKit } from './kit-java'
import { nodeKit } from './kit-node'
import { pythonKit } from './kit-python'
import { KIT_FILES, KIT_RUN } from './kit-shared'
import { type KitLimit, kitLimits } from './limits'
import type { KitFlavour } from './observation'
import { type LabPlan, predict } from './plan'

export { KIT_FILES, KIT_RUN }

const GENERATORS: Record<KitFlavour, (plan: LabPlan) => string> = {
  node: nodeKit,
  python: pythonKit,
  java: (plan) => javaKit(plan),
  http: httpKit,
}

export function kitSource(flavour: KitFlavour, plan: LabPlan): string {
  return GENERATORS[flavour](plan)
}

/** The flavour's limits for this plan (client refusals from the engine's prediction). */
export function limitsOf(flavour: KitFlavour, plan: LabPlan): KitLimit[] {
  const refused = predict(plan)
    .result.errors.filter((e) => e.code === 0)
    .map((e) => e.id)
  return kitLimits(plan, flavour, refused)
}
