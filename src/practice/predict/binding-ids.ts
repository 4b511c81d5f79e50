/**
 * Scenario binding index ↔ the engine's binding id, so the diagram's binding marks (engine ids) and the
 * practice grading (scenario indexes) talk about the same bindings. Paired by source, destination,
 * key and arguments; a binding the broker treated as a duplicate has no id of its own.
 */
import { amqpToJson, type Scenario, type TopologySnapshot } from '../../engine'

const argsKey = (args: Record<string, unknown> | undefined) =>
  JSON.stringify(
    Object.entries(args ?? {})
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])
      .sort(),
  )

/** `ids[i]` = the engine id of scenario binding `i` (null when none). */
export function bindingIdsOf(s: Scenario, topology: TopologySnapshot): (string | null)[] {
  const used = new Set<string>()
  return (s.bindings ?? []).map((b) => {
    const want = argsKey(b.arguments)
    const found = topology.bindings.find(
      (t) =>
        !used.has(t.id) &&
        t.vhost === (b.vhost ?? '/') &&
        t.source === b.source &&
        t.destination === b.destination &&
        t.destination_type === b.destination_type &&
        t.routing_key === b.routing_key &&
        argsKey(Object.fromEntries(Object.entries(t.arguments).map(([k, v]) => [k, amqpToJson(v)]))) === want,
    )
    if (!found) return null
    used.add(found.id)
    return found.id
  })
}
