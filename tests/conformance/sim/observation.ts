/**
 * What a client can observe of a timeline, in one shape for the broker and the simulation: each
 * step's success and reply code, every consumer's deliveries in order, basic.get answers, the order
 * of returns and confirms, the queues that exist at the end and their ready messages in order.
 */
import type { SimEvent, TimelineRun } from '../../../src/engine'

export interface Seen {
  id: string
  redelivered: boolean
}

export interface Observation {
  steps: { id: string; ok: boolean; code: number | null }[]
  deliveries: Record<string, Seen[]>
  gets: { step: string; got: Seen | null }[]
  /** `return:ID` and `ack:ID` in the order the publishing client saw them (confirm channels only). */
  confirms: string[]
  queues: string[]
  ready: Record<string, Seen[]>
}

export function emptyObservation(): Observation {
  return { steps: [], deliveries: {}, gets: [], confirms: [], queues: [], ready: {} }
}

/** The same observation read from a simulated run. `confirmChannels` limits confirms to those channels. */
export function observeSim(run: TimelineRun): Observation {
  const o = emptyObservation()
  for (const f of run.frames) {
    const err = f.events.find((e): e is Extract<SimEvent, { kind: 'error' }> => e.kind === 'error')
    o.steps.push({ id: f.id, ok: f.ok, code: err && err.level !== 'client' ? err.code : null })
    for (const e of f.events) {
      if (e.kind === 'delivered' && e.consumer !== null) {
        const list = o.deliveries[e.consumer] ?? []
        list.push({ id: e.message, redelivered: e.redelivered })
        o.deliveries[e.consumer] = list
      }
      if (e.kind === 'delivered' && e.consumer === null)
        o.gets.push({ step: f.id, got: { id: e.message, redelivered: e.redelivered } })
      if (e.kind === 'get-empty') o.gets.push({ step: f.id, got: null })
      if (e.kind === 'returned') o.confirms.push(`return:${e.message}`)
      if (e.kind === 'confirm.ack') o.confirms.push(`ack:${e.message}`)
    }
  }
  const final = run.frames[run.frames.length - 1]?.state ?? run.initial
  for (const q of final.queues) {
    o.queues.push(q.name)
    o.ready[q.name] = q.ready.map((m) => ({ id: m.id, redelivered: m.redelivered }))
  }
  o.queues.sort()
  return o
}

/** How many consumer deliveries the simulation expects once step `index` has settled. */
export function expectedDeliveries(run: TimelineRun, index: number): number {
  let n = 0
  for (const f of run.frames.slice(0, index + 1))
    for (const e of f.events) if (e.kind === 'delivered' && e.consumer !== null) n++
  return n
}
