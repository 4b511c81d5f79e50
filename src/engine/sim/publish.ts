/**
 * basic.publish with the client-side publish model of the study note: in confirm mode the channel's
 * next sequence number is registered as pending *before* the message is sent, so an ack that comes
 * back quickly always finds its record. The broker then routes (through the engine), enqueues one
 * copy per target queue, sends basic.return (312 NO_ROUTE) for a mandatory unroutable message, and
 * only then the basic.ack. A publish error closes the channel and the pending record never resolves.
 */
import type { ScenarioPublish } from '../types'
import { dispatch } from './dispatch'
import { reconcile } from './lifecycle'
import type { RoutingPort } from './routing-port'
import { SimRefusal } from './sim-error'
import { findQueue } from './sim-state'
import type { MessageFate, SimChannel, SimEvent, SimState } from './sim-types'

export function publish(
  s: SimState,
  port: RoutingPort,
  ch: SimChannel,
  msg: ScenarioPublish,
  step: number,
  events: SimEvent[],
): void {
  let seq = 0
  if (ch.confirm) {
    seq = ch.nextPublishSeq++
    ch.pending.push({ seq, message: msg.id })
    events.push({ kind: 'confirm.registered', channel: ch.id, seq, message: msg.id })
  }
  const fate: MessageFate = {
    id: msg.id,
    step,
    outcome: 'error',
    copies: [],
    confirm: ch.confirm ? 'pending' : 'none',
  }
  s.fates.push(fate)
  const answer = port.apply({ op: 'publish', publish: msg })
  if (!answer.ok) throw new SimRefusal(answer.error.code, answer.error.text)
  reconcile(s, answer.topology, events)
  const targets = answer.publish?.queues ?? []
  for (const t of targets) {
    const q = findQueue(s, t.queue, msg.vhost ?? '/')
    if (!q) continue
    q.ready.push({ id: msg.id, seq: q.nextSeq++, redelivered: false })
    fate.copies.push({ queue: q.name, status: 'ready', consumer: null, deliveries: 0 })
    events.push({ kind: 'enqueued', message: msg.id, queue: q.name })
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
    fate.confirm = 'acked'
    events.push({ kind: 'confirm.ack', channel: ch.id, seq, message: msg.id })
  }
  for (const t of targets) {
    const q = findQueue(s, t.queue, msg.vhost ?? '/')
    if (q) dispatch(s, q, events)
  }
}
