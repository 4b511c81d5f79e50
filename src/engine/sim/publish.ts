/**
 * Layer 4, publish (beside consumers and topology): basic.publish with the client-side publish model of the study note: in confirm mode the channel's
 * next sequence number is registered as pending *before* the message is sent, so an ack that comes
 * back quickly always finds its record. The broker then routes (through the engine), hands one copy
 * to each target queue (which applies its limits, TTL and priorities, queue-holding.ts), sends
 * basic.return (312 NO_ROUTE) for a mandatory unroutable message, and only then the basic.ack — or a
 * basic.nack when a full queue with x-overflow reject-publish refused it. A publish error closes the
 * channel and the pending record never resolves.
 */

import { tableOf } from '../broker/names'
import { getProfile } from '../broker/profiles'
import type { ScenarioPublish } from '../broker/types'
import { messageView } from '../routing/message'
import { publishedContent } from '../routing/message-content'
import { arrive } from './arrival'
import { dispatch } from './dispatch'
import { refuse } from './sim-error'
import { findQueue } from './sim-state'
import type { MessageFate, SimChannel } from './sim-types'
import type { StepContext } from './step-context'
import { reconcile } from './topology-ops'

export function publish(ctx: StepContext, ch: SimChannel, msg: ScenarioPublish): void {
  const { state: s, events } = ctx
  let seq = 0
  if (ch.confirm) {
    seq = ch.nextPublishSeq++
    ch.pending.push({ seq, message: msg.id })
    events.push({ kind: 'confirm.registered', channel: ch.id, seq, message: msg.id })
  }
  const fate: MessageFate = {
    id: msg.id,
    step: ctx.index,
    outcome: 'error',
    copies: [],
    confirm: ch.confirm ? 'pending' : 'none',
  }
  s.fates.push(fate)
  const answer = ctx.port.apply({ op: 'publish', publish: msg })
  if (!answer.ok) throw refuse.byEngine(answer.error)
  reconcile(ctx, answer.topology)
  const explained = answer.publish
  const targets = explained?.queues ?? []
  // The engine validated headers and properties when it routed the message.
  const view = messageView(msg.routing_key, headersOf(msg), getProfile(s.topology.profile))
  const content = publishedContent(msg, explained?.routingKeys ?? [msg.routing_key], view.shownHeaders)
  let refused = false
  for (const t of targets) {
    const q = findQueue(s, t.queue, msg.vhost ?? '/')
    if (q && arrive(ctx, q, { id: msg.id, content, enqueuer: ch.id }).result === 'rejected') refused = true
  }
  if (fate.copies.length > 0) fate.outcome = 'routed'
  else if (msg.mandatory) {
    fate.outcome = 'returned'
    events.push({ kind: 'returned', message: msg.id, replyCode: 312, replyText: 'NO_ROUTE' })
  } else {
    fate.outcome = 'dropped'
    events.push({ kind: 'dropped', message: msg.id })
  }
  if (ch.confirm) {
    ch.pending = ch.pending.filter((p) => p.seq !== seq)
    fate.confirm = refused ? 'nacked' : 'acked'
    events.push({ kind: refused ? 'confirm.nack' : 'confirm.ack', channel: ch.id, seq, message: msg.id })
  }
  for (const t of targets) {
    const q = findQueue(s, t.queue, msg.vhost ?? '/')
    if (q) dispatch(ctx, q)
  }
}

/** The publish's headers as AMQP values (already accepted by the engine, so this cannot fail). */
function headersOf(msg: ScenarioPublish) {
  return tableOf('headers', msg.headers)
}
