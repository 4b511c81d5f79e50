/**
 * Rules about where messages go: queues nothing reaches, bindings nothing matches or that another
 * binding always covers, messages that reach nothing, alternate exchanges that route nothing. Every
 * claim comes from routing each message class with the ordinary router (lint-context.ts); a rule that
 * says "never" is skipped for an entry whose classes ran past the budget.
 */
import type { BindingRecord } from '../../model'
import { alternateOf } from '../analysis-broker'
import { routeWitness, witnessOf } from '../class-route'
import { bindingSubject, bindingText, finding, type Locate } from './finding'
import type { VhostReach } from './lint-context'
import type { LintFinding } from './lint-types'

export function reachRules(
  reach: VhostReach,
  deadLetterReached: ReadonlySet<string>,
  fedByDeadLetter: ReadonlySet<string>,
  locate: Locate,
): LintFinding[] {
  const { vhost, profile } = reach
  const v = vhost.name
  const out: LintFinding[] = []
  const reached = new Set<string>()
  const visited = new Set<string>()
  const matchedAnywhere = new Set<string>()
  const needed = new Set<string>()
  // Same-destination bindings matched together by some class: removing one keeps the route only if
  // another member stays.
  const groups = new Map<string, BindingRecord[]>()
  const unroutableAt = new Map<string, number>()
  const aeChecked = new Set<string>()

  reach.routed.forEach((r, i) => {
    for (const q of r.route.queues) reached.add(q)
    if (r.route.queues.length === 0 && !unroutableAt.has(r.entry)) unroutableAt.set(r.entry, i)
    for (const x of new Set(r.route.exchanges)) {
      visited.add(x)
      const matched = reach.matchedAt(r, x)
      const byDest = new Map<string, BindingRecord[]>()
      for (const b of matched) {
        matchedAnywhere.add(b.id)
        const key = b.destKey
        byDest.set(key, [...(byDest.get(key) ?? []), b])
      }
      for (const list of byDest.values()) {
        if (list.length === 1) needed.add((list[0] as BindingRecord).id)
        else groups.set(list.map((b) => b.id).join(','), list)
      }
    }
    // An alternate exchange that was used: can it route what fell to it?
    for (const hop of r.route.hops) {
      if (hop.alternate?.status !== 'used' || aeChecked.has(hop.exchange)) continue
      const ae = hop.alternate.name
      const again = routeWitness(vhost, profile, ae, r.cls.key.key, r.cls.headers.headers, {
        kind: 'alternate',
        from: hop.exchange,
      })
      if (again.queues.length > 0) continue
      aeChecked.add(hop.exchange)
      out.push(
        finding(
          'alternate-cannot-route',
          { kind: 'exchange', vhost: v, name: hop.exchange },
          {
            en: `messages that ${hop.exchange} cannot route fall to its alternate exchange ${ae}, which routes this one nowhere either: it is lost`,
            zh: `${hop.exchange} 路由不了的消息会落到备用交换机 ${ae}，而 ${ae} 也路由不了这条消息：它丢失了`,
          },
          {
            en: `bind a catch-all queue to ${ae} (# on a topic exchange, or make ${ae} a fanout exchange)`,
            zh: `给 ${ae} 绑定一个全收队列（topic 用 #，或把 ${ae} 设为 fanout 交换机）`,
          },
          // Published to that exchange itself when a client can; else the way it got there.
          vhost.exchanges.get(hop.exchange)?.internal === false
            ? witnessOf(hop.exchange, r.cls.key.key, r.cls.headers.headers)
            : reach.witness(r),
          locate,
        ),
      )
    }
    for (const hop of r.route.hops)
      if (hop.alternate?.status === 'missing' && !aeChecked.has(`missing:${hop.exchange}`)) {
        aeChecked.add(`missing:${hop.exchange}`)
        out.push(
          finding(
            'alternate-missing',
            { kind: 'exchange', vhost: v, name: hop.exchange },
            {
              en: `${hop.exchange} names ${hop.alternate.name} as its alternate exchange, but no such exchange exists: messages it cannot route are dropped`,
              zh: `${hop.exchange} 把 ${hop.alternate.name} 设为备用交换机，但该交换机不存在：它路由不了的消息会被丢弃`,
            },
            {
              en: `declare exchange ${hop.alternate.name}, or fix the alternate-exchange name`,
              zh: `声明交换机 ${hop.alternate.name}，或改正 alternate-exchange 的名称`,
            },
            reach.witness(r),
            locate,
          ),
        )
      }
  })

  // An alternate exchange no routed message ever needed is still missing when it does not exist.
  for (const x of vhost.exchanges.values()) {
    const ae = alternateOf(vhost, x.name)
    if (!ae || vhost.exchanges.has(ae.name) || aeChecked.has(`missing:${x.name}`)) continue
    out.push(
      finding(
        'alternate-missing',
        { kind: 'exchange', vhost: v, name: x.name },
        {
          en: `${x.name} names ${ae.name} as its alternate exchange, but no such exchange exists`,
          zh: `${x.name} 把 ${ae.name} 设为备用交换机，但该交换机不存在`,
        },
        {
          en: `declare exchange ${ae.name}, or fix the alternate-exchange name`,
          zh: `声明交换机 ${ae.name}，或改正 alternate-exchange 的名称`,
        },
        null,
        locate,
      ),
    )
  }

  for (const [entry, i] of unroutableAt) {
    const x = vhost.exchanges.get(entry)
    // No bindings: exchange-no-way-out says it; an alternate exchange: alternate-cannot-route does.
    if (!x || x.outgoing.size === 0 || alternateOf(vhost, entry)) continue
    const r = reach.routed[i]
    if (!r) continue
    const w = reach.witness(r)
    out.push(
      finding(
        'unroutable-messages',
        { kind: 'exchange', vhost: v, name: entry },
        {
          en: `some messages published to ${entry} reach no queue, e.g. routing key ${JSON.stringify(w.routing_key)}: they are dropped (or returned with mandatory)`,
          zh: `发到 ${entry} 的部分消息到不了任何队列，例如路由键 ${JSON.stringify(w.routing_key)}：它们会被丢弃（mandatory 时退回）`,
        },
        {
          en: `if they matter, give ${entry} an alternate exchange with a catch-all queue`,
          zh: `若这些消息重要，给 ${entry} 配一个带全收队列的备用交换机`,
        },
        w,
        locate,
      ),
    )
  }

  const decided = reach.undecided.length === 0
  if (decided)
    for (const q of [...vhost.queues.values()].sort((a, b) => a.seq - b.seq)) {
      if (reached.has(q.name) || deadLetterReached.has(q.name)) continue
      out.push(
        finding(
          'queue-unreachable',
          { kind: 'queue', vhost: v, name: q.name },
          {
            en: `no message published to any named exchange reaches queue ${q.name} (only a publish to the default exchange with key ${JSON.stringify(q.name)} would)`,
            zh: `发到任何具名交换机的消息都到不了队列 ${q.name}（只有以 ${JSON.stringify(q.name)} 为键发到默认交换机才行）`,
          },
          {
            en: `bind ${q.name} to the exchange its messages are published to`,
            zh: `把 ${q.name} 绑定到消息所发往的交换机`,
          },
          null,
          locate,
        ),
      )
    }

  // Later bindings go first: of two that cover each other, the one written later is the redundant one.
  const removed = new Map<string, BindingRecord>()
  const groupsOf = new Map<string, BindingRecord[][]>()
  for (const list of groups.values())
    for (const b of list) groupsOf.set(b.id, [...(groupsOf.get(b.id) ?? []), list])
  const allBindings = [...vhost.bindings.values()].sort(
    (a, b) => Number(b.id.slice(1)) - Number(a.id.slice(1)),
  )
  for (const b of allBindings) {
    if (needed.has(b.id) || !matchedAnywhere.has(b.id)) continue
    let cover: BindingRecord | undefined
    const ok = (groupsOf.get(b.id) ?? []).every((list) => {
      const keep = list.find((o) => o !== b && !removed.has(o.id))
      cover ??= keep
      return keep !== undefined
    })
    if (ok && cover) removed.set(b.id, cover)
  }

  if (decided)
    for (const x of [...vhost.exchanges.values()].sort((a, b) => a.seq - b.seq)) {
      if (!visited.has(x.name) || fedByDeadLetter.has(x.name)) continue
      for (const b of x.outgoing) {
        const text = bindingText(b)
        if (!matchedAnywhere.has(b.id)) {
          if (!x.internal) continue // everything can be published there: only the headers rule applies
          out.push(
            finding(
              'binding-never-matches',
              bindingSubject(v, b),
              {
                en: `${text.en}: no message that can arrive at internal exchange ${x.name} matches it (what its upstream bindings pass never fits this key)`,
                zh: `${text.zh}：能到达内部交换机 ${x.name} 的消息没有一条匹配它（上游绑定放行的消息都不符合这个键）`,
              },
              {
                en: 'compare this key with the keys of the bindings that feed the exchange',
                zh: '把这个键与给该交换机送消息的上游绑定键对照',
              },
              null,
              locate,
            ),
          )
          continue
        }
        const other = removed.get(b.id)
        if (!other) continue
        out.push(
          finding(
            'binding-redundant',
            bindingSubject(v, b),
            {
              en: `${text.en}: every message it matches also reaches ${b.destination} through another binding (e.g. key ${JSON.stringify(other.routing_key)}), and the queue gets one copy anyway`,
              zh: `${text.zh}：它匹配的每条消息都会经另一个绑定到达 ${b.destination}（例如键 ${JSON.stringify(other.routing_key)}），而队列本来就只收一份`,
            },
            {
              en: 'remove it, unless it documents intent (removing it changes no route)',
              zh: '可以删除它（删除不改变任何路由），除非留着是为了表明意图',
            },
            null,
            locate,
          ),
        )
      }
    }
  return out
}
