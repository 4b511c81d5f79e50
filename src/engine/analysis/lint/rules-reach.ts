/**
 * Rules about where messages go: queues nothing reaches, bindings nothing arriving matches or that
 * another binding always covers, messages that reach nothing, alternate exchanges that are missing or
 * route nothing. Each question gets the message space of just the bindings it depends on; every
 * witness is routed by the ordinary router; "never" is said only when that space was complete.
 */

import type { BindingRecord, ExchangeRecord } from '../../broker/model'
import type { AmqpTable } from '../../broker/types'
import { topicMatch } from '../../topic/topic-match'
import { splitWords } from '../../topic/topic-words'
import { alternateOf } from '../analysis-broker'
import { type MessageClass, shorter, spaceOf } from '../message-space'
import {
  closurePatterns,
  destinationPatterns,
  emptyPatterns,
  type PatternSet,
  reachableExchanges,
} from '../pattern-sets'
import { bindingSubject, bindingText, finding, type Locate } from './finding'
import type { LintContext } from './lint-context'
import type { LintFinding } from './lint-types'

/** The bindings of one exchange as a pattern set. */
function bindingsOf(x: ExchangeRecord, only?: readonly BindingRecord[]): PatternSet {
  const set = emptyPatterns()
  for (const b of only ?? x.outgoing) {
    set.edges.push(b.identity)
    if (x.type === 'topic') set.topic.push(b.routing_key)
    else if (x.type === 'direct') set.literal.push(b.routing_key)
    else if (x.type === 'headers') set.headers.push({ arguments: b.arguments, owner: b.id })
  }
  return set
}

/** A key only `b` of the group matches (so `b` is needed), tried with fresh words for `*` and `#`. */
function ownKey(type: string, b: BindingRecord, group: readonly BindingRecord[]): boolean {
  const named = new Set(group.flatMap((o) => splitWords(o.routing_key)))
  let fresh = 'other'
  for (let i = 1; named.has(fresh); i++) fresh = `other${i}`
  const words = splitWords(b.routing_key)
  const samples =
    type === 'direct'
      ? [b.routing_key]
      : [
          words.filter((w) => w !== '#').map((w) => (w === '*' ? fresh : w)),
          words.map((w) => (w === '*' || w === '#' ? fresh : w)),
        ].map((k) => k.join('.'))
  return samples.some((key) => {
    const mine = type === 'direct' ? key === b.routing_key : topicMatch(b.routing_key, key)
    if (!mine) return false
    return group.every(
      (o) => o === b || (type === 'direct' ? key !== o.routing_key : !topicMatch(o.routing_key, key)),
    )
  })
}

/**
 * The message a binding from an entry exchange most plainly matches (its literal key, its pattern
 * with a fresh word for each wildcard, its compared headers): routed by the ordinary router, it
 * usually proves its queue reachable with no search. A probe that misses proves nothing.
 */
function bindingProbe(x: ExchangeRecord, b: BindingRecord): MessageClass {
  let key = ''
  if (x.type === 'direct') key = b.routing_key
  else if (x.type === 'topic')
    key = splitWords(b.routing_key)
      .filter((w) => w !== '#')
      .map((w) => (w === '*' ? 'probe' : w))
      .join('.')
  const headers: AmqpTable = {}
  if (x.type === 'headers') {
    const withX = String(b.arguments['x-match'] ?? '').endsWith('-with-x')
    for (const [k, v] of Object.entries(b.arguments))
      if (k !== 'x-match' && (withX || !k.startsWith('x-'))) headers[k] = v
  }
  return { key: { key, words: splitWords(key), topic: [], literal: [] }, headers: { headers, matched: [] } }
}

