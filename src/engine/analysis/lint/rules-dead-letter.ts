/**
 * Dead-lettering rules: a DLX that does not exist, dead-lettered messages the DLX cannot route, cycles
 * the broker's cycle check closes (the message is dropped), and queues that drop messages silently
 * (TTL or drop-head overflow with no DLX). Each message-level finding routes the witness through the
 * broker's own dead-letter routing (dead-letter.ts), with the queue's dead-letter routing key.
 */
import { effectiveFor, limitsOf } from '../../broker/effective-args'
import type { Vhost } from '../../broker/model'
import { queueTypeOf } from '../../broker/queue-types'
import type { MessageContent } from '../../broker/types'
import { deadLetterOf } from '../analysis-broker'
import { routeDeadLettered } from '../class-route'
import { type MessageClass, spaceOf } from '../message-space'
import { closurePatterns, destinationPatterns, type PatternSet, reachableExchanges } from '../pattern-sets'
import { finding, type Locate } from './finding'
import type { LintContext } from './lint-context'
import type { LintFinding } from './lint-types'

/** How many dead-letterings in a row are followed looking for a cycle. */
const CHAIN_DEPTH = 4

/** Queues and exchanges a dead-lettered message may reach (structurally: bindings from the DLXs). */
export function deadLetterReach(vhost: Vhost): { fed: Set<string>; queues: Set<string> } {
  const dlxs: string[] = []
  for (const q of vhost.queues.keys()) {
    const dl = deadLetterOf(vhost, q)
    if (dl) dlxs.push(dl.exchange)
  }
  const fed = reachableExchanges(vhost, dlxs, true)
  const queues = new Set<string>()
  for (const name of fed) {
    if (name === '') for (const q of vhost.queues.keys()) queues.add(q)
    for (const b of vhost.exchanges.get(name)?.outgoing ?? [])
      if (b.destination_type === 'queue') queues.add(b.destination)
  }
  return { fed, queues }
}

