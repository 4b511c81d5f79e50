/**
 * Layer 6, step: one timeline step. Copy the state, apply the operation, route the step's pending
 * dead-letterings, record the events. A refusal (SimRefusal) is handled as the broker does: 4xx
 * closes the channel, 5xx the connection, and the client's own refusal (code 0) closes nothing.
 */
import { ack, collectDeliveries, release } from './acks'
import { settleDeaths } from './arrival'
import { advance } from './clock'
import { cancel, consume, get, qos } from './consumers'
import { unblockAndDispatch } from './dispatch'
import { closeChannel, closeConnection, openChannel, openConnection } from './lifecycle'
import { publish } from './publish'
import type { RoutingPort } from './routing-port'
import { refuse, SimRefusal } from './sim-error'
import { cloneState, findChannel } from './sim-state'
import type { SimChannel, SimFrame, SimOp, SimState } from './sim-types'
import { type StepContext, stepContext } from './step-context'
import { bindOrUnbind, declareQueue, deleteQueue, purgeQueue, setPolicy, viaEngine } from './topology-ops'

/** The connection and channel a step without `channel` uses; they open themselves on first use. */
const IMPLICIT_CONNECTION = 'conn'
const IMPLICIT_CHANNEL = 'ch'

/** The channel an operation runs on; the implicit channel opens itself on first use. */
function channelFor(ctx: StepContext, op: SimOp): SimChannel {
  const s = ctx.state
  const id = op.channel ?? IMPLICIT_CHANNEL
  const ch = findChannel(s, id)
  if (ch?.open) return ch
  if (ch)
    throw refuse.client(
      `channel '${id}' is closed${ch.closedWith ? ` (${ch.closedWith.text})` : ''}; open it again`,
    )
  if (id !== IMPLICIT_CHANNEL) throw refuse.client(`no channel '${id}': open it first with channel.open`)
  if (!s.connections.some((c) => c.id === IMPLICIT_CONNECTION && c.open))
    openConnection(ctx, IMPLICIT_CONNECTION)
  return openChannel(ctx, id, IMPLICIT_CONNECTION)
}

function perform(ctx: StepContext, op: SimOp): void {
  const s = ctx.state
  switch (op.op) {
    case 'connection.open':
      openConnection(ctx, op.connection)
      return
    case 'connection.close':
      if (!s.connections.some((c) => c.id === op.connection && c.open))
        throw refuse.client(`connection '${op.connection}' is not open`)
      closeConnection(ctx, op.connection)
      return
    case 'channel.open':
      openChannel(ctx, op.channel ?? IMPLICIT_CHANNEL, op.connection)
      return
    case 'wait':
      advance(ctx, op.ms)
      return
    case 'policy.set':
    case 'policy.clear':
      // Through the management API, not a channel: a refusal (400) closes nothing.
      setPolicy(ctx, op)
      return
    default:
  }
  const ch = channelFor(ctx, op)
  switch (op.op) {
    case 'channel.close':
      closeChannel(ctx, ch.id)
      return
    case 'confirm.select':
      ch.confirm = true
      return
    case 'exchange.declare':
      viaEngine(ctx, { op: op.op, exchange: op.exchange })
      return
    case 'exchange.delete':
      viaEngine(ctx, { op: op.op, name: op.name, if_unused: op.if_unused })
      return
    case 'queue.declare':
      declareQueue(ctx, ch, op.queue)
      return
    case 'bind':
    case 'unbind':
      bindOrUnbind(ctx, ch, op)
      return
    case 'queue.delete':
      deleteQueue(ctx, ch, op)
      return
    case 'queue.purge':
      purgeQueue(ctx, ch, op.name)
      return
    case 'publish':
      publish(ctx, ch, op.publish)
      return
    case 'consume':
      consume(ctx, ch, op)
      return
    case 'cancel':
      cancel(ctx, ch, op.consumer)
      return
    case 'get':
      get(ctx, ch, op)
      return
    case 'qos':
      qos(ch, op.prefetch, op.global ?? false)
      unblockAndDispatch(ctx)
      return
    case 'recover':
      // basic.recover(requeue=true): like a nack of everything the channel holds.
      release(ctx, ch, [...ch.unacked], true, 'recover')
      return
    case 'ack':
      ack(ctx, ch, collectDeliveries(ch, op))
      return
    case 'nack':
      release(ctx, ch, collectDeliveries(ch, op), op.requeue ?? true)
      return
    case 'reject':
      release(ctx, ch, collectDeliveries(ch, { ...op, multiple: false }), op.requeue ?? true, 'reject')
      return
  }
}

/** The event id of a step: its own id, the message id of a publish, or `op#N`. */
function stepId(op: SimOp, index: number): string {
  if (op.id) return op.id
  if (op.op === 'publish') return op.publish.id
  return `${op.op}#${index + 1}`
}

export function applyStep(prev: SimState, port: RoutingPort, op: SimOp, index: number): SimFrame {
  const ctx = stepContext(cloneState(prev), port, index)
  const { state: s, events } = ctx
  let ok = true
  try {
    perform(ctx, op)
    settleDeaths(ctx)
  } catch (err) {
    if (!(err instanceof SimRefusal)) throw err
    ok = false
    events.push({ kind: 'error', code: err.code, text: err.text, level: err.level })
    const chId = op.channel ?? IMPLICIT_CHANNEL
    const ch = findChannel(s, chId)
    const why = { code: err.code, text: err.text }
    if (err.level === 'channel' && ch) closeChannel(ctx, ch.id, why)
    if (err.level === 'connection' && ch) closeConnection(ctx, ch.connection, why)
    settleDeaths(ctx)
  }
  return { index, op, id: stepId(op, index), ok, events, state: s }
}
