/**
 * Layer 5, lifecycle: connections and channels open and close. A channel close cancels its
 * consumers (an auto-delete queue that loses its last one goes) and requeues its unacked
 * deliveries; a connection close closes its channels, then deletes its exclusive queues. A reopened
 * channel is a new channel.
 */
import { requeueAll } from './acks'
import { removeConsumer } from './consumers'
import { unblockAndDispatch } from './dispatch'
import { refuse } from './sim-error'
import { findChannel } from './sim-state'
import type { SimChannel } from './sim-types'
import type { StepContext } from './step-context'
import { deleteQueueNow } from './topology-ops'

export function openConnection(ctx: StepContext, id: string): void {
  const s = ctx.state
  const c = s.connections.find((x) => x.id === id)
  if (c?.open) throw refuse.client(`connection '${id}' is already open`)
  if (c) c.open = true
  else s.connections.push({ id, open: true })
  ctx.events.push({ kind: 'opened', what: 'connection', name: id })
}

export function openChannel(ctx: StepContext, id: string, connection: string): SimChannel {
  const s = ctx.state
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
  ctx.events.push({ kind: 'opened', what: 'channel', name: id })
  return ch
}

/** Why the broker closed a channel or connection (absent: the client closed it). */
export interface CloseReason {
  code: number
  text: string
}

/** Channel close: consumers go, unacked deliveries are requeued, pending confirms never arrive. */
export function closeChannel(ctx: StepContext, id: string, why?: CloseReason): void {
  const s = ctx.state
  const ch = findChannel(s, id)
  if (!ch?.open) return
  ch.open = false
  if (why) ch.closedWith = { code: why.code, text: why.text }
  // The queue first takes the deliveries back, then notices the consumer is gone (auto-delete).
  requeueAll(ctx, ch)
  for (const c of s.consumers.filter((x) => x.channel === id)) removeConsumer(ctx, c, 'channel')
  // A channel opened again under this name is another publisher to a quorum queue (rabbit_fifo enqueuer).
  for (const q of s.queues) {
    if (q.enqueuers) q.enqueuers = q.enqueuers.filter((e) => e !== id)
    if (q.stopped) q.stopped = q.stopped.filter((e) => e !== id)
  }
  unblockAndDispatch(ctx)
  ctx.events.push({ kind: 'channel.closed', channel: id, ...(why ? { code: why.code } : {}) })
}

/** Connection close: every channel, then every exclusive queue the connection owns. */
export function closeConnection(ctx: StepContext, id: string, why?: CloseReason): void {
  const s = ctx.state
  const conn = s.connections.find((c) => c.id === id)
  if (!conn?.open) return
  for (const ch of s.channels.filter((c) => c.connection === id && c.open)) closeChannel(ctx, ch.id)
  for (const q of s.queues.filter((x) => x.owner === id)) deleteQueueNow(ctx, q, 'exclusive')
  conn.open = false
  ctx.events.push({ kind: 'connection.closed', connection: id, ...(why ? { code: why.code } : {}) })
}