export function reachRules(
  ctx: LintContext,
  fedByDeadLetter: ReadonlySet<string>,
  deadLetterQueues: ReadonlySet<string>,
  locate: Locate,
): LintFinding[] {
  const { vhost } = ctx
  const v = vhost.name
  const out: LintFinding[] = []
  const forward = reachableExchanges(vhost, ctx.entries, false)
  const entrySet = new Set(ctx.entries)
  const into = new Map<string, BindingRecord[]>()
  for (const b of vhost.bindings.values()) into.set(b.destKey, [...(into.get(b.destKey) ?? []), b])

  // queue-unreachable: per queue, the bindings on paths to it from any entry.
  for (const q of [...vhost.queues.values()].sort((a, b) => a.seq - b.seq)) {
    if (deadLetterQueues.has(q.name) || ctx.reachedQueues.has(q.name)) continue
    // Routing each probe records every queue it reaches (ctx.reachedQueues), this one included.
    for (const b of into.get(`q:${q.name}`) ?? []) {
      if (ctx.reachedQueues.has(q.name)) break
      const x = vhost.exchanges.get(b.source)
      if (x && entrySet.has(x.name)) ctx.route(x.name, bindingProbe(x, b))
    }
    if (ctx.reachedQueues.has(q.name)) continue
    const space = spaceOf([destinationPatterns(vhost, ctx.entries, `q:${q.name}`)], ctx.profile, {
      budget: ctx.budget,
    })
    const reached =
      space.find((c) => ctx.entries.some((e) => ctx.route(e, c).queues.includes(q.name))) !== null
    if (reached) continue
    if (!space.complete) {
      ctx.undecided.add(`queue ${q.name}`)
      continue
    }
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

  for (const x of [...vhost.exchanges.values()].sort((a, b) => a.seq - b.seq)) {
    if (!forward.has(x.name) || x.name === '') continue
    // binding-redundant: bindings to one destination, compared with each other over every message.
    const byDest = new Map<string, BindingRecord[]>()
    for (const b of x.outgoing) byDest.set(b.destKey, [...(byDest.get(b.destKey) ?? []), b])
    for (const group of byDest.values()) {
      if (group.length < 2) continue
      // Most bindings have a key of their own (the pattern with fresh words) that no other binding
      // to the same destination matches: they are needed, no search required.
      const open =
        x.type === 'topic' || x.type === 'direct' ? group.filter((b) => !ownKey(x.type, b, group)) : group
      if (open.length === 0) continue
      // Only bindings that share some message with b can cover it: ask per binding, over those.
      // Later bindings first: of two that cover each other, the one written later is redundant.
      const removed = new Map<string, BindingRecord>()
      for (const b of [...group].reverse()) {
        if (!open.includes(b)) continue
        const others = group.filter((o) => {
          if (o === b) return false
          const pair = spaceOf([bindingsOf(x, [b, o])], ctx.profile, { budget: ctx.searchBudget })
          const both = pair.find((c) => {
            const m = ctx.matchedAt(pair, c, x.name)
            return m.includes(b) && m.includes(o)
          })
          return both !== null || !pair.complete
        })
        if (others.length === 0) continue
        const space = spaceOf([bindingsOf(x, [b, ...others])], ctx.profile, { budget: ctx.searchBudget })
        let cover: BindingRecord | undefined
        // A class b matches alone, or only with removed bindings, makes b needed.
        const needed = space.find((c) => {
          const m = ctx.matchedAt(space, c, x.name).filter((o) => o === b || others.includes(o))
          if (!m.includes(b)) return false
          const keep = m.find((o) => o !== b && !removed.has(o.id))
          cover ??= keep
          return keep === undefined
        })
        if (needed === null && space.complete && cover) removed.set(b.id, cover)
      }
      for (const b of group) {
        const other = removed.get(b.id)
        if (!other) continue
        const text = bindingText(b)
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

    // binding-never-matches: an internal exchange sees only what its upstream bindings pass.
    if (x.internal && !fedByDeadLetter.has(x.name) && x.outgoing.size > 0) {
      const arriving = destinationPatterns(vhost, ctx.entries, `x:${x.name}`)
      for (const b of x.outgoing) {
        const space = spaceOf([arriving, bindingsOf(x, [b])], ctx.profile, { budget: ctx.budget })
        const matches =
          space.find(
            (c) =>
              ctx.matchedAt(space, c, x.name).includes(b) &&
              ctx.entries.some((e) => ctx.route(e, c).exchanges.includes(x.name)),
          ) !== null
        if (matches) continue
        if (!space.complete) {
          ctx.undecided.add(`exchange ${x.name}`)
          continue
        }
        const text = bindingText(b)
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
      }
    }

    // Messages the exchange routes nothing for: unroutable, or falling to the alternate exchange.
    const ae = alternateOf(vhost, x.name)
    if (x.internal || (x.outgoing.size === 0 && !ae)) continue
    const sets = [
      bindingsOf(x),
      ...(ae && vhost.exchanges.has(ae.name) ? [closurePatterns(vhost, [ae.name], false)] : []),
    ]
    const space = spaceOf(sets, ctx.profile, { budget: ctx.searchBudget })
    // With an alternate exchange: the exchange itself routes nothing, so the message falls to it.
    const lost = (c: MessageClass) => {
      const r = ctx.route(x.name, c)
      return r.queues.length === 0 && (!ae || r.hops[0]?.routedNothing === true)
    }
    // Keys of fresh words only are tried first (cheap, and usually enough); then the classes, with
    // a small budget: on an exchange with thousands of `#` bindings the search is the costly part.
    let first: MessageClass | null = null
    for (let n = 0; n <= 4 && !first; n++) {
      const words = Array.from({ length: n }, () => space.freshWord)
      const c: MessageClass = {
        key: { key: words.join('.'), words, topic: [], literal: [] },
        headers: { headers: {}, matched: [] },
      }
      if (lost(c)) first = c
    }
    if (!first)
      for (const c of space.each()) {
        if (first && !shorter(c, first)) break
        if (lost(c)) first = c
      }
    if (!first) continue
    const w = ctx.witness(x.name, first)
    if (!ae)
      out.push(
        finding(
          'unroutable-messages',
          { kind: 'exchange', vhost: v, name: x.name },
          {
            en: `some messages published to ${x.name} reach no queue, e.g. routing key ${JSON.stringify(w.routing_key)}: they are dropped (or returned with mandatory)`,
            zh: `发到 ${x.name} 的部分消息到不了任何队列，例如路由键 ${JSON.stringify(w.routing_key)}：它们会被丢弃（mandatory 时退回）`,
          },
          {
            en: `if they matter, give ${x.name} an alternate exchange with a catch-all queue`,
            zh: `若这些消息重要，给 ${x.name} 配一个带全收队列的备用交换机`,
          },
          w,
          locate,
        ),
      )
    else if (!vhost.exchanges.has(ae.name))
      out.push(
        finding(
          'alternate-missing',
          { kind: 'exchange', vhost: v, name: x.name },
          {
            en: `${x.name} names ${ae.name} as its alternate exchange, but no such exchange exists: messages it cannot route (like this one) are dropped`,
            zh: `${x.name} 把 ${ae.name} 设为备用交换机，但该交换机不存在：它路由不了的消息（比如这条）会被丢弃`,
          },
          {
            en: `declare exchange ${ae.name}, or fix the alternate-exchange name`,
            zh: `声明交换机 ${ae.name}，或改正 alternate-exchange 的名称`,
          },
          w,
          locate,
        ),
      )
    else
      out.push(
        finding(
          'alternate-cannot-route',
          { kind: 'exchange', vhost: v, name: x.name },
          {
            en: `messages that ${x.name} cannot route fall to its alternate exchange ${ae.name}, which routes this one nowhere either: it is lost`,
            zh: `${x.name} 路由不了的消息会落到备用交换机 ${ae.name}，而 ${ae.name} 也路由不了这条消息：它丢失了`,
          },
          {
            en: `bind a catch-all queue to ${ae.name} (# on a topic exchange, or make ${ae.name} a fanout exchange)`,
            zh: `给 ${ae.name} 绑定一个全收队列（topic 用 #，或把 ${ae.name} 设为 fanout 交换机）`,
          },
          w,
          locate,
        ),
      )
  }

  // An alternate exchange that does not exist, on an exchange no witness was found for.
  for (const x of vhost.exchanges.values()) {
    const ae = alternateOf(vhost, x.name)
    if (!ae || vhost.exchanges.has(ae.name)) continue
    if (out.some((f) => f.rule === 'alternate-missing' && f.subject.name === x.name)) continue
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
  return out
}
