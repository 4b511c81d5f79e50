/**
 * One timeline step: copy the state, apply the operation, record the events. A refusal is handled as
 * the broker does: 4xx closes the channel, 5xx the connection, and the client's own refusal (code 0)
 * closes nothing.
 */
import { ack, collectDeliveries, release } from './acks'
import { advance } from './clock'
import { cancel, consume, get, qos } from './consumers'
import { unblockAndDispatch } from './dispatch'
import { closeChannel, closeConnection, reconcile } from './lifecycle'
import { publish } from './publish'
import { limitsFor, settleDeaths, trim } from './queue-holding'
import type { RoutingPort } from './routing-port'
import { refuse, SimRefusal } from './sim-error'
import { cloneState, findChannel } from './sim-state'
import type { SimChannel, SimEvent, SimFrame, SimOp, SimState } from './sim-types'
import { bindOrUnbind, declareQueue, deleteQueue, purgeQueue, viaEngine } from './topology-ops'

export const IMPLICIT_CONNECTION = 'conn'
export const IMPLICIT_CHANNEL = 'ch'

function openConnection(s: SimState, id: string, events: SimEvent[]): void {
  const c = s.connections.find((x) => x.id === id)
  if (c?.open) throw refuse.client(`connection '${id}' is already open`)
  if (c) c.open = true
  else s.connections.push({ id, open: true })
  events.push({ kind: 'opened', what: 'connection', name: id })
}

function openChannel(s: SimState, id: string, connection: string, events: SimEvent[]): SimChannel {
  const conn = s.connections.find((x) => x.id === connection)
  if (!conn?.open) throw refuse.client(`connection '${connection}' is not open`)
  const old = findChannel(s, id)
  if (old?.open) throw refuse.client(`channel '${id}' is already open`)
  // A reopened channel is a new channel: delivery tags and publish sequence numbers start again at 1.
  const ch: SimChannel = {
    id,
    connection,
    open: true,
    nextTag: 1,
    unacked: [],
    confirm: false,
    nextPublishSeq: 1,
    pending: [],
  }
  s.channels = [...s.channels.filter((x) => x.id !== id), ch]
  events.push({ kind: 'opened', what: 'channel', name: id })
  return ch
}

/** The channel an operation runs on; the implicit channel opens itself on first use. */
function channelFor(s: SimState, op: SimOp, events: SimEvent[]): SimChannel {
  const id = op.channel ?? IMPLICIT_CHANNEL
  const ch = findChannel(s, id)
  if (ch?.open) return ch
  if (ch)
    throw refuse.client(
      `channel '${id}' is closed${ch.closedWith ? ` (${ch.closedWith.text})` : ''}; open it again`,
    )
  if (id !== IMPLICIT_CHANNEL) throw refuse.client(`no channel '${id}': open it first with channel.open`)
  if (!s.connections.some((c) => c.id === IMPLICIT_CONNECTION && c.open))
    openConnection(s, IMPLICIT_CONNECTION, events)
  return openChannel(s, id, IMPLICIT_CONNECTION, events)
}

function perform(s: SimState, port: RoutingPort, op: SimOp, index: number, events: SimEvent[]): void {
  switch (op.op) {
    case 'connection.open':
      openConnection(s, op.connection, events)
      return
    case 'connection.close':
      if (!s.connections.some((c) => c.id === op.connection && c.open))
        throw refuse.client(`connection '${op.connection}' is not open`)
      closeConnection(s, port, op.connection, events)
      return
    case 'channel.open':
      openChannel(s, op.channel ?? IMPLICIT_CHANNEL, op.connection, events)
      return
    case 'wait':
      advance(s, port, op.ms, events)
      return
    case 'policy.set':
    case 'policy.clear':
      // Through the management API, not a channel: a refusal (400) closes nothing.
      setPolicy(s, port, op, events)
      return
    default:
  }
  const ch = channelFor(s, op, events)
  switch (op.op) {
    case 'channel.close':
      closeChannel(s, port, ch.id, events)
      return
    case 'confirm.select':
      ch.confirm = true
      return
    case 'exchange.declare':
      viaEngine(s, port, { op: op.op, exchange: op.exchange }, events)
      return
    case 'exchange.delete':
      viaEngine(s, port, { op: op.op, name: op.name, if_unused: op.if_unused }, events)
      return
    case 'queue.declare':
      declareQueue(s, port, ch, op.queue, events)
      return
    case 'bind':
    case 'unbind':
      bindOrUnbind(s, port, ch, op.op, op.binding, events)
      return
    case 'queue.delete':
      deleteQueue(s, port, ch, op, events)
      return
    case 'queue.purge':
      purgeQueue(s, ch, op.name, events)
      return
    case 'publish':
      publish(s, port, ch, op.publish, index, events)
      return
    case 'consume':
      consume(s, ch, op, events)
      return
    case 'cancel':
      cancel(s, port, ch, op.consumer, events)
      return
    case 'get':
      get(s, ch, op, events)
      return
    case 'qos':
      qos(ch, op.prefetch, op.global ?? false)
      unblockAndDispatch(s, events)
      return
    case 'recover':
      // basic.recover(requeue=true): like a nack of everything the channel holds.
      release(s, ch, [...ch.unacked], true, events)
      return
    case 'ack':
      ack(s, ch, collectDeliveries(ch, op), events)
      return
    case 'nack':
      release(s, ch, collectDeliveries(ch, op), op.requeue ?? true, events)
      return
    case 'reject':
      release(s, ch, collectDeliveries(ch, { ...op, multiple: false }), op.requeue ?? true, events)
      return
  }
}

/**
 * A policy takes effect on the queues it now covers: a lower length limit trims them at once (unless
 * the queue was and stays reject-publish).
 */
function setPolicy(
  s: SimState,
  port: RoutingPort,
  op: Extract<SimOp, { op: 'policy.set' | 'policy.clear' }>,
  events: SimEvent[],
): void {
  const key = (q: { vhost: string; name: string }) => `${q.vhost}\u0000${q.name}`
  const before = new Map(s.queues.map((q) => [key(q), limitsFor(s, q).overflow]))
  const answer = port.apply(
    op.op === 'policy.set' ? { op: op.op, policy: op.policy } : { op: op.op, name: op.name },
  )
  if (!answer.ok) throw refuse.client(`policy refused (HTTP ${answer.error.code}): ${answer.error.text}`)
  reconcile(s, answer.topology, events)
  for (const q of s.queues) trim(s, q, events, before.get(key(q)) === 'drop-head')
}

/** The event id of a step: its own id, the message id of a publish, or `op#N`. */
export function stepId(op: SimOp, index: number): string {
  if (op.id) return op.id
  if (op.op === 'publish') return op.publish.id
  return `${op.op}#${index + 1}`
}

export function applyStep(prev: SimState, port: RoutingPort, op: SimOp, index: number): SimFrame {
  const s = cloneState(prev)
  const events: SimEvent[] = []
  let ok = true
  try {
    perform(s, port, op, index, events)
    settleDeaths(s, port, events)
  } catch (err) {
    if (!(err instanceof SimRefusal)) throw err
    ok = false
    events.push({ kind: 'error', code: err.code, text: err.text, level: err.level })
    const chId = op.channel ?? IMPLICIT_CHANNEL
    const ch = findChannel(s, chId)
    if (err.level === 'channel' && ch) closeChannel(s, port, ch.id, events, err.code, err.text)
    if (err.level === 'connection' && ch) closeConnection(s, port, ch.connection, events, err.code)
    settleDeaths(s, port, events)
  }
  return { index, op, id: stepId(op, index), ok, events, state: s }
}
