/**
 * Plays a timeline script on a real RabbitMQ with amqplib, in a fresh vhost, and records what the
 * client observes (see observation.ts). Every channel is a confirm channel and every publish waits
 * for its confirm, so a message is enqueued before the next step; after each step a round trip on
 * the step's channel surfaces asynchronous channel errors (an ack of an unknown tag), and the
 * runner waits for the deliveries the simulation expects (then a short settle, so extra deliveries
 * would show up as a disagreement).
 */
import {
  type ChannelModel,
  type ConfirmChannel,
  type ConsumeMessage,
  connect,
  type GetMessage,
} from 'amqplib'
import type { SimOp, TimelineScript } from '../../../src/engine'
import { tableToWire } from '../harness/field-values'
import type { MgmtApi } from '../harness/mgmt-api'
import { type DeadSeen, emptyObservation, type Observation, type Seen } from './observation'

const CLOSE_RE = /(\d+) \([^)]*\) with message/
const IMPLICIT_CONN = 'conn'
const IMPLICIT_CH = 'ch'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Msg = ConsumeMessage | GetMessage

interface Chan {
  ch: ConfirmChannel
  connection: string
  open: boolean
  error: number | null
  /** Messages delivered on this channel and not yet acked by this client, for ack by message id. */
  held: Msg[]
  confirm: boolean
}

type Table = Record<string, unknown>
const str = (v: unknown) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v))

/** x-death as a client reads it (see DeadSeen); `time` is left out. */
function deadOf(m: Msg): DeadSeen | undefined {
  const h = (m.properties.headers ?? {}) as Table
  const deaths = h['x-death']
  if (!Array.isArray(deaths)) return undefined
  const first = h['x-first-death-reason']
  return {
    ex: m.fields.exchange,
    rk: m.fields.routingKey,
    deaths: (deaths as Table[]).map((d) => [
      Number(d.count),
      str(d.reason),
      str(d.queue),
      str(d.exchange),
      ((d['routing-keys'] as unknown[]) ?? []).map(str).join(','),
      d['original-expiration'] === undefined ? null : str(d['original-expiration']),
    ]),
    first:
      first === undefined
        ? null
        : [str(first), str(h['x-first-death-queue']), str(h['x-first-death-exchange'])],
  }
}

const seen = (m: Msg): Seen => {
  const dl = deadOf(m)
  const h = (m.properties.headers ?? {}) as Table
  const s: Seen = { id: String(m.properties.messageId), redelivered: m.fields.redelivered }
  if (dl) s.dl = dl
  if (h['x-delivery-count'] !== undefined) s.count = Number(h['x-delivery-count'])
  if (h['x-stream-offset'] !== undefined) s.offset = Number(h['x-stream-offset'])
  return s
}

/** Publish options of a scenario publish (headers, properties by definitions.json name). */
const PROPERTY_NAMES: Record<string, string> = {
  content_type: 'contentType',
  delivery_mode: 'deliveryMode',
  priority: 'priority',
  correlation_id: 'correlationId',
  expiration: 'expiration',
  type: 'type',
  app_id: 'appId',
}

export interface BrokerRunOptions {
  amqpUrl: string
  api: MgmtApi
  vhost: string
  /** Cumulative consumer deliveries the simulation expects after each step (a wait target). */
  expected: (index: number) => number
  /** The consumer tag the simulation made up at a step (consume with tag ""). */
  tagAt: (index: number) => string | undefined
}

/** Deliveries are recorded per consumer, and a consumer is its tag on its channel. */
const deliveryKey = (tag: string, channel: string | undefined) => `${tag}@${channel ?? IMPLICIT_CH}`

/** Extra settle after a step that lets time pass or changes a policy (broker timers, async policy). */
const SETTLE_SLOW_MS = 120

