/**
 * RabbitMQ's management HTTP API over a transport the caller gives (the browser's fetch in live
 * mode, Node's in tests), so this stays pure. Credentials live in the transport, never here.
 */

export interface HttpRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE'
  /** Below `/api`, e.g. `/vhosts/%2F`. */
  path: string
  body?: unknown
}

export interface HttpAnswer {
  status: number
  text: string
}

export type Transport = (req: HttpRequest) => Promise<HttpAnswer>

/** An answer the caller did not expect (a refused step is an HttpAnswer, not this). */
export class MgmtHttpError extends Error {
  constructor(
    readonly status: number,
    readonly request: string,
    readonly body: string,
  ) {
    super(`${request}: HTTP ${status} ${body.slice(0, 300)}`)
    this.name = 'MgmtHttpError'
  }
}

export const enc = encodeURIComponent

/** The default exchange is `amq.default` in the API's paths. */
export const exchangePath = (name: string) => (name === '' ? 'amq.default' : enc(name))

export interface Overview {
  product: string
  version: string
  user: string
}

export class MgmtClient {
  constructor(readonly transport: Transport) {}

  /** Any answer; throws only when the transport does (network, CORS). */
  call(method: HttpRequest['method'], path: string, body?: unknown): Promise<HttpAnswer> {
    return this.transport({ method, path, ...(body === undefined ? {} : { body }) })
  }

  /** A 2xx answer's JSON, or MgmtHttpError. */
  async json<T>(method: HttpRequest['method'], path: string, body?: unknown): Promise<T> {
    const a = await this.call(method, path, body)
    if (a.status < 200 || a.status > 299) throw new MgmtHttpError(a.status, `${method} /api${path}`, a.text)
    return (a.text ? JSON.parse(a.text) : null) as T
  }

  async overview(): Promise<Overview> {
    const [o, who] = await Promise.all([
      this.json<{ product_name?: string; rabbitmq_version?: string }>('GET', '/overview'),
      this.json<{ name: string }>('GET', '/whoami'),
    ])
    return { product: o.product_name ?? 'RabbitMQ', version: o.rabbitmq_version ?? 'unknown', user: who.name }
  }

  async vhosts(): Promise<string[]> {
    const rows = await this.json<{ name: string }[]>('GET', '/vhosts?columns=name')
    return rows.map((r) => r.name).sort()
  }

  /** A vhost's definitions (exchanges, queues, bindings, policies…) as the broker exports them. */
  definitions(vhost: string): Promise<Record<string, unknown>> {
    return this.json('GET', `/definitions/${enc(vhost)}`)
  }

  async createVhost(name: string, user: string): Promise<void> {
    await this.json('PUT', `/vhosts/${enc(name)}`, {})
    await this.json('PUT', `/permissions/${enc(name)}/${enc(user)}`, {
      configure: '.*',
      write: '.*',
      read: '.*',
    })
  }

  async deleteVhost(name: string): Promise<void> {
    const a = await this.call('DELETE', `/vhosts/${enc(name)}`)
    if (a.status !== 404 && (a.status < 200 || a.status > 299))
      throw new MgmtHttpError(a.status, `DELETE /api/vhosts/${enc(name)}`, a.text)
  }
}
