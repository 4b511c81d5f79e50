/**
 * Which exchange a requirement's messages are published to when it names none: the vhost's one
 * entry exchange — declared by the user, publishable, and not fed by another exchange (no binding,
 * alternate or dead-letter setting leads to it). With none or several, the requirement must say.
 */
import type { Vhost } from '../broker/model'
import { alternateOf, deadLetterOf, publishableExchanges } from './analysis-broker'

function entryCandidates(vhost: Vhost): string[] {
  const fed = new Set<string>()
  for (const x of vhost.exchanges.values()) {
    const ae = alternateOf(vhost, x.name)
    if (ae) fed.add(ae.name)
    for (const b of x.outgoing) if (b.destination_type === 'exchange') fed.add(b.destination)
  }
  for (const q of vhost.queues.keys()) {
    const dl = deadLetterOf(vhost, q)
    if (dl) fed.add(dl.exchange)
  }
  return publishableExchanges(vhost).filter((name) => {
    const x = vhost.exchanges.get(name)
    return x !== undefined && !x.builtin && !fed.has(name)
  })
}

export type EntryChoice = { exchange: string } | { error: string }

export function entryExchangeFor(vhost: Vhost, named: string | undefined): EntryChoice {
  if (named !== undefined) {
    if (!vhost.exchanges.has(named)) return { error: `no exchange '${named}' in vhost '${vhost.name}'` }
    return { exchange: named }
  }
  const candidates = entryCandidates(vhost)
  if (candidates.length === 1) return { exchange: candidates[0] as string }
  return {
    error:
      candidates.length === 0
        ? `say which exchange the messages are published to (expect to EXCHANGE …): vhost '${vhost.name}' has no entry exchange of its own`
        : `say which exchange the messages are published to (expect to EXCHANGE …): vhost '${vhost.name}' has ${candidates.length} entry exchanges (${candidates.join(', ')})`,
  }
}
