/// <reference lib="webworker" />
// The sandbox Worker: capture what we need, lock the global scope, run one job, reply once.
import type { SandboxJob, SandboxReply } from './protocol'
import { lockDown, runJob } from './sandbox-core'

const scope = self as unknown as DedicatedWorkerGlobalScope
const post = scope.postMessage.bind(scope)
const RealFunction = Function
const now = performance.now.bind(performance)

scope.onmessage = (event: MessageEvent<SandboxJob>) => {
  scope.onmessage = null
  lockDown(scope as unknown as Record<string, unknown>)
  let reply: SandboxReply
  try {
    reply = runJob(event.data, RealFunction, now)
  } catch (err) {
    reply = { kind: 'load-error', error: err instanceof Error ? err.message : String(err) }
  }
  post(reply)
}
