/**
 * Page side of the sandbox: one fresh Worker per run, a hard time limit, and termination when it is
 * exceeded — an infinite loop in learner code costs at most `limitMs` and never blocks the page.
 */
import type { RunOutcome, SandboxJob, SandboxReply } from './protocol'

export const DEFAULT_LIMIT_MS = 3000

export interface WorkerLike {
  postMessage(message: unknown): void
  terminate(): void
  onmessage: ((event: MessageEvent) => void) | null
  onerror: ((event: ErrorEvent) => void) | null
}

export function defaultSandboxWorker(): WorkerLike {
  return new Worker(new URL('./sandbox.worker.ts', import.meta.url), {
    type: 'module',
    name: 'practice-sandbox',
  })
}

export function runInSandbox(
  job: SandboxJob,
  options: { limitMs?: number; makeWorker?: () => WorkerLike } = {},
): Promise<RunOutcome> {
  const limitMs = options.limitMs ?? DEFAULT_LIMIT_MS
  const worker = (options.makeWorker ?? defaultSandboxWorker)()
  return new Promise<RunOutcome>((resolve) => {
    let settled = false
    const finish = (outcome: RunOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      worker.terminate()
      resolve(outcome)
    }
    const timer = setTimeout(() => finish({ kind: 'timeout', ms: limitMs }), limitMs)
    worker.onmessage = (event: MessageEvent<SandboxReply>) => finish(event.data)
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault?.()
      finish({ kind: 'load-error', error: event.message || 'the sandbox failed to start' })
    }
    worker.postMessage(job)
  })
}
