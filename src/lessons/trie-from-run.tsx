/** The trie walkthrough started from a lesson step's run: the picked message's exchange, its bindings and key. */
import { useState } from 'react'
import type { RunResult } from '../engine'
import { TrieWalk } from '../explain/trie/trie-walk'
import { PublishPicker } from './publish-picker'

export function TrieFromRun({ run, initial = 0 }: { run: RunResult; initial?: number }) {
  const [selected, setSelected] = useState(initial)
  const pub = run.publishes[selected]
  if (!pub) return null
  const bindings = run.topology.bindings
    .filter((b) => b.source === pub.exchange && b.vhost === pub.vhost)
    .map((b) => ({ pattern: b.routing_key, dest: b.destination }))
  return (
    <>
      <PublishPicker publishes={run.publishes} selected={selected} onSelect={setSelected} />
      <TrieWalk
        key={pub.id}
        bindings={bindings}
        routingKey={pub.routingKeys[0] ?? ''}
        exchange={pub.exchange}
      />
    </>
  )
}