export function deadLetterRules(ctx: LintContext, locate: Locate): LintFinding[] {
  const { vhost, profile } = ctx
  const v = vhost.name
  const findings: LintFinding[] = []
  /** The first class (shortest) that reaches `queue` from some entry, over `extra` bindings too. */
  const reaching = (queue: string, extra: PatternSet[]) => {
    const space = spaceOf([destinationPatterns(vhost, ctx.entries, `q:${queue}`), ...extra], profile, {
      budget: ctx.searchBudget,
    })
    const out: { entry: string; cls: MessageClass }[] = []
    for (const c of space.each()) {
      const entry = ctx.entries.find((e) => ctx.route(e, c).queues.includes(queue))
      if (entry !== undefined) out.push({ entry, cls: c })
      if (out.length >= 64) break
    }
    return out
  }
  for (const q of [...vhost.queues.values()].sort((a, b) => a.seq - b.seq)) {
    const limits = limitsOf(
      effectiveFor(vhost.policies, 'queue', q.name, q.arguments).effective,
      queueTypeOf(q.arguments),
    )
    const dl = deadLetterOf(vhost, q.name)
    if (dl && !vhost.exchanges.has(dl.exchange)) {
      const r = reaching(q.name, [])[0]
      findings.push(
        finding(
          'dead-letter-exchange-missing',
          { kind: 'queue', vhost: v, name: q.name },
          {
            en: `queue ${q.name} dead-letters to exchange ${dl.exchange} (${dl.from}), which does not exist: expired, rejected or overflowing messages are dropped`,
            zh: `队列 ${q.name} 的死信交换机是 ${dl.exchange}（来自${dl.from === 'policy' ? '策略' : '参数'}），但它不存在：过期、被拒或溢出的消息会被直接丢弃`,
          },
          {
            en: `declare exchange ${dl.exchange}, or fix the dead-letter-exchange name`,
            zh: `声明交换机 ${dl.exchange}，或改正 dead-letter-exchange 的名称`,
          },
          r ? ctx.witness(r.entry, r.cls) : null,
          locate,
        ),
      )
    }
    const drops =
      limits.messageTtl !== undefined ||
      ((limits.maxLength !== undefined || limits.maxLengthBytes !== undefined) &&
        limits.overflow === 'drop-head')
    if (drops && !dl) {
      const why =
        limits.messageTtl !== undefined
          ? `message-ttl ${limits.messageTtl} ms`
          : 'a length limit with overflow drop-head'
      const whyZh =
        limits.messageTtl !== undefined
          ? `message-ttl ${limits.messageTtl} 毫秒`
          : '长度上限且 overflow 为 drop-head'
      findings.push(
        finding(
          'messages-vanish',
          { kind: 'queue', vhost: v, name: q.name },
          {
            en: `queue ${q.name} has ${why} but no dead-letter exchange: the messages it discards vanish without a trace`,
            zh: `队列 ${q.name} 设置了${whyZh}，却没有死信交换机：被丢弃的消息不留痕迹地消失`,
          },
          {
            en: 'set a dead-letter-exchange (argument or policy) to keep them, or accept the loss knowingly',
            zh: '设置 dead-letter-exchange（参数或策略）来留住它们，或明确接受丢失',
          },
          null,
          locate,
        ),
      )
    }
  }

  const unroutableReported = new Set<string>()
  const cycleReported = new Set<string>()
  const starts = [...vhost.queues.keys()].filter((q) => {
    const dl = deadLetterOf(vhost, q)
    return dl !== null && vhost.exchanges.has(dl.exchange)
  })
  for (const start of starts) {
    const dlx = (deadLetterOf(vhost, start) as { exchange: string }).exchange
    // Follow each message that reaches this queue through its dead-letterings.
    for (const r of reaching(start, [closurePatterns(vhost, [dlx], true)])) {
      let frontier: { queue: string; content?: MessageContent; depth: number; from: string }[] = [
        { queue: start, depth: 0, from: start },
      ]
      while (frontier.length > 0) {
        const next: typeof frontier = []
        for (const f of frontier) {
          const dl = deadLetterOf(vhost, f.queue)
          if (!dl || !vhost.exchanges.has(dl.exchange)) continue
          const routed = routeDeadLettered(
            vhost,
            profile,
            f.queue,
            dl,
            r.cls.key.key,
            r.cls.headers.headers,
            'expired',
            f.content,
          )
          if (
            routed.outcome === 'unroutable' &&
            routed.cycleDropped.length === 0 &&
            !unroutableReported.has(f.queue)
          ) {
            unroutableReported.add(f.queue)
            const keys = routed.routingKeys.map((k) => JSON.stringify(k)).join(', ')
            findings.push(
              finding(
                'dead-letter-unroutable',
                { kind: 'queue', vhost: v, name: f.queue },
                {
                  en: `a message dead-lettered from ${f.queue} goes to ${dl.exchange} with key ${keys}${dl.routingKey !== undefined ? ' (x-dead-letter-routing-key)' : ''}, which routes it nowhere: it is dropped`,
                  zh: `从 ${f.queue} 死信出去的消息以键 ${keys}${dl.routingKey !== undefined ? '（x-dead-letter-routing-key）' : ''} 进入 ${dl.exchange}，却无处可去：被丢弃`,
                },
                {
                  en: `bind a queue to ${dl.exchange} that matches these keys, or set x-dead-letter-routing-key`,
                  zh: `给 ${dl.exchange} 绑定能匹配这些键的队列，或设置 x-dead-letter-routing-key`,
                },
                ctx.witness(r.entry, r.cls),
                locate,
              ),
            )
          }
          for (const q of routed.cycleDropped)
            if (!cycleReported.has(q)) {
              cycleReported.add(q)
              findings.push(
                finding(
                  'dead-letter-cycle',
                  { kind: 'queue', vhost: v, name: q },
                  {
                    en: `a message that expires in ${f.queue} is dead-lettered (via ${dl.exchange}) back to ${q}, where it has already died without a reject in between: the broker's cycle check drops it`,
                    zh: `在 ${f.queue} 过期的消息经 ${dl.exchange} 死信回到 ${q}，而它已在那里死过且中间没有被拒绝：代理的循环检测会把它丢弃`,
                  },
                  {
                    en: 'break the cycle (a different DLX or routing key), or make sure a consumer rejects before the message can come round again',
                    zh: '打破循环（换一个死信交换机或路由键），或确保消息再次绕回之前有消费者拒绝过它',
                  },
                  ctx.witness(r.entry, r.cls),
                  locate,
                ),
              )
            }
          if (f.depth + 1 < CHAIN_DEPTH)
            for (const q of routed.queues)
              next.push({ queue: q, content: routed.content, depth: f.depth + 1, from: f.from })
        }
        frontier = next
      }
    }
  }
  return findings
}
