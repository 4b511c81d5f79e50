/**
 * Everything the sandbox Worker runs, in ONE self-contained function: its source text becomes the
 * Worker's script (a blob created inside the sandboxed frame, which cannot load the app's files), so
 * it may use nothing but standard globals — no imports, no module-level names. Node tests call it
 * with `install = false` to get the pieces (lockDown, runJob, boundedJson) without a Worker.
 *
 * Layer 1 of the sandbox (JavaScript): before learner code runs, every capability that reaches the
 * network, storage, code loading or other threads is deleted from the global object AND from every
 * prototype on its chain (so `WorkerGlobalScope.prototype.fetch.call(self, url)` finds nothing), then
 * replaced by a throwing stub. Layer 2 (the frame's Content-Security-Policy, inherited by this blob
 * Worker, and the frame's opaque origin) holds even if this layer is bypassed: see frame-html.ts.
 */
import type { SandboxJob, SandboxReply, WireResult } from './protocol'

export interface WorkerPieces {
  BLOCKED_GLOBALS: readonly string[]
  lockDown(scope: Record<string, unknown>, lockPrototypes?: boolean): void
  runJob(job: SandboxJob, FunctionCtor: FunctionConstructor, now?: () => number): SandboxReply
  boundedJson(value: unknown, maxChars: number): { json: string | null } | { error: string; tooLarge?: true }
}

