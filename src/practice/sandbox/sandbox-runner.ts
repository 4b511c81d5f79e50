/**
 * Page side of the sandbox: one fresh sandbox frame + Worker per run, a hard time limit, and
 * termination when it is exceeded — an endless loop or a memory bomb in learner code costs at most
 * `limitMs` and never blocks the page. The limit starts when the Worker is ready for the job.
 */
import { createFrameHost, type WorkerLike } from './frame-host'
import { checkReply, type RunOutcome, SANDBOX_LIMITS, type SandboxJob } from './protocol'

export const DEFAULT_LIMIT_MS = 3000
/** How long the frame and its Worker may take to start (a new process on a busy machine). */
const STARTUP_LIMIT_MS = 20_000

/**
 * Posts `message` to a fresh `worker`, resolves with the first reply (or `onTimeout` after
 * `limitMs`, counted from `ready`), and always terminates the worker.
 */
export function runOnce<T>(
  worker: WorkerLike,
  message: unknown,
  limitMs: number,
  read: (data: unknown) => T,
  onTimeout: () => T,
  onError: (text: string) => T,
): Promise<T> {
  return new Promise<T>((resolve) => {
    let settled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const finish = (outcome: T) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      worker.terminate()
      resolve(outcome)
    }
    worker.onmessage = (event: MessageEvent) => finish(read(event.data))
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault?.()
      finish(onError(event.message || 'the worker failed to start'))
    }
    const start = () => {
      if (settled) return
      clearTimeout(timer)
      timer = setTimeout(() => finish(onTimeout()), limitMs)
      worker.postMessage(message)
    }
    if (!worker.ready) return start()
    timer = setTimeout(() => finish(onError('the sandbox did not start')), STARTUP_LIMIT_MS)
    worker.ready.then(start, () => finish(onError('the sandbox did not start')))
  })
}

export function runInSandbox(
  job: Omit<SandboxJob, 'limits'>,
  options: { limitMs?: number; makeWorker?: () => WorkerLike } = {},
): Promise<RunOutcome> {
  const limitMs = options.limitMs ?? DEFAULT_LIMIT_MS
  const full: SandboxJob = { ...job, limits: SANDBOX_LIMITS }
  return runOnce<RunOutcome>(
    (options.makeWorker ?? createFrameHost)(),
    full,
    limitMs,
    (data) =>
      checkReply(data, job.calls.length, SANDBOX_LIMITS) ?? {
        kind: 'load-error',
        error: 'the sandbox sent back a reply it may not send',
        why: { code: 'bad-reply' },
      },
    () => ({ kind: 'timeout', ms: limitMs }),
    (error) => ({ kind: 'load-error', error, why: { code: 'no-start' } }),
  )
}
