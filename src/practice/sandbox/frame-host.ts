/**
 * Page side of the sandbox frame: an invisible `<iframe sandbox="allow-scripts">` per run (Chromium
 * puts it in its own process, so a memory bomb ends that process, not the tab), talking through a
 * MessagePort. It looks like a Worker to the runner: postMessage(job), onmessage(reply), terminate().
 */
import { type FrameInit, frameHtml } from './frame-html'
import { MAX_ERROR_CHARS, SANDBOX_LIMITS } from './protocol'
import { workerSource } from './worker-program'

/** What the runner needs of a Worker (a real one, or the sandbox frame standing in for one). */
export interface WorkerLike {
  postMessage(message: unknown): void
  terminate(): void
  onmessage: ((event: MessageEvent) => void) | null
  onerror: ((event: ErrorEvent) => void) | null
  /** Resolves when the job can start; absent = at once. */
  ready?: Promise<void>
}

export function createFrameHost(doc: Document = document): WorkerLike {
  const frame = doc.createElement('iframe')
  frame.setAttribute('sandbox', 'allow-scripts')
  frame.setAttribute('aria-hidden', 'true')
  frame.setAttribute('tabindex', '-1')
  frame.title = 'practice sandbox'
  frame.dataset.testid = 'practice-sandbox-frame'
  // Rendered but invisible: a display:none frame may be throttled.
  frame.style.cssText =
    'position:fixed;width:1px;height:1px;left:-10px;top:-10px;border:0;opacity:0;pointer-events:none'
  frame.srcdoc = frameHtml()
  const channel = new MessageChannel()
  let pending: unknown
  let started = false
  let ready = false
  let resolveReady: () => void = () => {}
  const host: WorkerLike = {
    onmessage: null,
    onerror: null,
    ready: new Promise<void>((resolve) => {
      resolveReady = resolve
    }),
    postMessage(message: unknown) {
      if (ready) channel.port1.postMessage(message)
      else pending = message
    },
    terminate() {
      channel.port1.close()
      frame.remove()
    },
  }
  channel.port1.onmessage = (event: MessageEvent) => {
    const data = event.data as { kind?: unknown }
    if (!ready) {
      if (data?.kind !== 'ready') return
      ready = true
      resolveReady()
      if (pending !== undefined) channel.port1.postMessage(pending)
      return
    }
    host.onmessage?.(event)
  }
  frame.addEventListener('load', () => {
    if (started) return
    started = true
    const init: FrameInit = {
      kind: 'init',
      source: workerSource(),
      limits: SANDBOX_LIMITS,
      maxError: MAX_ERROR_CHARS,
    }
    // The frame's origin is opaque, so "*" is the only target that reaches it; the port is the channel.
    frame.contentWindow?.postMessage(init, '*', [channel.port2])
  })
  doc.body.append(frame)
  return host
}
