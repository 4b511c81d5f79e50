/// <reference lib="webworker" />
// The Worker entry: only the message loop. The engine itself is imported through engine-api.ts.
import { engineApi } from './engine-api'
import type { EngineRequest, EngineResponse } from './protocol'

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = (event: MessageEvent<EngineRequest>) => {
  const { id, method, args } = event.data
  let reply: EngineResponse
  try {
    const fn = engineApi[method] as (...a: unknown[]) => unknown
    reply = { id, ok: true, value: fn(...args) }
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err))
    reply = { id, ok: false, error: { name: e.name, message: e.message } }
  }
  scope.postMessage(reply)
}
