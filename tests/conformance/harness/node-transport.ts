import type { Transport } from '../../../src/lab-core/mgmt-client'

/** Live mode's transport in Node: fetch with the credentials of a `http://user:pass@host` URL. */
export function nodeTransport(url: string): { transport: Transport; user: string } {
  const u = new URL(url)
  const user = decodeURIComponent(u.username || 'guest')
  const auth = `Basic ${Buffer.from(`${user}:${decodeURIComponent(u.password || 'guest')}`).toString('base64')}`
  const base = `${u.protocol}//${u.host}`
  const transport: Transport = async (req) => {
    const res = await fetch(`${base}/api${req.path}`, {
      method: req.method,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(30_000),
    })
    return { status: res.status, text: await res.text() }
  }
  return { transport, user }
}
