/**
 * The publish form's values, in a tiny store of their own so Ctrl+Enter (in the editor or anywhere
 * on the page) publishes what the form shows. Not persisted.
 */
import { create } from 'zustand'
import type { TopologySnapshot } from '../engine'
import { playgroundStore } from '../store/app-store'
import { type HeaderRow, rowsToTable } from './header-rows'

interface PublishDraft {
  exchange: string | null
  routingKey: string
  headers: HeaderRow[]
  mandatory: boolean
  /** Per-message TTL in ms (the `expiration` property, a string as in AMQP); '' for none. */
  expiration: string
  /** The `priority` property (0–255, for queues with x-max-priority); '' for none. */
  priority: string
  /** The body; '' means the default (the message id). Its bytes count for x-max-length-bytes. */
  body: string
  error: { key: string; value: string; type: string } | null
  /** A priority that is not a whole number from 0 to 255. */
  priorityError: string | null
  set: (patch: Partial<Omit<PublishDraft, 'set'>>) => void
}

export const usePublishDraft = create<PublishDraft>((set) => ({
  exchange: null,
  routingKey: 'order.created',
  headers: [],
  mandatory: true,
  expiration: '',
  priority: '',
  body: '',
  error: null,
  priorityError: null,
  set: (patch) => set(patch),
}))

export interface ExchangeChoice {
  /** `[vhost, name]` as JSON: the select's value. */
  key: string
  vhost: string
  name: string
}

const choice = (vhost: string, name: string): ExchangeChoice => ({
  key: JSON.stringify([vhost, name]),
  vhost,
  name,
})

/** Exchanges offered by the form, per vhost: the user's own first, then the default exchange, then amq.*. */
export function exchangeChoices(topology: TopologySnapshot | null): ExchangeChoice[] {
  const all = topology?.exchanges ?? []
  const out: ExchangeChoice[] = []
  for (const vhost of topology?.vhosts ?? ['/']) {
    const names = all.filter((x) => x.vhost === vhost).map((x) => x.name)
    const own = names.filter((n) => n !== '' && !n.startsWith('amq.'))
    for (const n of [...own, '', ...names.filter((n) => n.startsWith('amq.'))]) out.push(choice(vhost, n))
  }
  return out.length ? out : [choice('/', '')]
}

/** The exchange the form shows: the chosen one while it exists, else the first choice. */
export function draftExchange(chosen: string | null, topology: TopologySnapshot | null): ExchangeChoice {
  const choices = exchangeChoices(topology)
  return choices.find((c) => c.key === chosen) ?? (choices[0] as ExchangeChoice)
}

/** Publish the draft (appended to the script, run at once, logged); false when invalid or read-only. */
export function publishDraft(): boolean {
  const d = usePublishDraft.getState()
  const s = playgroundStore.getState()
  if (s.mode === 'view') return false
  const headers = rowsToTable(d.headers)
  if (!headers.ok) {
    d.set({ error: { key: headers.row.key, value: headers.row.value, type: headers.row.type } })
    return false
  }
  const priority = d.priority.trim()
  if (priority !== '' && !(/^\d{1,3}$/.test(priority) && Number(priority) <= 255)) {
    d.set({ error: null, priorityError: d.priority })
    return false
  }
  d.set({ error: null, priorityError: null })
  const target = draftExchange(d.exchange, s.run?.topology ?? null)
  // The expiration goes as typed: a malformed one is the broker's 406, which the engine reproduces.
  const properties = {
    ...(d.expiration !== '' ? { expiration: d.expiration } : {}),
    ...(priority !== '' ? { priority: Number(priority) } : {}),
  }
  return (
    s.publish({
      vhost: target.vhost,
      exchange: target.name,
      routing_key: d.routingKey,
      ...(Object.keys(headers.table).length ? { headers: headers.table } : {}),
      ...(d.mandatory ? { mandatory: true } : {}),
      ...(Object.keys(properties).length ? { properties } : {}),
      ...(d.body !== '' ? { body: d.body } : {}),
    }) !== null
  )
}

/** How many of the optional message properties the draft sets (shown on the folded section). */
export const propertiesSet = (d: { expiration: string; priority: string; body: string }) =>
  [d.expiration, d.priority, d.body].filter((v) => v !== '').length