export async function runOnBroker(script: TimelineScript, opts: BrokerRunOptions): Promise<Observation> {
  const o = emptyObservation()
  const url = `${opts.amqpUrl.replace(/\/+$/, '')}/${encodeURIComponent(opts.vhost)}`
  const conns = new Map<string, { model: ChannelModel; open: boolean }>()
  const chans = new Map<string, Chan>()
  const owners = new Map<string, string>()
  let deliveries = 0
  // Closing connections at the end requeues and redelivers; that is teardown, not part of the script.
  let recording = true
  await opts.api.createVhost(opts.vhost)
  const started = Date.now()

  const openConn = async (id: string) => {
    const model = await connect(url)
    const entry = { model, open: true }
    // A connection error (5xx) closes every channel of the connection with its code.
    model.on('error', (e: Error) => {
      const code = Number(CLOSE_RE.exec(e.message)?.[1] ?? 0)
      for (const c of chans.values()) if (c.connection === id && c.error === null) c.error = code
    })
    model.on('close', () => {
      entry.open = false
      for (const c of chans.values()) if (c.connection === id) c.open = false
    })
    conns.set(id, entry)
  }
  const openChan = async (id: string, connection: string) => {
    const conn = conns.get(connection)
    if (!conn?.open) throw new Error(`runner: connection ${connection} is not open`)
    const ch = await conn.model.createConfirmChannel()
    const c: Chan = { ch, connection, open: true, error: null, held: [], confirm: false }
    ch.on('error', (e: Error) => {
      c.error = Number(CLOSE_RE.exec(e.message)?.[1] ?? 0)
    })
    ch.on('close', () => {
      c.open = false
    })
    ch.on('return', (m: Msg) => {
      if (recording) o.confirms.push(`return:${String(m.properties.messageId)}`)
    })
    chans.set(id, c)
    return c
  }
  const chanFor = async (op: SimOp): Promise<Chan> => {
    const id = op.channel ?? IMPLICIT_CH
    const c = chans.get(id)
    if (c) return c
    if (id !== IMPLICIT_CH) throw new Error(`runner: no channel ${id}`)
    if (!conns.get(IMPLICIT_CONN)?.open) await openConn(IMPLICIT_CONN)
    return openChan(id, IMPLICIT_CONN)
  }
  const pick = (c: Chan, sel: { tag?: number; message?: string }): Msg => {
    if (sel.message !== undefined) {
      const m = c.held.find((h) => String(h.properties.messageId) === sel.message)
      if (!m) throw new Error(`runner: message ${sel.message} is not held on this channel`)
      return m
    }
    return (c.held.find((h) => h.fields.deliveryTag === sel.tag) ?? {
      fields: { deliveryTag: sel.tag },
    }) as Msg
  }
  const forget = (c: Chan, m: Msg, multiple: boolean) => {
    const tag = m.fields.deliveryTag
    c.held = c.held.filter((h) =>
      multiple ? (tag === 0 ? false : h.fields.deliveryTag > tag) : h.fields.deliveryTag !== tag,
    )
  }

  const tags = new Map<string, string>()
  const perform = async (op: SimOp, c: Chan | null, stepId: string, index: number): Promise<void> => {
    switch (op.op) {
      case 'connection.open':
        return openConn(op.connection)
      case 'connection.close':
        await conns.get(op.connection)?.model.close()
        return
      case 'channel.open':
        await openChan(op.channel ?? IMPLICIT_CH, op.connection)
        return
      case 'wait':
        await sleep(op.ms)
        return
      case 'policy.set': {
        const refused = await opts.api.setPolicy(opts.vhost, op.policy)
        if (refused) throw new Error(`policy refused: ${refused}`)
        return
      }
      case 'policy.clear':
        await opts.api.clearPolicy(opts.vhost, op.name)
        return
      default:
    }
    if (!c) return
    const ch = c.ch
    switch (op.op) {
      case 'channel.close':
        await ch.close()
        return
      case 'confirm.select':
        c.confirm = true
        return
      case 'exchange.declare': {
        const x = op.exchange
        if (x.passive) {
          await ch.checkExchange(x.name)
          return
        }
        await ch.assertExchange(x.name, x.type, {
          durable: x.durable ?? true,
          autoDelete: x.auto_delete ?? false,
          internal: x.internal ?? false,
          arguments: tableToWire(x.arguments, `${stepId}.arguments`),
        })
        return
      }
      case 'queue.declare': {
        const q = op.queue
        if (q.passive) {
          await ch.checkQueue(q.name)
          return
        }
        await ch.assertQueue(q.name, {
          durable: q.durable ?? true,
          exclusive: q.exclusive ?? false,
          autoDelete: q.auto_delete ?? false,
          arguments: tableToWire(q.arguments, `${stepId}.arguments`),
        })
        if (q.exclusive) owners.set(q.name, c.connection)
        return
      }
      case 'bind':
      case 'unbind': {
        const b = op.binding
        const method =
          b.destination_type === 'exchange'
            ? op.op === 'bind'
              ? ch.bindExchange
              : ch.unbindExchange
            : op.op === 'bind'
              ? ch.bindQueue
              : ch.unbindQueue
        await method.call(ch, b.destination, b.source, b.routing_key, tableToWire(b.arguments, stepId))
        return
      }
      case 'exchange.delete':
        await ch.deleteExchange(op.name, { ifUnused: op.if_unused ?? false })
        return
      case 'queue.delete':
        await ch.deleteQueue(op.name, { ifUnused: op.if_unused ?? false, ifEmpty: op.if_empty ?? false })
        return
      case 'queue.purge':
        await ch.purgeQueue(op.name)
        return
      case 'publish': {
        const p = op.publish
        await new Promise<void>((resolve, reject) => {
          const onClose = () => resolve() // a refused publish closes the channel; no confirm comes
          ch.once('close', onClose)
          const options: Record<string, unknown> = {
            messageId: p.id,
            mandatory: p.mandatory ?? false,
            headers: tableToWire(p.headers, `${stepId}.headers`) ?? {},
          }
          for (const [k, v] of Object.entries(p.properties ?? {})) options[PROPERTY_NAMES[k] ?? k] = v
          ch.publish(p.exchange, p.routing_key, Buffer.from(p.body ?? p.id), options, (err) => {
            ch.off('close', onClose)
            // A nack (a full queue with x-overflow reject-publish) leaves the channel open.
            const nacked = err?.message === 'message nacked'
            if (err && !nacked) return reject(err)
            if (c.confirm) o.confirms.push(`${nacked ? 'nack' : 'ack'}:${p.id}`)
            resolve()
          })
        })
        return
      }
      case 'consume': {
        if (!op.keepQos) await ch.prefetch(op.prefetch ?? 0)
        // A tag the broker makes up is recorded under the simulation's name for it.
        const simTag = op.consumer === '' ? (opts.tagAt(index) ?? '') : op.consumer
        const key = deliveryKey(simTag, op.channel)
        const ok = await ch.consume(
          op.queue,
          (m) => {
            if (!m || !recording) return
            deliveries++
            const list = o.deliveries[key] ?? []
            list.push(seen(m))
            o.deliveries[key] = list
            if (!op.noAck) c.held.push(m)
          },
          {
            consumerTag: op.consumer,
            noAck: op.noAck ?? false,
            exclusive: op.exclusive ?? false,
            ...(op.arguments ? { arguments: tableToWire(op.arguments, `${stepId}.arguments`) } : {}),
          },
        )
        tags.set(`${c.connection}\u0000${op.channel ?? IMPLICIT_CH}\u0000${simTag}`, ok.consumerTag)
        return
      }
      case 'cancel':
        await ch.cancel(
          tags.get(`${c.connection}\u0000${op.channel ?? IMPLICIT_CH}\u0000${op.consumer}`) ?? op.consumer,
        )
        return
      case 'qos':
        await ch.prefetch(op.prefetch, op.global ?? false)
        return
      case 'recover': {
        // Redeliveries can arrive before recover-ok: forget only what was held before.
        const before = new Set(c.held)
        await ch.recover()
        c.held = c.held.filter((h) => !before.has(h))
        return
      }
      case 'get': {
        const m = await ch.get(op.queue, { noAck: op.noAck ?? false })
        o.gets.push({ step: stepId, got: m === false ? null : seen(m) })
        if (m !== false && !op.noAck) c.held.push(m)
        return
      }
      case 'ack': {
        const m = pick(c, op)
        ch.ack(m, op.multiple ?? false)
        forget(c, m, op.multiple ?? false)
        return
      }
      case 'nack': {
        const m = pick(c, op)
        ch.nack(m, op.multiple ?? false, op.requeue ?? true)
        forget(c, m, op.multiple ?? false)
        return
      }
      case 'reject': {
        const m = pick(c, op)
        ch.reject(m, op.requeue ?? true)
        forget(c, m, false)
        return
      }
    }
  }

  try {
    for (const [index, op] of script.steps.entries()) {
      const stepId = op.id ?? (op.op === 'publish' ? op.publish.id : `${op.op}#${index + 1}`)
      o.wall.push(Date.now() - started)
      const opensItself = [
        'connection.open',
        'connection.close',
        'channel.open',
        'wait',
        'policy.set',
        'policy.clear',
      ].includes(op.op)
      const c = opensItself ? null : await chanFor(op)
      let code: number | null = null
      let ok = true
      if (c && !c.open) {
        ok = false // the client refuses to use a closed channel
      } else {
        try {
          await perform(op, c, stepId, index)
          // A round trip surfaces an asynchronous channel error (e.g. an unknown delivery tag).
          if (c?.open && op.op !== 'channel.close') await c.ch.checkExchange('amq.direct')
        } catch (e) {
          ok = false
          code = Number(CLOSE_RE.exec((e as Error).message)?.[1] ?? 0)
          // The connection's close (with the code) may arrive just after the channel ended.
          for (let i = 0; code === 0 && c && c.error === null && i < 20; i++) await sleep(10)
        }
        if (c && c.error !== null && op.op !== 'channel.close') {
          ok = false
          code = c.error
          c.error = null
        }
      }
      o.steps.push({ id: stepId, ok, code: ok ? null : code })
      const target = opts.expected(index)
      const t0 = Date.now()
      while (deliveries < target && Date.now() - t0 < 2000) await sleep(5)
      await sleep(op.op === 'wait' || op.op.startsWith('policy.') ? SETTLE_SLOW_MS : 25)
    }
    o.wall.push(Date.now() - started)
    recording = false
    await drain(o, opts, conns, owners)
  } finally {
    for (const c of conns.values()) if (c.open) await c.model.close().catch(() => {})
    await opts.api.deleteVhost(opts.vhost)
  }
  return o
}

