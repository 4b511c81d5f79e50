/**
 * Layer 2 of the sandbox: the document of an `<iframe sandbox="allow-scripts" srcdoc=…>`. Without
 * `allow-same-origin` the frame has an opaque origin (no cookies, localStorage, IndexedDB or caches,
 * no way into the page's DOM), and its Content-Security-Policy forbids every fetch, connection, font,
 * image and script URL. The sandbox Worker is created here from a blob, and a blob Worker inherits
 * its creator's policy, so the Worker is held by the same rules even if learner code undoes the
 * JavaScript lockdown (worker-program.ts). Only this frame is restricted: the page itself may still
 * connect where the user asks (e.g. a RabbitMQ management URL).
 *
 * 'unsafe-eval' is needed to compile learner code with the Function constructor; it opens no door,
 * since every URL is refused. 'unsafe-inline' runs this file's one script (nothing else is ever
 * written into the document).
 */
import type { SandboxLimits } from './protocol'

export const FRAME_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline' 'unsafe-eval'",
  'worker-src blob:',
  "connect-src 'none'",
  "font-src 'none'",
  "img-src 'none'",
  "media-src 'none'",
  "style-src 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "manifest-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ')

/** What the page sends the frame once, with a MessagePort for everything after. */
export interface FrameInit {
  kind: 'init'
  source: string
  limits: SandboxLimits
  maxError: number
}

/**
 * The frame's script, self-contained (its text is written into the document): on the first message
 * from the parent it creates the Worker, then relays the job one way and checked replies the other.
 * The checks repeat protocol.ts's checkReply, so an oversized or malformed reply never leaves the
 * frame's process.
 */
function frameProgram(): void {
  let port: MessagePort | null = null
  addEventListener('message', (event: MessageEvent<FrameInit>) => {
    if (port || event.source !== parent || event.data?.kind !== 'init' || !event.ports[0]) return
    const own = event.ports[0]
    port = own
    const { source, limits, maxError } = event.data
    const send = (m: unknown) => own.postMessage(m)
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }))
    let calls = -1
    const worker = new Worker(url, { name: 'practice-sandbox' })
    const okText = (s: unknown) => typeof s === 'string' && s.length <= maxError * 2
    const check = (d: unknown): boolean => {
      if (typeof d !== 'object' || d === null) return false
      const r = d as { kind?: unknown; error?: unknown; results?: unknown }
      if (r.kind === 'load-error') return okText(r.error)
      if (r.kind !== 'done' || !Array.isArray(r.results) || r.results.length !== calls) return false
      let total = 0
      for (const x of r.results as { ok?: unknown; json?: unknown; error?: unknown; ms?: unknown }[]) {
        if (typeof x !== 'object' || x === null || typeof x.ms !== 'number') return false
        if (x.ok === true && (x.json === null || typeof x.json === 'string')) {
          const n = typeof x.json === 'string' ? x.json.length : 0
          total += n
          if (n > limits.callChars || total > limits.totalChars) return false
        } else if (!(x.ok === false && okText(x.error))) return false
      }
      return true
    }
    worker.onmessage = (m) => {
      const d = m.data as { kind?: unknown }
      if (calls < 0) {
        if (d?.kind === 'ready') {
          URL.revokeObjectURL(url)
          send({ kind: 'ready' })
        }
        return
      }
      send(check(d) ? d : { kind: 'load-error', error: 'the sandbox sent back a reply it may not send' })
      worker.terminate()
    }
    worker.onerror = (e) => {
      e.preventDefault()
      send({ kind: 'load-error', error: String(e.message || 'the sandbox failed').slice(0, maxError) })
      worker.terminate()
    }
    own.onmessage = (m) => {
      if (calls >= 0) return
      calls = Array.isArray(m.data?.calls) ? m.data.calls.length : 0
      worker.postMessage(m.data)
    }
  })
}

export function frameHtml(): string {
  const script = `(${frameProgram.toString()})()`
  // The script text goes into HTML: it must not be able to end its own <script> element.
  if (/<\/script/i.test(script)) throw new Error('the sandbox frame script cannot be embedded')
  return `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}"><script>${script}</script>`
}
