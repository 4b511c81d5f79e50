/**
 * One routing index per exchange: computes the distinct destinations of a message without looking at
 * every binding. Direct: a map from key to destinations; fanout: the destination set; topic and headers:
 * the trie and postings indexes. Bindings that differ only in what the index ignores (args of a topic
 * binding, the key of a headers binding) share one index entry, reference-counted, so removing one of
 * them keeps routing through the other, as the broker does.
 */

import type { Profile } from '../broker/profiles'
import type { AmqpTable } from '../broker/types'
import { createHeadersIndex } from '../headers/headers-index'
import { createTopicIndex } from '../topic/topic-index'
import { tableIdentityKey } from '../values/amqp-equality'

export interface IndexedBinding {
  routing_key: string
  arguments: AmqpTable
  destKey: string
}

export interface RoutingIndex {
  add(b: IndexedBinding): void
  remove(b: IndexedBinding): void
  /** Distinct destination keys (`q:NAME` / `x:NAME`) for these routing keys and headers, any order. */
  match(routingKeys: readonly string[], headers: AmqpTable): string[]
}

/** Counts references per entry; calls `on` when an entry appears (+1) or disappears (-1). */
function refCounter(on: (id: string, delta: 1 | -1) => void) {
  const counts = new Map<string, number>()
  return {
    add(id: string) {
      const n = counts.get(id) ?? 0
      counts.set(id, n + 1)
      if (n === 0) on(id, 1)
    },
    remove(id: string) {
      const n = counts.get(id) ?? 0
      if (n === 0) return
      if (n === 1) {
        counts.delete(id)
        on(id, -1)
      } else counts.set(id, n - 1)
    },
    has: (id: string) => counts.has(id),
  }
}

function distinct(lists: Iterable<string[]>): string[] {
  const seen = new Set<string>()
  for (const l of lists) for (const d of l) seen.add(d)
  return [...seen]
}

function directIndex(): RoutingIndex {
  const byKey = new Map<string, Map<string, number>>()
  return {
    add(b) {
      const m = byKey.get(b.routing_key) ?? new Map<string, number>()
      m.set(b.destKey, (m.get(b.destKey) ?? 0) + 1)
      byKey.set(b.routing_key, m)
    },
    remove(b) {
      const m = byKey.get(b.routing_key)
      const n = m?.get(b.destKey)
      if (!m || n === undefined) return
      if (n > 1) m.set(b.destKey, n - 1)
      else m.delete(b.destKey)
      if (m.size === 0) byKey.delete(b.routing_key)
    },
    match(keys) {
      return distinct(keys.map((k) => [...(byKey.get(k)?.keys() ?? [])]))
    },
  }
}

function fanoutIndex(): RoutingIndex {
  const dests = new Map<string, number>()
  return {
    add(b) {
      dests.set(b.destKey, (dests.get(b.destKey) ?? 0) + 1)
    },
    remove(b) {
      const n = dests.get(b.destKey)
      if (n === undefined) return
      if (n > 1) dests.set(b.destKey, n - 1)
      else dests.delete(b.destKey)
    },
    match: () => [...dests.keys()],
  }
}

function topicIndex(): RoutingIndex {
  const trie = createTopicIndex<string>()
  const entries = new Map<string, IndexedBinding>()
  const refs = refCounter((id, delta) => {
    const b = entries.get(id) as IndexedBinding
    if (delta === 1) trie.add(b.routing_key, b.destKey)
    else {
      trie.remove(b.routing_key, b.destKey)
      entries.delete(id)
    }
  })
  const idOf = (b: IndexedBinding) => JSON.stringify([b.routing_key, b.destKey])
  return {
    add(b) {
      const id = idOf(b)
      if (!entries.has(id)) entries.set(id, b)
      refs.add(id)
    },
    remove: (b) => refs.remove(idOf(b)),
    match: (keys) => (keys.length === 1 ? trie.match(keys[0]) : trie.matchKeys(keys)),
  }
}

function headersIndex(profile: Readonly<Profile>): RoutingIndex {
  const index = createHeadersIndex<string>({ profile: profile.name })
  const entries = new Map<string, IndexedBinding>()
  const refs = refCounter((id, delta) => {
    const b = entries.get(id) as IndexedBinding
    if (delta === 1) index.add({ args: b.arguments }, b.destKey)
    else {
      index.remove({ args: b.arguments }, b.destKey)
      entries.delete(id)
    }
  })
  const idOf = (b: IndexedBinding) => `${b.destKey}\u0000${tableIdentityKey(b.arguments)}`
  return {
    add(b) {
      const id = idOf(b)
      if (!entries.has(id)) entries.set(id, b)
      refs.add(id)
    },
    remove: (b) => refs.remove(idOf(b)),
    match: (_keys, headers) => index.match(headers),
  }
}

/** The index for an exchange type (unknown types never get this far: their declare fails). */
export function createRoutingIndex(type: string, profile: Readonly<Profile>): RoutingIndex {
  switch (type) {
    case 'fanout':
      return fanoutIndex()
    case 'topic':
      return topicIndex()
    case 'headers':
      return headersIndex(profile)
    default:
      return directIndex()
  }
}
