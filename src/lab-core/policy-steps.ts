/**
 * Policy steps on a real broker: the management API's request body (`PUT /api/policies/VHOST/NAME`),
 * the pattern rewritten for prefix mode, and what to wait for afterwards. The broker stores a policy
 * at once but applies it to each matching queue asynchronously, so a kit waits until the management
 * API lists the policy on every queue and exchange the engine says it now governs.
 */
import { prefixedPolicyPattern, runOperations, toAmqpTable } from '../engine'
import { jsonTable } from './http-bodies'
import { brokerName } from './kit-shared'
import { type LabPlan, type LabStep, stepVhost } from './plan'

type PolicySet = Extract<LabStep, { op: 'policy.set' }>

/** The body the management API takes; typed values become plain JSON (see limits.ts). */
export function policyBody({ policy: p }: PolicySet) {
  let definition: unknown = p.definition
  try {
    definition = jsonTable(toAmqpTable(p.definition))
  } catch {
    // Not a table the engine can read: sent as written, the broker judges it.
  }
  return { pattern: p.pattern, 'apply-to': p['apply-to'] ?? 'all', priority: p.priority ?? 0, definition }
}

/**
 * The pattern for prefix mode, in parts to join with the prefix escaped as a PCRE literal
 * (`parts.join(escaped)`), or null to send the pattern as written: PCRE refuses it anyway, with the
 * same text (a kit that sees it accepted deletes it at once). A pattern the engine does not parse
 * is only fenced in behind the prefix (limit `prefix-policy-pattern`).
 */
export function prefixedPatternParts(pattern: string): string[] | null {
  const r = prefixedPolicyPattern(pattern)
  if ('parts' in r) return r.parts
  if ('invalid' in r) return null
  return ['^', `(?:${pattern})`]
}

/** One entity a policy step changes: its kind, name and the policy it should then show ("" = none). */
export type PolicyWait = ['queue' | 'exchange', string, string]

interface Governed {
  kind: 'queue' | 'exchange'
  name: string
  policy: string
}

function governed(plan: LabPlan, upTo: number, vhost: string): Map<string, Governed> {
  const { topology } = runOperations(plan.steps.slice(0, upTo), plan.profile, {
    vhosts: plan.vhosts,
    explain: false,
  })
  const out = new Map<string, Governed>()
  for (const x of topology.exchanges)
    if (x.vhost === vhost)
      out.set(`e:${x.name}`, { kind: 'exchange', name: brokerName(x.name), policy: x.policy ?? '' })
  for (const q of topology.queues)
    if (q.vhost === vhost)
      out.set(`q:${q.name}`, { kind: 'queue', name: brokerName(q.name), policy: q.policy ?? '' })
  return out
}

/**
 * For each policy step (by index in `plan.steps`), the queues and exchanges whose policy it changes,
 * with the policy the engine says they then have. Entities declared later take their policy when
 * they are declared, synchronously: nothing to wait for.
 */
export function policyWaits(plan: LabPlan): Map<number, PolicyWait[]> {
  const out = new Map<number, PolicyWait[]>()
  plan.steps.forEach((s, i) => {
    if (s.op !== 'policy.set' && s.op !== 'policy.clear') return
    const v = stepVhost(s)
    const before = governed(plan, i, v)
    const after = governed(plan, i + 1, v)
    const waits: PolicyWait[] = []
    for (const [key, g] of after)
      if ((before.get(key)?.policy ?? '') !== g.policy) waits.push([g.kind, g.name, g.policy])
    out.set(i, waits)
  })
  return out
}
