/**
 * The browser's way to a RabbitMQ management API. The address, user and password live only in the
 * transport's closure: never stored, logged or put in a link. A refused request is told apart:
 * 401 (who you are), 403 (what you may do), CORS (the broker does not let this page's origin in),
 * network (nothing answers).
 */
import type { HttpAnswer, Transport } from '../lab-core/mgmt-client'

export type BrokerFailure =
  | { kind: 'bad-url' }
  | { kind: 'unauthorized' }
  | { kind: 'forbidden'; detail: string }
  | { kind: 'cors'; origin: string }
  | { kind: 'network'; url: string }
  | { kind: 'http'; status: number; detail: string }

export class BrokerError extends Error {
  constructor(readonly failure: BrokerFailure) {
    super(failure.kind)
    this.name = 'BrokerError'
  }
}

/** `http(s)://host:port[/path]` without credentials or a trailing slash, or null. */
export function normaliseBrokerUrl(input: string): string | null {
  let u: URL
  try {
    u = new URL(input.trim())
  } catch {
    return null
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password) return null
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`
}

function basic(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`)
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return `Basic ${btoa(bin)}`
}

/**
 * fetch says only "TypeError" both when CORS refuses and when nothing answers. An opaque no-cors
 * request tells them apart: it succeeds whenever the server answers at all.
 */
async function whyUnreachable(base: string): Promise<BrokerFailure> {
  try {
    await fetch(`${base}/api/overview`, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' })
    return { kind: 'cors', origin: window.location.origin }
  } catch {
    return { kind: 'network', url: base }
  }
}

export function browserTransport(base: string, user: string, password: string): Transport {
  const authorization = basic(user, password)
  return async (req): Promise<HttpAnswer> => {
    let res: Response
    try {
      res = await fetch(`${base}/api${req.path}`, {
        method: req.method,
        headers: { authorization, 'content-type': 'application/json' },
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        credentials: 'omit',
        cache: 'no-store',
        signal: AbortSignal.timeout(30_000),
      })
    } catch (e) {
      if ((e as Error).name === 'TimeoutError') throw new BrokerError({ kind: 'network', url: base })
      throw new BrokerError(await whyUnreachable(base))
    }
    return { status: res.status, text: await res.text() }
  }
}

/** Wraps a transport so that 401 and 403 answers become BrokerErrors (for calls that must succeed). */
export function failOnRefusal(transport: Transport, loggedIn: () => boolean): Transport {
  return async (req) => {
    const a = await transport(req)
    if (a.status === 401 && !loggedIn()) throw new BrokerError({ kind: 'unauthorized' })
    if (a.status === 401 || a.status === 403) {
      let detail = a.text
      try {
        detail = (JSON.parse(a.text) as { reason?: string }).reason ?? a.text
      } catch {
        /* not JSON */
      }
      // Step refusals (a 401 "Access refused." for an amq.* name) are results, not failures.
      if (req.method !== 'GET' && /^\/(exchanges|queues|bindings)\//.test(req.path)) return a
      throw new BrokerError({ kind: 'forbidden', detail })
    }
    return a
  }
}
