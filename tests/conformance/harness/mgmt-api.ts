/**
 * A small client for RabbitMQ's management HTTP API on loopback. The URL may carry credentials
 * (`http://user:pass@127.0.0.1:15672`); fetch refuses them in the URL, so they become a header.
 */
export class MgmtApi {
  readonly base: string
  readonly user: string
  private readonly auth: string

  constructor(url: string) {
    const u = new URL(url)
    this.user = decodeURIComponent(u.username || 'guest')
    const pass = decodeURIComponent(u.password || 'guest')
    this.auth = `Basic ${Buffer.from(`${this.user}:${pass}`).toString('base64')}`
    u.username = ''
    u.password = ''
    this.base = u.toString().replace(/\/+$/, '')
  }

  private async call(method: string, path: string, body?: unknown): Promise<Response> {
    const send = () =>
      fetch(`${this.base}/api${path}`, {
        method,
        headers: { authorization: this.auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      })
    let res = await send()
    // A GET that meets a queue being created or deleted can get a 500 from the management plugin
    // (3.10.8, seen under load listing queues with their type); reading again is safe.
    for (let i = 0; i < 3 && method === 'GET' && res.status >= 500; i++) {
      await new Promise((r) => setTimeout(r, 200 * (i + 1)))
      res = await send()
    }
    if (!res.ok && !(method === 'DELETE' && res.status === 404)) {
      throw new Error(`management API ${method} ${path}: HTTP ${res.status} ${await res.text()}`)
    }
    return res
  }

  /** Resolves with the broker's version when the API answers. */
  async overview(): Promise<{ rabbitmq_version: string }> {
    return (await this.call('GET', '/overview')).json() as Promise<{ rabbitmq_version: string }>
  }

  /** Creates the vhost and gives our user full permissions on it. */
  async createVhost(name: string): Promise<void> {
    const v = encodeURIComponent(name)
    await this.call('PUT', `/vhosts/${v}`, {})
    await this.call('PUT', `/permissions/${v}/${encodeURIComponent(this.user)}`, {
      configure: '.*',
      write: '.*',
      read: '.*',
    })
  }

  async deleteVhost(name: string): Promise<void> {
    await this.call('DELETE', `/vhosts/${encodeURIComponent(name)}`)
  }

  /**
   * Sets a policy; resolves with the API's refusal reason (HTTP 400, e.g. an invalid definition),
   * or null when it was accepted.
   */
  async setPolicy(
    vhost: string,
    p: { name: string; pattern: string; 'apply-to'?: string; priority?: number; definition: unknown },
  ): Promise<string | null> {
    const path = `/policies/${encodeURIComponent(vhost)}/${encodeURIComponent(p.name)}`
    const res = await fetch(`${this.base}/api${path}`, {
      method: 'PUT',
      headers: { authorization: this.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        pattern: p.pattern,
        'apply-to': p['apply-to'] ?? 'all',
        priority: p.priority ?? 0,
        definition: p.definition,
      }),
      signal: AbortSignal.timeout(30_000),
    })
    if (res.ok) return null
    // The API escapes HTML tags in its reasons (`<<"foo">>` arrives as `&lt;&lt;"foo"&gt;&gt;`).
    if (res.status === 400)
      return ((await res.json()) as { reason: string }).reason
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&')
    throw new Error(`management API PUT ${path}: HTTP ${res.status} ${await res.text()}`)
  }

  async clearPolicy(vhost: string, name: string): Promise<void> {
    await this.call('DELETE', `/policies/${encodeURIComponent(vhost)}/${encodeURIComponent(name)}`)
  }

  /** Names of the queues that exist in the vhost right now. */
  async queueNames(vhost: string): Promise<string[]> {
    return (await this.queueTypes(vhost)).map((r) => r.name)
  }

  /** Every queue of the vhost with its type (`classic`, `quorum`, `stream`). */
  async queueTypes(vhost: string): Promise<{ name: string; type: string }[]> {
    const res = await this.call('GET', `/queues/${encodeURIComponent(vhost)}?columns=name,type`)
    const rows = (await res.json()) as { name: string; type?: string }[]
    return rows.map((r) => ({ name: r.name, type: r.type ?? 'classic' }))
  }

  /** Vhosts whose name starts with `prefix` (used to clean up after an interrupted run). */
  async vhostNames(prefix: string): Promise<string[]> {
    const rows = (await (await this.call('GET', '/vhosts?columns=name')).json()) as { name: string }[]
    return rows.map((r) => r.name).filter((n) => n.startsWith(prefix))
  }
}
