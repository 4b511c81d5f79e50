import type { ConfirmChannel } from 'amqplib'
import type { Scenario, ScenarioError, ScenarioResult } from '../../../src/engine'
import { AmqpSession, type Outcome } from './amqp-session'
import { tableToWire, type WireValue } from './field-values'
import type { MgmtApi } from './mgmt-api'

/** Scenario property names (definitions.json style) → amqplib's publish option names. */
const PROPERTY_NAMES: Record<string, string> = {
  content_type: 'contentType',
  content_encoding: 'contentEncoding',
  delivery_mode: 'deliveryMode',
  priority: 'priority',
  correlation_id: 'correlationId',
  reply_to: 'replyTo',
  expiration: 'expiration',
  message_id: 'messageId',
  timestamp: 'timestamp',
  type: 'type',
  user_id: 'userId',
  app_id: 'appId',
}

function publishOptions(p: NonNullable<Scenario['publishes']>[number], where: string) {
  const options: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(p.properties ?? {})) {
    if (k === 'headers') throw new Error(`${where}.properties: put headers in "headers"`)
    options[PROPERTY_NAMES[k] ?? k] = v
  }
  options.mandatory = p.mandatory ?? false
  // The drain names a message by its body; a publish with its own body is named by message id.
  if (p.body !== undefined) {
    if (p.properties?.message_id !== undefined) throw new Error(`${where}: give either body or message_id`)
    options.messageId = p.id
  }
  options.headers = tableToWire(p.headers, `${where}.headers`) ?? {}
  return options
}

function assertSingleVhost(s: Scenario): void {
  const all = [...(s.exchanges ?? []), ...(s.queues ?? []), ...(s.bindings ?? []), ...(s.publishes ?? [])]
  if (
    (s.vhosts ?? []).some((v) => v.name !== '/') ||
    all.some((x) => x.vhost !== undefined && x.vhost !== '/')
  ) {
    throw new Error('the broker harness runs scenarios in one vhost; drop the vhost fields')
  }
}

/**
 * A quorum queue's or stream's messages through a consumer (a stream from its first offset, with
 * prefetch and manual acks as streams require; basic.get is a 540 there and a 405 on a quorum
 * queue with single active consumer), until no message came for a while.
 */
async function readByConsumer(ch2: ConfirmChannel, name: string, stream: boolean): Promise<string[]> {
  const ids: string[] = []
  {
    await ch2.prefetch(1000)
    let last = Date.now()
    const { consumerTag } = await ch2.consume(
      name,
      (msg) => {
        if (!msg) return
        ids.push(String(msg.properties.messageId ?? msg.content.toString('utf8')))
        last = Date.now()
        ch2.ack(msg)
      },
      { noAck: false, arguments: stream ? { 'x-stream-offset': 'first' } : {} },
    )
    const start = Date.now()
    while (Date.now() - last < 300 || Date.now() - start < (stream ? 600 : 300))
      await new Promise((r) => setTimeout(r, 50))
    await ch2.cancel(consumerTag)
  }
  return ids
}

/**
 * Runs a scenario on a real broker in a fresh vhost, step by step as the scenario format says
 * (exchanges, queues, bindings, publishes; a refused step is recorded and the client reopens its
 * channel or connection), then drains every queue with basic.get. Error texts are the broker's own.
 */
export async function runOnBroker(
  scenario: Scenario,
  amqpUrl: string,
  api: MgmtApi,
  vhost: string,
): Promise<ScenarioResult> {
  assertSingleVhost(scenario)
  await api.createVhost(vhost)
  const session = new AmqpSession(`${amqpUrl.replace(/\/+$/, '')}/${encodeURIComponent(vhost)}`)
  const result: ScenarioResult = { queues: {}, returns: [], errors: [] }
  const nacks: NonNullable<ScenarioResult['nacks']> = []
  const record = (id: string, stage: ScenarioError['stage'], out: Outcome<unknown>) => {
    if (!out.ok) result.errors.push({ id, stage, code: out.refusal.code, text: out.refusal.text })
  }
  session.onReturn = (id, replyCode, replyText) => {
    result.returns.push({ id, reply_code: replyCode as 312, reply_text: replyText as 'NO_ROUTE' })
  }
  try {
    for (const p of scenario.policies ?? []) {
      const refusal = await api.setPolicy(vhost, p)
      if (refusal) result.errors.push({ id: `policy:${p.name}`, stage: 'policy', code: 400, text: refusal })
    }
    for (const x of scenario.exchanges ?? []) {
      const args = tableToWire(x.arguments, `exchange ${x.name}.arguments`)
      const opts = {
        durable: x.durable ?? true, // as amqplib and the engine default
        autoDelete: x.auto_delete ?? false,
        internal: x.internal ?? false,
      }
      record(
        `exchange:${x.name}`,
        'declare',
        await session.run((ch) =>
          x.passive
            ? ch.checkExchange(x.name)
            : ch.assertExchange(x.name, x.type, { ...opts, arguments: args }),
        ),
      )
    }
    for (const q of scenario.queues ?? []) {
      const args = tableToWire(q.arguments, `queue ${q.name}.arguments`)
      const opts = {
        durable: q.durable ?? true, // as amqplib and the engine default
        exclusive: q.exclusive ?? false,
        autoDelete: q.auto_delete ?? false,
      }
      record(
        `queue:${q.name}`,
        'declare',
        await session.run((ch) =>
          q.passive ? ch.checkQueue(q.name) : ch.assertQueue(q.name, { ...opts, arguments: args }),
        ),
      )
    }
    for (const [i, b] of (scenario.bindings ?? []).entries()) {
      const args = (tableToWire(b.arguments, `binding ${i}.arguments`) ?? {}) as Record<string, WireValue>
      const bind =
        b.destination_type === 'exchange'
          ? (ch: ConfirmChannel) => ch.bindExchange(b.destination, b.source, b.routing_key, args)
          : (ch: ConfirmChannel) => ch.bindQueue(b.destination, b.source, b.routing_key, args)
      record(`binding:${i}`, 'bind', await session.run(bind))
    }
    for (const p of scenario.publishes ?? []) {
      const options = publishOptions(p, `publish ${p.id}`)
      const body = Buffer.from(p.body ?? p.id, 'utf8')
      // A nack (a full queue with x-overflow reject-publish) is an answer, not a refusal: the
      // channel stays open. A closed channel fails the confirm with 'channel closed' instead.
      const publish = await session.run(
        (ch) =>
          new Promise<'ack' | 'nack'>((resolve, reject) => {
            ch.publish(p.exchange, p.routing_key, body, options, (err) =>
              err ? (err.message === 'message nacked' ? resolve('nack') : reject(err)) : resolve('ack'),
            )
          }),
      )
      record(p.id, 'publish', publish)
      if (publish.ok && publish.value === 'nack') nacks.push({ id: p.id, queues: [] })
    }
    const ch = await session.channel()
    for (const { name, type } of await api.queueTypes(vhost)) {
      const ids: string[] = []
      if (type !== 'classic') {
        result.queues[name] = await readByConsumer(ch, name, type === 'stream')
        continue
      }
      for (;;) {
        const msg = await ch.get(name, { noAck: true })
        if (msg === false) break
        ids.push(String(msg.properties.messageId ?? msg.content.toString('utf8')))
        // (messageId is only set for publishes with their own body, see publishOptions)
      }
      result.queues[name] = ids
    }
    if (nacks.length > 0) result.nacks = nacks
  } finally {
    await session.close()
    await api.deleteVhost(vhost)
  }
  return result
}
