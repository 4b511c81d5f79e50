/**
 * Main-thread facade of the engine Worker: request ids, a timeout that restarts a runaway worker,
 * and `latest()` which resolves only for the newest call of a given channel (stale replies are dropped).
 */
import type { EngineApi, EngineMethod, EngineRequest, EngineResponse } from './protocol'

type Pending = {
  resolve: (v: unknown) => void
  reject: (e: Error) => void
  timer: ReturnType<typeof setTimeout>
}

export class StaleReplyError extends Error {
  constructor() {
    super('A newer request replaced this one')
    this.name = 'StaleReplyError'
  }
}

export interface EngineClient {
  call<M extends EngineMethod>(
    method: M,
    ...args: Parameters<EngineApi[M]>
  ): Promise<ReturnType<EngineApi[M]>>
  /** Like call, but rejects with StaleReplyError when a newer call on the same channel was made. */
  latest<M extends EngineMethod>(
    channel: string,
    method: M,
    ...args: Parameters<EngineApi[M]>
  ): Promise<ReturnType<EngineApi[M]>>
  /** Drop every call in flight (they reject) and start a fresh Worker: a long job a newer one replaced. */
  cancel(reason: string): void
  dispose(): void
}

const TIMEOUT_MS = 15_000
/** A lint of a 10,000-binding import takes seconds; past this the analysis Worker is restarted. */
const ANALYSIS_TIMEOUT_MS = 30_000

function createEngineClient(makeWorker: () => Worker = defaultWorker, timeoutMs = TIMEOUT_MS): EngineClient {
  let worker = start()
  let nextId = 1
  const pending = new Map<number, Pending>()
  const newestByChannel = new Map<string, number>()

  function start(): Worker {
    const w = makeWorker()
    w.onmessage = (event: MessageEvent<EngineResponse>) => {
      const reply = event.data
      const p = pending.get(reply.id)
      if (!p) return
      pending.delete(reply.id)
      clearTimeout(p.timer)
      if (reply.ok) p.resolve(reply.value)
      else p.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }))
    }
    return w
  }

  function restart(reason: string): void {
    worker.terminate()
    for (const p of pending.values()) {
      clearTimeout(p.timer)
      p.reject(new Error(reason))
    }
    pending.clear()
    worker = start()
  }

  function call<M extends EngineMethod>(method: M, ...args: Parameters<EngineApi[M]>) {
    const id = nextId++
    return new Promise<ReturnType<EngineApi[M]>>((resolve, reject) => {
      const timer = setTimeout(
        () => restart(`The routing engine did not answer within ${timeoutMs / 1000} s`),
        timeoutMs,
      )
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer })
      const request: EngineRequest<M> = { id, method, args }
      worker.postMessage(request)
    })
  }

  return {
    call,
    async latest(channel, method, ...args) {
      const ticket = nextId
      newestByChannel.set(channel, ticket)
      const value = await call(method, ...args)
      if (newestByChannel.get(channel) !== ticket) throw new StaleReplyError()
      return value
    },
    cancel(reason) {
      if (pending.size > 0) restart(reason)
    },
    dispose() {
      restart('Engine client disposed')
      worker.terminate()
    },
  }
}

function defaultWorker(name = 'routing-engine'): Worker {
  return new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name })
}

let shared: EngineClient | null = null
let analysis: EngineClient | null = null
/** The app-wide engine client (one Worker). */
export function engineClient(): EngineClient {
  shared ??= createEngineClient()
  return shared
}

/**
 * A second Worker for the whole-message-space analysis (issue 20): a lint of a large topology takes
 * seconds, and routing (the playground's session) must never wait behind it.
 */
export function analysisClient(): EngineClient {
  analysis ??= createEngineClient(() => defaultWorker('analysis'), ANALYSIS_TIMEOUT_MS)
  return analysis
}
