/**
 * Layer 2, queue core: messages arriving in queues — a published copy, or a dead-lettered one. The
 * queue applies its rules on arrival (queue-limits.ts: length limits, TTL, priorities) and may hand
 * the message to a consumer at once. Dead-letterings pending in the step (StepContext.deaths) are
 * routed at its end, in the order they happened, as the broker's queue processes send them on after
 * the step's own work.
 */
import { getProfile } from '../broker/profiles'
import { admit, type HoldingQueue } from '../broker/queue-limits'
import type { MessageContent, QueueAdmission, QueuedMessage } from '../broker/types'
import { dispatch } from './dispatch'
import { admitContext, holding, relieve } from './queue-holding'
import { fateOf, setCopy } from './sim-state'
import type { SimQueue } from './sim-types'
import type { PendingDeath, StepContext } from './step-context'

/** A message arrives (publish or dead-lettering): record its copy, then apply the queue's rules. */
export function arrive(
  ctx: StepContext,
  q: SimQueue,
  m: { id: string; content: MessageContent; from?: string; enqueuer?: string },
): QueueAdmission {
  const { state: s, events } = ctx
  const { id, content, from, enqueuer } = m
  const fate = fateOf(s, id)
  fate?.copies.push({
    queue: q.name,
    status: 'ready',
    consumer: null,
    deliveries: 0,
    ...(from ? { from } : {}),
  })
  const at = events.length
  events.push({ kind: 'enqueued', message: id, queue: q.name })
  if (q.log) {
    // A stream appends (no limit, TTL or priority applies) and serves its consumers from their offsets.
    const seq = q.nextSeq++
    const stored = getProfile(ctx.port.profile).quorum.streamDropsNestedHeaders
      ? flatHeaders(content)
      : content
    q.log.push({
      id,
      seq,
      redelivered: false,
      priority: 0,
      content: stored,
      streamOffset: q.log.length,
      arrivedAt: s.now,
    })
    dispatch(ctx, q)
    return { queue: q.name, result: 'enqueued', droppedHead: [] }
  }
  const h = holding(s, q)
  const quorumRp = h.limits.kind === 'quorum' && h.limits.overflow === 'reject-publish'
  if (quorumRp && enqueuer !== undefined) {
    h.rejecting = q.stopped?.includes(enqueuer) ?? false
    if (!q.enqueuers?.includes(enqueuer)) q.enqueuers = [...(q.enqueuers ?? []), enqueuer]
  }
  // Alone in the queue, it goes to a consumer with room before its TTL is looked at (TTL 0 reaches one).
  const deliverNow = (_: HoldingQueue, head: QueuedMessage) => {
    dispatch(ctx, q, false)
    return !q.ready.includes(head)
  }
  const effective = s.topology.queues.find((x) => x.name === q.name && x.vhost === q.vhost)?.effective
  const a: QueueAdmission = {
    ...admit(admitContext(ctx, q, deliverNow), h, id, content),
    ...(effective ? { settings: effective } : {}),
  }
  if (quorumRp) relieve(s, q)
  if (a.result !== 'rejected') return a
  // It never got in: no "enqueued" (reject-publish-dlx has recorded its refusal in leave()).
  events.splice(at, 1)
  if (h.limits.overflow === 'reject-publish') {
    events.push({ kind: 'overflow', message: id, queue: q.name, how: 'refused' })
    setCopy(s, id, q.name, { status: 'refused', reason: 'maxlen' })
  }
  return a
}

/** 3.10's stream log keeps no array or table header values: x-death goes, x-first-death-* stay. */
function flatHeaders(c: MessageContent): MessageContent {
  const headers: MessageContent['headers'] = {}
  for (const [k, v] of Object.entries(c.headers)) if (v.type !== 'array' && v.type !== 'table') headers[k] = v
  return { ...c, headers, deaths: [] }
}

/** Route every pending dead-lettering of this step (and those they cause) through the engine. */
export function settleDeaths(ctx: StepContext): void {
  const { state: s, port, events } = ctx
  // Dead-letterings these cause are appended to the same list, and routed in this loop too.
  const list = ctx.deaths
  const rules = getProfile(port.profile).quorum
  for (let i = 0; i < list.length && i < 10_000; i++) {
    const d = list[i] as PendingDeath
    const dlx = d.limits.deadLetterExchange
    if (!dlx || !port.deadLetter) continue
    const routed = port.deadLetter({
      vhost: d.queue.vhost,
      message: d.message.id,
      content: d.message.content,
      reason: d.reason,
      queue: d.queue.name,
      target: { exchange: dlx.name, from: dlx.from, routingKey: d.limits.deadLetterRoutingKey },
      now: s.now,
    })
    events.push({
      kind: 'dead-lettered',
      message: d.message.id,
      queue: d.queue.name,
      reason: d.reason,
      hop: routed.hop,
    })
    const atLeastOnce = isAtLeastOnce(d.limits)
    let taken = false
    for (const t of routed.hop.queues) {
      const target = s.queues.find((x) => x.name === t.queue && x.vhost === d.queue.vhost)
      if (!target) continue
      if (target.log && !atLeastOnce && rules.streamDeadLetters === 'lost-at-most-once') {
        // 3.10: an at-most-once dead-lettering never reaches a stream (fixed in 3.13).
        events.push({ kind: 'dead-letter-lost', message: d.message.id, queue: target.name })
        continue
      }
      const a = arrive(ctx, target, {
        id: d.message.id,
        content: routed.content,
        from: d.queue.name,
        enqueuer: `dlx:${d.queue.uid}`,
      })
      routed.hop.admissions.push(a)
      if (a.result !== 'rejected') taken = true
    }
    // At least once: a message no queue took stays in its queue, counting toward its length (the
    // broker retries it later, after minutes; the simulation keeps it until the queue goes).
    const source = s.queues.find((x) => x.uid === d.queue.uid)
    if (atLeastOnce && !taken && source) {
      source.held = [...(source.held ?? []), d.message]
      setCopy(s, d.message.id, source.name, { status: 'ready', consumer: null })
      events.push({ kind: 'dead-letter-held', message: d.message.id, queue: source.name })
    }
  }
  ctx.deaths = []
}

/**
 * x-dead-letter-strategy at-least-once takes effect only with a dead-letter exchange and x-overflow
 * reject-publish; otherwise the queue falls back to at-most-once (rabbit_quorum_queue:dlh/5, which
 * logs a warning; reject-publish-dlx runs as drop-head, so it falls back too).
 */
function isAtLeastOnce(l: PendingDeath['limits']): boolean {
  return (
    l.kind === 'quorum' &&
    l.deadLetterStrategy === 'at-least-once' &&
    l.deadLetterExchange !== undefined &&
    l.overflow === 'reject-publish'
  )
}
