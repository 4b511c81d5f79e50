/**
 * Routes one message through a vhost (rabbit_exchange:route/3): a stack of exchanges, each visited at
 * most once; an exchange's alternate exchange is used iff its own routing returned no destination at
 * all; queues are a set, so every queue gets one copy however many bindings or paths reached it.
 * Destinations come from the per-exchange indexes; every binding is also evaluated for the explanation.
 */

import { effectiveExchangeArgs } from '../broker/effective-args'
import { errors } from '../broker/errors'
import { type ExchangeRecord, parseDestKey, type Vhost } from '../broker/model'
import { policyFor } from '../broker/policies'
import type { Profile } from '../broker/profiles'
import type { ExchangeHop, ExchangeType, HopVia, QueueDelivery } from '../broker/types'
import { firstEmptyWord, splitWords } from '../topic/topic-words'
import { evaluateBinding, type MessageView } from './binding-eval'

export interface RouteResult {
  hops: ExchangeHop[]
  queues: QueueDelivery[]
}

/** Hook for the robustmq profile: called for a default-exchange key naming no queue. */
export type MissingQueueHook = (name: string) => boolean

/** The alternate exchange in force: the argument, else the policy's `alternate-exchange`. */
function alternateOf(vhost: Vhost, x: ExchangeRecord): { name: string; from: 'argument' | 'policy' } | null {
  const ae = effectiveExchangeArgs(x.arguments, policyFor(vhost.policies, 'exchange', x.name))[0]
  if (!ae) return null
  return { name: String(ae.value), from: ae.from === 'policy' ? 'policy' : 'argument' }
}

function checkTeachingKeys(msg: MessageView, profile: Readonly<Profile>): void {
  if (!profile.rejectEmptyTopicWords) return
  for (const k of msg.routingKeys) {
    const at = firstEmptyWord(splitWords(k))
    if (at >= 0)
      throw errors.emptyWord(
        `teaching profile: routing key '${k}' has an empty word at position ${at + 1}; the study note's matcher refuses it`,
      )
  }
}

export function route(
  vhost: Vhost,
  start: ExchangeRecord,
  msg: MessageView,
  profile: Readonly<Profile>,
  options: { onMissingQueue?: MissingQueueHook; explain?: boolean; via?: HopVia } = {},
): RouteResult {
  const { onMissingQueue, explain = true } = options
  const hops: ExchangeHop[] = []
  const queues = new Map<string, QueueDelivery>()
  const seen = new Set<string>([start.name])
  const stack: { x: ExchangeRecord; via: HopVia }[] = [{ x: start, via: options.via ?? { kind: 'publish' } }]
  const reach = (queue: string, exchange: string, bindingId: string | null) => {
    let d = queues.get(queue)
    if (!d) {
      d = { queue, reachedBy: [] }
      queues.set(queue, d)
    }
    d.reachedBy.push({ exchange, bindingId })
  }

  while (stack.length > 0) {
    const { x, via } = stack.pop() as { x: ExchangeRecord; via: HopVia }
    const hop: ExchangeHop = {
      exchange: x.name,
      type: x.type as ExchangeType,
      via,
      evaluations: [],
      routedNothing: false,
      skippedExchanges: [],
    }
    hops.push(hop)

    if (x.name === '' && (via.kind === 'publish' || via.kind === 'dead-letter')) {
      // Publishing (or dead-lettering) to the default exchange: each distinct key names a queue; no
      // alternate exchange.
      // (Reached as someone's alternate exchange it is a plain direct exchange with no bindings.)
      const keys = [...new Set(msg.routingKeys)].sort()
      hop.defaultLookups = keys.map((k) => {
        const exists = vhost.queues.has(k) || (onMissingQueue?.(k) ?? false)
        if (exists) reach(k, '', null)
        return { routingKey: k, queueExists: exists }
      })
      hop.routedNothing = !hop.defaultLookups.some((l) => l.queueExists)
      continue
    }

    if (x.type === 'topic') checkTeachingKeys(msg, profile)
    const dests = x.index.match(msg.routingKeys, msg.routingHeaders)
    // Without the explanation (large topologies), paths name exchanges but not bindings.
    if (explain) hop.evaluations = [...x.outgoing].map((b) => evaluateBinding(x.type, b, msg, profile.name))
    hop.routedNothing = dests.length === 0

    // Process destinations in binding declaration order (first matching binding of each).
    const rank = new Map<string, { order: number; bindingId: string }>()
    hop.evaluations.forEach((e, i) => {
      const key = (e.destinationType === 'queue' ? 'q:' : 'x:') + e.destination
      if (e.matched && !rank.has(key)) rank.set(key, { order: i, bindingId: e.bindingId })
    })
    const ordered = [...dests].sort((a, b) => (rank.get(a)?.order ?? 1e9) - (rank.get(b)?.order ?? 1e9))

    const alt = alternateOf(vhost, x)
    const pushed: { x: ExchangeRecord; via: HopVia }[] = []
    if (alt !== null) {
      const ae = alt.name
      const from = alt.from === 'policy' ? { from: alt.from } : {}
      if (!hop.routedNothing) hop.alternate = { name: ae, status: 'not-needed', ...from }
      else if (seen.has(ae)) hop.alternate = { name: ae, status: 'already-visited', ...from }
      else {
        seen.add(ae)
        const target = vhost.exchanges.get(ae)
        hop.alternate = { name: ae, status: target ? 'used' : 'missing', ...from }
        if (target) pushed.push({ x: target, via: { kind: 'alternate', from: x.name } })
      }
    }
    for (const key of ordered) {
      const { type, name } = parseDestKey(key)
      if (type === 'queue') {
        const paths = hop.evaluations.filter(
          (e) => e.matched && e.destinationType === 'queue' && e.destination === name,
        )
        if (paths.length === 0) reach(name, x.name, null)
        for (const e of paths) reach(name, x.name, e.bindingId)
        continue
      }
      if (seen.has(name)) {
        hop.skippedExchanges.push(name)
        continue
      }
      seen.add(name)
      const target = vhost.exchanges.get(name)
      const bindingId = rank.get(key)?.bindingId ?? ''
      if (target) pushed.push({ x: target, via: { kind: 'binding', from: x.name, bindingId } })
    }
    // The broker prepends each new exchange to its work list: the last one pushed is routed next.
    stack.push(...pushed)
  }
  return { hops, queues: [...queues.values()] }
}
