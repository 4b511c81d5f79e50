/**
 * Layer 2, queue core: messages arriving in queues — a published copy, or a dead-lettered one. The
 * queue applies its rules on arrival (queue-limits.ts: length limits, TTL, priorities) and may hand
 * the message to a consumer at once. Dead-letterings pending in the step (StepContext.deaths) are
 * routed at its end, in the order they happened, as the broker's queue processes send them on after
 * the step's own work.
 */
import { admit, type HoldingQueue } from '../queue-limits'
import type { MessageContent, QueueAdmission, QueuedMessage } from '../types'
import { dispatch } from './dispatch'
import { admitContext, holding } from './queue-holding'
import { fateOf, setCopy } from './sim-state'
import type { SimQueue } from './sim-types'
import type { PendingDeath, StepContext } from './step-context'

/** A message arrives (publish or dead-lettering): record its copy, then apply the queue's rules. */
export function arrive(
  ctx: StepContext,
  q: SimQueue,
  m: { id: string; content: MessageContent; from?: string },
): QueueAdmission {
  const { state: s, events } = ctx
  const { id, content, from } = m
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
  const h = holding(s, q)
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
  if (a.result !== 'rejected') return a
  // It never got in: no "enqueued" (reject-publish-dlx has recorded its refusal in leave()).
  events.splice(at, 1)
  if (h.limits.overflow === 'reject-publish') {
    events.push({ kind: 'overflow', message: id, queue: q.name, how: 'refused' })
    setCopy(s, id, q.name, { status: 'refused', reason: 'maxlen' })
  }
  return a
}

/** Route every pending dead-lettering of this step (and those they cause) through the engine. */
export function settleDeaths(ctx: StepContext): void {
  const { state: s, port, events } = ctx
  // Dead-letterings these cause are appended to the same list, and routed in this loop too.
  const list = ctx.deaths
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
    for (const t of routed.hop.queues) {
      const target = s.queues.find((x) => x.name === t.queue && x.vhost === d.queue.vhost)
      if (target)
        routed.hop.admissions.push(
          arrive(ctx, target, { id: d.message.id, content: routed.content, from: d.queue.name }),
        )
    }
  }
  ctx.deaths = []
}
