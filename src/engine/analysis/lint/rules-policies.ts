/** Rules about policies: ties, shadowing, patterns that match nothing, arguments that override. */
import { effectiveFor } from '../../broker/effective-args'
import type { PolicyRecord, Vhost } from '../../broker/model'
import { policyFor } from '../../broker/policies'
import { finding, type Locate } from './finding'
import type { LintFinding } from './lint-types'

type Kind = 'queue' | 'exchange'

function applies(p: PolicyRecord, kind: Kind): boolean {
  return p.applyTo === 'all' || p.applyTo === `${kind}s`
}

export function policyRules(vhost: Vhost, locate: Locate): LintFinding[] {
  const out: LintFinding[] = []
  const v = vhost.name
  const entities: { kind: Kind; name: string; args: import('../../broker/types').AmqpTable }[] = [
    ...[...vhost.queues.values()].map((q) => ({ kind: 'queue' as const, name: q.name, args: q.arguments })),
    ...[...vhost.exchanges.values()]
      .filter((x) => !x.builtin)
      .map((x) => ({ kind: 'exchange' as const, name: x.name, args: x.arguments })),
  ]
  const policies = [...vhost.policies.values()].sort((a, b) => a.seq - b.seq)
  for (const p of policies) {
    const matched = entities.filter((e) => applies(p, e.kind) && p.matcher.test(e.name))
    const subject = { kind: 'policy' as const, vhost: v, name: p.name }
    if (matched.length === 0) {
      out.push(
        finding(
          'policy-matches-nothing',
          subject,
          {
            en: `policy ${p.name} (pattern ${JSON.stringify(p.pattern)}, apply-to ${p.applyTo}) matches no ${p.applyTo === 'all' ? 'queue or exchange' : p.applyTo.slice(0, -1)} here`,
            zh: `策略 ${p.name}（模式 ${JSON.stringify(p.pattern)}，apply-to ${p.applyTo}）在这里匹配不到任何${p.applyTo === 'exchanges' ? '交换机' : p.applyTo === 'queues' ? '队列' : '队列或交换机'}`,
          },
          {
            en: 'check the pattern (it is a regular expression searched anywhere in the name; anchor with ^ and $)',
            zh: '检查模式（它是在名称任意位置查找的正则表达式；用 ^ 和 $ 锚定）',
          },
          null,
          locate,
        ),
      )
      continue
    }
    const wins = matched.filter((e) => policyFor(vhost.policies, e.kind, e.name) === p)
    if (wins.length === 0) {
      const e = matched[0] as (typeof matched)[number]
      const winner = policyFor(vhost.policies, e.kind, e.name) as PolicyRecord
      out.push(
        finding(
          'policy-shadowed',
          subject,
          {
            en: `policy ${p.name} matches ${matched.length} entit${matched.length === 1 ? 'y' : 'ies'}, but on every one another policy wins (e.g. ${winner.name} on ${e.kind} ${e.name}): only one policy applies to an entity`,
            zh: `策略 ${p.name} 匹配 ${matched.length} 个对象，但每一个上都有别的策略胜出（如 ${e.kind === 'queue' ? '队列' : '交换机'} ${e.name} 上的 ${winner.name}）：一个对象只应用一个策略`,
          },
          {
            en: 'merge the definitions into one policy, or give this one a higher priority',
            zh: '把定义合并到一个策略里，或提高这个策略的优先级',
          },
          null,
          locate,
        ),
      )
    }
  }
  for (const e of entities) {
    const top = policies.filter((p) => applies(p, e.kind) && p.matcher.test(e.name))
    if (top.length < 2) continue
    const best = Math.max(...top.map((p) => p.priority))
    const tied = top.filter((p) => p.priority === best)
    if (tied.length >= 2)
      out.push(
        finding(
          'policy-priority-tie',
          { kind: e.kind, vhost: v, name: e.name },
          {
            en: `${e.kind} ${e.name} is matched by policies of equal priority ${best} (${tied.map((p) => p.name).join(', ')}); which one applies is not specified by RabbitMQ`,
            zh: `${e.kind === 'queue' ? '队列' : '交换机'} ${e.name} 被多个优先级同为 ${best} 的策略匹配（${tied.map((p) => p.name).join('、')}）；RabbitMQ 不保证用哪一个`,
          },
          {
            en: 'give the policies different priorities or make their patterns disjoint',
            zh: '给这些策略不同的优先级，或让它们的模式互不重叠',
          },
          null,
          locate,
        ),
      )
  }
  for (const e of entities) {
    const { policy, effective } = effectiveFor(vhost.policies, e.kind, e.name, e.args)
    for (const a of effective) {
      if (a.from !== 'both') continue
      const numeric = typeof a.argument === 'number' && typeof a.policy === 'number'
      out.push(
        finding(
          'argument-overrides-policy',
          { kind: e.kind, vhost: v, name: e.name },
          {
            en: `${e.kind} ${e.name}: argument x-${a.key} = ${String(a.argument)} and policy ${policy} ${a.key} = ${String(a.policy)}; ${numeric ? 'the smaller value' : 'the argument'} (${String(a.value)}) is in force`,
            zh: `${e.kind === 'queue' ? '队列' : '交换机'} ${e.name}：参数 x-${a.key} = ${String(a.argument)}，策略 ${policy} 的 ${a.key} = ${String(a.policy)}；生效的是${numeric ? '较小的值' : '参数'}（${String(a.value)}）`,
          },
          {
            en: 'set it in one place (policies can be changed without redeclaring the queue)',
            zh: '只在一处设置（策略可以不重新声明队列就修改）',
          },
          null,
          locate,
        ),
      )
    }
  }
  return out
}
