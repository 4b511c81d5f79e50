/** The lint: every rule over every vhost, findings ordered by severity, then where they were written. */
import type { AnalysisBroker } from '../analysis-broker'
import { locationKey } from '../analysis-broker'
import { type AnalysisBudget, DEFAULT_BUDGET } from '../message-space'
import { finding, type Locate } from './finding'
import { lintContext } from './lint-context'
import type { LintFinding } from './lint-types'
import { bindingRules } from './rules-bindings'
import { deadLetterReach, deadLetterRules } from './rules-dead-letter'
import { policyRules } from './rules-policies'
import { reachRules } from './rules-reach'

export interface LintResult {
  findings: LintFinding[]
  /** Queues and exchanges a "never" rule could not decide within the budget (and so said nothing). */
  undecided: { vhost: string; subject: string }[]
}

const ORDER = { error: 0, warning: 1, info: 2 } as const

export function lintTopology(input: AnalysisBroker, budget: AnalysisBudget = DEFAULT_BUDGET): LintResult {
  const { broker, locations, refused } = input
  const locate: Locate = (s) =>
    s.kind === 'binding' && s.binding
      ? locations.get(`binding:${s.binding.id}`)
      : locations.get(locationKey(s.kind === 'binding' ? 'queue' : s.kind, s.vhost, s.name))
  const findings: LintFinding[] = []
  const undecided: LintResult['undecided'] = []
  for (const o of refused) {
    if (!o.error) continue
    const f = finding(
      'refused-declaration',
      {
        kind: o.op === 'policy.set' ? 'policy' : o.op.startsWith('queue') ? 'queue' : 'exchange',
        vhost: '/',
        name: o.id,
      },
      {
        en: `the broker refuses ${o.id}: ${o.error.code} ${o.error.text}; the analysis sees the topology without it`,
        zh: `代理会拒绝 ${o.id}：${o.error.code} ${o.error.text}；分析时不包含它`,
      },
      {
        en: 'fix this step first (see its error in the editor)',
        zh: '先修正这一步（编辑器里有它的错误说明）',
      },
      null,
      () => o.loc,
    )
    findings.push(f)
  }
  for (const vhost of broker.vhosts.values()) {
    const ctx = lintContext(vhost, broker.profile, budget)
    const dl = deadLetterReach(vhost)
    findings.push(
      ...bindingRules(vhost, locate),
      ...reachRules(ctx, dl.fed, dl.queues, locate),
      ...deadLetterRules(ctx, locate),
      ...policyRules(vhost, locate),
    )
    for (const subject of ctx.undecided) undecided.push({ vhost: vhost.name, subject })
  }
  findings.sort(
    (a, b) =>
      ORDER[a.severity] - ORDER[b.severity] ||
      (a.loc?.line ?? Number.MAX_SAFE_INTEGER) - (b.loc?.line ?? Number.MAX_SAFE_INTEGER),
  )
  return { findings, undecided }
}
