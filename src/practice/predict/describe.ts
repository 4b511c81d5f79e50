/** A neutral one-paragraph statement of a generated question (what is published where). */
import type { Scenario } from '../../engine'

export interface PublishFacts {
  exchange: string
  exchangeType: string
  key: string
  headers: string | null
  mandatory: boolean
}

export function publishFacts(s: Scenario): PublishFacts {
  const p = s.publishes?.[0]
  if (!p) throw new Error('a practice scenario needs one publish')
  const x = (s.exchanges ?? []).find((e) => e.name === p.exchange)
  const headers = p.headers
    ? Object.entries(p.headers)
        .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(', ')
    : null
  return {
    exchange: p.exchange,
    exchangeType: p.exchange === '' ? 'direct' : (x?.type ?? '?'),
    key: p.routing_key,
    headers: headers === '' ? null : headers,
    mandatory: p.mandatory === true,
  }
}

/** The message's headers as one producer line under the diagram's producer node (none without headers). */
export function headerLine(h: Record<string, unknown> | undefined): string[] {
  if (!h || Object.keys(h).length === 0) return []
  return [
    Object.entries(h)
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(', '),
  ]
}