/** The queues that exist at the end and their ready messages, read with basic.get. */
async function drain(
  o: Observation,
  opts: BrokerRunOptions,
  conns: Map<string, { model: ChannelModel; open: boolean }>,
  owners: Map<string, string>,
): Promise<void> {
  o.queues = (await opts.api.queueNames(opts.vhost)).sort()
  const streams = new Set(
    (await opts.api.queueTypes(opts.vhost)).filter((q) => q.type === 'stream').map((q) => q.name),
  )
  const url = `${opts.amqpUrl.replace(/\/+$/, '')}/${encodeURIComponent(opts.vhost)}`
  const observer = await connect(url)
  try {
    for (const name of o.queues) {
      const owner = owners.get(name)
      const model = owner && conns.get(owner)?.open ? conns.get(owner)?.model : observer
      if (!model) continue
      const ch = await model.createChannel()
      const list: Seen[] = []
      if (streams.has(name)) {
        // basic.get is a connection error on a stream: read it all with a consumer from `first`.
        await ch.prefetch(1000)
        await ch.consume(name, (m) => m && list.push(seen(m)), { arguments: { 'x-stream-offset': 'first' } })
        let n = -1
        while (n !== list.length) {
          n = list.length
          await sleep(150)
        }
        o.ready[name] = list
        await ch.close()
        continue
      }
      for (;;) {
        const m = await ch.get(name, { noAck: true })
        if (m === false) break
        list.push(seen(m))
      }
      o.ready[name] = list
      await ch.close()
    }
  } finally {
    await observer.close()
  }
}
