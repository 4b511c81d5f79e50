/**
 * Layer 4, consumers: basic.consume, basic.cancel, basic.get and basic.qos. Consumer tags are per
 * channel (the same tag on two channels is two consumers); an empty tag is made up by the broker. A
 * consume step sends basic.qos(prefetch, global=false) first unless it says `keepQos` — and in
 * RabbitMQ 3.10 that lifts a channel-wide (global) limit. Cancelling leaves the consumer's unacked
 * deliveries on the channel: they are still the client's to ack, as on the broker. An auto-delete
 * queue that loses its last consumer (cancel or channel close) is deleted.
 */
import { dispatch, handOver, unblockAndDispatch } from './dispatch'
import { limitsFor, usableQueue } from './queries'
import { tidy } from './queue-holding'
import { refuse } from './sim-error'
import { consumerKey } from './sim-state'
import type { SimChannel, SimConsumer, SimOp } from './sim-types'
import type { StepContext } from './step-context'
import { streamStart } from './stream-offset'
import { deleteQueueNow } from './topology-ops'

function qosOf(ch: SimChannel): NonNullable<SimChannel['qos']> {
  if (!ch.qos) ch.qos = { consumer: 0, global: 0, volume: 0 }
  return ch.qos
}

function checkPrefetch(n: number): void {
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw refuse.client(`prefetch must be an integer 0..65535, got ${n}`)
}

/**
 * basic.qos. global=false sets the prefetch of later consumers and (3.10's rabbit_channel)
 * removes the channel-wide limit; global=true sets that limit, counting every delivery the channel
 * holds unacked at that moment, basic.get ones included.
 */
export function qos(ch: SimChannel, prefetch: number, global: boolean): void {
  checkPrefetch(prefetch)
  const q = qosOf(ch)
  if (!global) {
    q.consumer = prefetch
    q.global = 0
    return
  }
  q.global = prefetch
  q.volume = prefetch === 0 ? 0 : ch.unacked.length
}

function xPriority(args: Extract<SimOp, { op: 'consume' }>['arguments']): number {
  const p = args?.['x-priority']
  return typeof p === 'number' && Number.isInteger(p) ? p : 0
}

export function consume(ctx: StepContext, ch: SimChannel, op: Extract<SimOp, { op: 'consume' }>): void {
  const s = ctx.state
  // The channel checks the tag before it looks for the queue.
  if (op.consumer !== '' && s.consumers.some((c) => c.channel === ch.id && c.tag === op.consumer))
    throw refuse.reusedTag(op.consumer)
  if (!op.keepQos) {
    const lifted = (ch.qos?.global ?? 0) > 0
    qos(ch, op.prefetch ?? 0, false)
    // The channel-wide limit is gone: consumers it held back are served before this one exists.
    if (lifted) unblockAndDispatch(ctx)
  }
  const q = usableQueue(s, ch, op.queue)
  const kind = limitsFor(s, q).kind
  // rabbit_stream_queue:consume checks the prefetch, then no-ack, then the channel-wide limit, then
  // reads the offset spec; rabbit_quorum_queue refuses a channel-wide limit too (3.10.8).
  if (kind === 'stream' && qosOf(ch).consumer === 0) throw refuse.noPrefetch(q.name, q.vhost)
  if (kind === 'stream' && op.noAck) throw refuse.notOnStream('automatic acknowledgement', q.name, q.vhost)
  if (kind !== 'classic' && qosOf(ch).global > 0) throw refuse.globalQos(q.name, q.vhost)
  const offset = kind === 'stream' ? streamStart(op.arguments, q.log ?? [], s.now) : undefined
  const others = s.consumers.filter((c) => c.queue === q.name)
  if (others.some((c) => c.exclusive) || (op.exclusive && others.length > 0))
    throw refuse.exclusiveUse(q.name, q.vhost)
  let tag = op.consumer
  if (tag === '') {
    s.ctags = (s.ctags ?? 0) + 1
    tag = `amq.ctag-${s.ctags}`
  }
  const priority = xPriority(op.arguments)
  s.consumers.push({
    tag,
    channel: ch.id,
    queue: q.name,
    prefetch: qosOf(ch).consumer,
    noAck: op.noAck ?? false,
    delivered: [],
    ...(priority !== 0 ? { priority } : {}),
    ...(op.exclusive ? { exclusive: true } : {}),
    ...(offset !== undefined ? { offset } : {}),
  })
  q.active.push(consumerKey({ channel: ch.id, tag }))
  q.hadConsumer = true
  q.lastUsed = s.now
  ctx.events.push({ kind: 'consumer.added', consumer: tag, queue: q.name })
  dispatch(ctx, q)
}

/** basic.cancel of an unknown tag is answered cancel-ok by the broker, so it is not an error. */
export function cancel(ctx: StepContext, ch: SimChannel, tag: string): void {
  const c = ctx.state.consumers.find((x) => x.tag === tag && x.channel === ch.id)
  if (!c) return
  removeConsumer(ctx, c, 'cancel')
}

export function get(ctx: StepContext, ch: SimChannel, op: { queue: string; noAck?: boolean }): void {
  const q = usableQueue(ctx.state, ch, op.queue)
  if (limitsFor(ctx.state, q).kind === 'stream') throw refuse.notOnStream('basic.get', q.name, q.vhost)
  q.lastUsed = ctx.state.now
  tidy(ctx, q)
  const m = q.ready.shift()
  if (!m) {
    ctx.events.push({ kind: 'get-empty', queue: q.name })
    return
  }
  handOver(ctx, q, m, { channel: ch.id, consumer: null, noAck: op.noAck ?? false })
  tidy(ctx, q)
}

/** Remove a consumer; an auto-delete queue that loses its last consumer is deleted. */
export function removeConsumer(ctx: StepContext, c: SimConsumer, reason: 'cancel' | 'channel'): void {
  const s = ctx.state
  if (!s.consumers.includes(c)) return
  s.consumers = s.consumers.filter((x) => x !== c)
  const q = s.queues.find((x) => x.name === c.queue)
  ctx.events.push({ kind: 'consumer.cancelled', consumer: c.tag, queue: c.queue, reason })
  if (!q) return
  const key = consumerKey(c)
  q.active = q.active.filter((t) => t !== key)
  q.blocked = q.blocked.filter((t) => t !== key)
  q.lastUsed = s.now
  if (q.autoDelete && q.hadConsumer && !s.consumers.some((x) => x.queue === q.name))
    deleteQueueNow(ctx, q, 'auto-delete')
}