export function sandboxWorkerProgram(scope: unknown, install: boolean): WorkerPieces {
  // Captured first: learner code may replace globals (JSON, Object…) later; these references stay real.
  const stringify = JSON.stringify
  const defineProperty = Object.defineProperty
  const getPrototypeOf = Object.getPrototypeOf
  const hasOwn = Object.prototype.hasOwnProperty
  const TooLarge = Symbol('too large')

  /** Globals (and prototype members) that reach the network, storage, code loading or other threads. */
  const BLOCKED_GLOBALS = [
    'fetch',
    'XMLHttpRequest',
    'WebSocket',
    'WebSocketStream',
    'WebTransport',
    'EventSource',
    'importScripts',
    'Worker',
    'SharedWorker',
    'BroadcastChannel',
    'indexedDB',
    'caches',
    'FontFace',
    'fonts',
    'eval',
    'Function',
    'postMessage',
    'close',
  ] as const
  /** Members of `navigator` that reach storage or other contexts. */
  const BLOCKED_NAVIGATOR = ['storage', 'locks', 'serviceWorker', 'sendBeacon']

  // Dynamic import() and import.meta cannot be deleted like globals, so code containing them is refused
  // (a text check: it also sees comments and strings). A static `import … from` is a syntax error in
  // a function body anyway.
  const IMPORT_SYNTAX = /\bimport\s*(?:\(|\.\s*meta\b)/

  function locate(code: string, pattern: RegExp): { line: number; column: number } | null {
    const m = pattern.exec(code)
    if (!m) return null
    const before = code.slice(0, m.index).split('\n')
    return { line: before.length, column: (before[before.length - 1] ?? '').length + 1 }
  }

  /** Throws whether called or constructed (`new WebSocket(…)` gets the same clear message). */
  function blockedStub(name: string) {
    return function blocked() {
      throw new Error(`${name} is not available in exercises`)
    }
  }

  /** Deletes `name` from `target` and every object on its prototype chain, then pins a stub on `target`. */
  function remove(target: object, name: string, stub: unknown): void {
    for (let o: object | null = target; o; o = getPrototypeOf(o) as object | null) {
      if (!hasOwn.call(o, name)) continue
      try {
        delete (o as Record<string, unknown>)[name]
      } catch {
        // non-configurable: the stub below shadows it on the target
      }
    }
    try {
      defineProperty(target, name, { value: stub, configurable: false, writable: false })
    } catch {
      ;(target as Record<string, unknown>)[name] = stub
    }
  }

  function lockDown(target: Record<string, unknown>, lockPrototypes = true): void {
    for (const name of BLOCKED_GLOBALS) remove(target, name, blockedStub(name))
    const nav = target.navigator as object | undefined
    if (nav) for (const name of BLOCKED_NAVIGATOR) remove(nav, name, undefined)
    // Timers evaluate a string argument like eval: only functions are accepted.
    for (const name of ['setTimeout', 'setInterval']) {
      const real = target[name] as ((...a: unknown[]) => unknown) | undefined
      if (typeof real !== 'function') continue
      const safe = (fn: unknown, ...rest: unknown[]) => {
        if (typeof fn !== 'function') throw new Error(`${name} with a string is not available in exercises`)
        return real.call(target, fn, ...rest)
      }
      remove(target, name, safe)
    }
    if (!lockPrototypes) return
    // `(function () {}).constructor` is another way to reach Function; close it for all function kinds.
    const kinds = [() => {}, async () => {}, function* () {}, async function* () {}]
    for (const fn of kinds) {
      try {
        defineProperty(getPrototypeOf(fn), 'constructor', {
          value: blockedStub('Function'),
          configurable: false,
        })
      } catch {
        // already locked
      }
    }
  }

  function message(err: unknown): string {
    let text: string
    try {
      text = err instanceof Error ? `${err.name}: ${err.message}` : String(err)
    } catch {
      text = 'an error that cannot be shown'
    }
    return text.length > 2000 ? `${text.slice(0, 2000)}…` : text
  }

  /**
   * JSON text of a learner's value, refusing it as soon as it would pass `maxChars`: the replacer sees
   * every value (after toJSON) before it is written, so a 2e8-character string or a 10⁷-element array
   * is refused after a bounded amount of work, and the page never receives it.
   */
  function boundedJson(
    value: unknown,
    maxChars: number,
  ): { json: string | null } | { error: string; tooLarge?: true } {
    let budget = maxChars
    try {
      const json = stringify(value, function (this: unknown, key: string, v: unknown) {
        budget -= key.length + 4
        if (typeof v === 'string') budget -= v.length
        else if (typeof v === 'bigint') v = `${String(v)}n`
        else if (typeof v === 'number') budget -= 20
        if (budget < 0) throw TooLarge
        return v
      }) as string | undefined
      if (json === undefined) return { json: null }
      if (json.length > maxChars) throw TooLarge
      return { json }
    } catch (err) {
      if (err === TooLarge)
        return {
          error: `the value is too large to send back (over ${maxChars} characters as JSON)`,
          tooLarge: true,
        }
      return { error: `the value cannot be sent back: ${message(err)}` }
    }
  }

  function runJob(
    job: SandboxJob,
    FunctionCtor: FunctionConstructor,
    now: () => number = () => Date.now(),
  ): SandboxReply {
    const imported = locate(job.code, IMPORT_SYNTAX)
    if (imported)
      return {
        kind: 'load-error',
        error: `import is not available in exercises (line ${imported.line}, column ${imported.column}; comments and strings are checked too)`,
        why: { code: 'import', line: imported.line, column: imported.column },
      }
    if (!/^[A-Za-z_$][\w$]*$/.test(job.entry))
      return { kind: 'load-error', error: `bad entry name ${job.entry}` }
    let entry: unknown
    try {
      const factory = new FunctionCtor(
        `"use strict";\n${job.code}\n;return typeof ${job.entry} === 'function' ? ${job.entry} : undefined`,
      )
      entry = factory()
    } catch (err) {
      return { kind: 'load-error', error: message(err) }
    }
    if (typeof entry !== 'function')
      return {
        kind: 'load-error',
        error: `function ${job.entry} is not declared`,
        why: { code: 'not-declared', entry: job.entry },
      }
    let remaining = job.limits.totalChars
    const results: WireResult[] = job.calls.map((args) => {
      const start = now()
      let value: unknown
      try {
        value = (entry as (...a: unknown[]) => unknown)(...structuredClone(args))
      } catch (err) {
        return { ok: false, error: message(err), ms: now() - start }
      }
      const out = boundedJson(value, Math.max(0, Math.min(job.limits.callChars, remaining)))
      const ms = now() - start
      if ('error' in out)
        return { ok: false, error: out.error, ms, ...(out.tooLarge ? { tooLarge: true as const } : {}) }
      remaining -= out.json?.length ?? 0
      return { ok: true, json: out.json, ms }
    })
    return { kind: 'done', results }
  }

  if (install) {
    const self = scope as DedicatedWorkerGlobalScopeLike
    const post = self.postMessage.bind(self)
    const RealFunction = Function
    const now = performance.now.bind(performance)
    self.onmessage = (event: { data: SandboxJob }) => {
      self.onmessage = null
      lockDown(self as unknown as Record<string, unknown>)
      let reply: SandboxReply
      try {
        reply = runJob(event.data, RealFunction, now)
      } catch (err) {
        reply = { kind: 'load-error', error: message(err) }
      }
      post(reply)
    }
    post({ kind: 'ready' })
  }
  return { BLOCKED_GLOBALS, lockDown, runJob, boundedJson }
}

interface DedicatedWorkerGlobalScopeLike {
  postMessage(message: unknown): void
  onmessage: ((event: { data: SandboxJob }) => void) | null
}

/** The Worker's script: the program above, run on the Worker's global scope. */
export function workerSource(): string {
  return `"use strict";(${sandboxWorkerProgram.toString()})(self, true);`
}
