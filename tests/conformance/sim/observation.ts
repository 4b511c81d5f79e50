/**
 * What a client can observe of a timeline, in one shape for the broker and the simulation: each
 * step's success and reply code, every consumer's deliveries in order, basic.get answers, the order
 * of returns and confirms, the queues that exist at the end and their ready messages in order.
 */
import { createTimeline, type DeliveredDeath, type SimEvent, type TimelineRun } from '../../../src/engine'

/**
 * A dead-lettered message as a client sees it: the delivery's exchange and routing key, x-death
 * (count, reason, queue, exchange, routing-keys, original-expiration; `time` left out) and the
 * x-first-death headers.
 */
export interface DeadSeen {
  ex: string
  rk: string
  deaths: (string | number | null)[][]
  first: string[] | null
}

export interface Seen {
  id: string
  redelivered: boolean
  dl?: DeadSeen
  /** x-delivery-count (quorum queues, after the first return); absent when the header is. */
  count?: number
  /** x-stream-offset (stream deliveries). */
  offset?: number
}

function deadSeen(d: DeliveredDeath): DeadSeen {
  return {
    ex: d.exchange,
    rk: d.routingKey,
    deaths: d.deaths.map((x) => [
      x.count,
      x.reason,
      x.queue,
      x.exchange,
      x.routingKeys.join(','),
      x.originalExpiration ?? null,
    ]),
    first: d.first ? [d.first.reason, d.first.queue, d.first.exchange] : null,
  }
}

type Delivered = Extract<SimEvent, { kind: 'delivered' }>

/** What a client reads of one delivery (optional parts only when the broker sends them). */
function seenOf(e: Delivered): Seen {
  const s: Seen = { id: e.message, redelivered: e.redelivered }
  if (e.deadLettered) s.dl = deadSeen(e.deadLettered)
  if (e.deliveryCount !== undefined) s.count = e.deliveryCount
  if (e.streamOffset !== undefined) s.offset = e.streamOffset
  return s
}

export interface Observation {
  steps: { id: string; ok: boolean; code: number | null }[]
  deliveries: Record<string, Seen[]>
  gets: { step: string; got: Seen | null }[]
  /** `return:ID`, `ack:ID` and `nack:ID` in the order the publishing client saw them (confirm channels only). */
  confirms: string[]
  queues: string[]
  ready: Record<string, Seen[]>
  /** Broker only: ms since the start when each step began, and the drain (last entry). */
  wall: number[]
}

export function emptyObservation(): Observation {
  return { steps: [], deliveries: {}, gets: [], confirms: [], queues: [], ready: {}, wall: [] }
}

/** The same observation read from a simulated run. `confirmChannels` limits confirms to those channels. */
export function observeSim(run: TimelineRun): Observation {
  const o = emptyObservation()
  for (const f of run.frames) {
    const err = f.events.find((e): e is Extract<SimEvent, { kind: 'error' }> => e.kind === 'error')
    o.steps.push({ id: f.id, ok: f.ok, code: err && err.level !== 'client' ? err.code : null })
    for (const e of f.events) {
      if (e.kind === 'delivered' && e.consumer !== null) {
        const key = `${e.consumer}@${e.channel}`
        const list = o.deliveries[key] ?? []
        list.push(seenOf(e))
        o.deliveries[key] = list
      }
      if (e.kind === 'delivered' && e.consumer === null) o.gets.push({ step: f.id, got: seenOf(e) })
      if (e.kind === 'get-empty') o.gets.push({ step: f.id, got: null })
      if (e.kind === 'returned') o.confirms.push(`return:${e.message}`)
      if (e.kind === 'confirm.ack') o.confirms.push(`ack:${e.message}`)
      if (e.kind === 'confirm.nack') o.confirms.push(`nack:${e.message}`)
    }
  }
  const final = run.frames[run.frames.length - 1]?.state ?? run.initial
  for (const q of final.queues) o.queues.push(q.name)
  o.queues.sort()
  o.ready = drainSim(run)
  return o
}

const DRAIN = '\u0001drain'

/**
 * What the broker runner's drain reads: every queue, in name order, emptied with basic.get (no-ack)
 * on its owner's connection (exclusive queues) or an observer's. Played on the simulation too, since
 * a get drops expired messages behind the head and may dead-letter them into a queue read later.
 * A stream refuses basic.get: the drain reads it from offset `first` with a consumer, so it is the
 * whole log, each message with its offset.
 */
function drainSim(run: TimelineRun): Record<string, Seen[]> {
  const player = createTimeline(run.profile)
  for (const f of run.frames) player.push(f.op)
  const channelFor = (owner: string | null) => {
    const open = owner !== null && player.state.connections.some((c) => c.id === owner && c.open)
    const connection = open ? (owner as string) : DRAIN
    const channel = `${DRAIN}:${connection}`
    if (!player.state.connections.some((c) => c.id === connection && c.open))
      player.push({ op: 'connection.open', connection })
    if (!player.state.channels.some((c) => c.id === channel && c.open))
      player.push({ op: 'channel.open', channel, connection })
    return channel
  }
  const out: Record<string, Seen[]> = {}
  const names = player.state.queues.map((q) => q.name).sort()
  for (const name of names) {
    const q = player.state.queues.find((x) => x.name === name)
    if (!q) continue
    if (q.log) {
      out[name] = q.log.map((m) => {
        const c = m.content
        const s: Seen = { id: m.id, redelivered: false, offset: m.streamOffset ?? 0 }
        if (c.deaths.length > 0)
          s.dl = deadSeen({
            exchange: c.exchange,
            routingKey: c.routingKeys[0] ?? '',
            deaths: c.deaths.map(({ time: _, ...d }) => d),
            ...(c.firstDeath ? { first: c.firstDeath } : {}),
          })
        return s
      })
      continue
    }
    const channel = channelFor(q.owner)
    const list: Seen[] = []
    for (let guard = 0; guard < 10_000; guard++) {
      const f = player.push({ op: 'get', queue: name, noAck: true, channel })
      const got = f.events.find((e) => e.kind === 'delivered')
      if (got?.kind !== 'delivered') break
      list.push(seenOf(got))
    }
    out[name] = list
  }
  return out
}

/** The consumer tag the simulation made up at step `index` (a consume with tag ""). */
export function generatedTag(run: TimelineRun, index: number): string | undefined {
  const op = run.frames[index]?.op
  if (op?.op !== 'consume' || op.consumer !== '') return undefined
  const added = run.frames[index]?.events.find((e) => e.kind === 'consumer.added')
  return added?.kind === 'consumer.added' ? added.consumer : undefined
}

/** How many consumer deliveries the simulation expects once step `index` has settled. */
export function expectedDeliveries(run: TimelineRun, index: number): number {
  let n = 0
  for (const f of run.frames.slice(0, index + 1))
    for (const e of f.events) if (e.kind === 'delivered' && e.consumer !== null) n++
  return n
}
