/**
 * The part of the sandbox that does not depend on being inside a Worker, so it can be unit-tested in
 * Node: remove network and code-loading capabilities from a global object, then compile the learner's
 * code and call its entry function with each argument list.
 */
import type { CallResult, SandboxJob, SandboxReply } from './protocol'

/** Globals that reach the network, load code or spawn more threads. */
export const BLOCKED_GLOBALS = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'importScripts',
  'Worker',
  'SharedWorker',
  'BroadcastChannel',
  'indexedDB',
  'caches',
  'eval',
  'Function',
  'postMessage',
  'close',
] as const

/**
 * Dynamic import() and import.meta cannot be removed by deleting globals, so code that contains them
 * is refused. A text check (it also sees comments and strings, which is why the message says where);
 * a static `import … from` needs no check: the Function constructor rejects it as a syntax error.
 */
const IMPORT_SYNTAX = /\bimport\s*(?:\(|\.\s*meta\b)/

/** Where `pattern` first matches in `code`, as 1-based line and column, or null. */
function locate(code: string, pattern: RegExp): { line: number; column: number } | null {
  const m = pattern.exec(code)
  if (!m) return null
  const before = code.slice(0, m.index).split('\n')
  return { line: before.length, column: (before[before.length - 1] ?? '').length + 1 }
}

function blockedStub(name: string) {
  return () => {
    throw new Error(`${name} is not available in exercises`)
  }
}

/**
 * Replaces every blocked global on `scope` with a function that throws. `lockPrototypes` also closes
 * the `constructor` of every function kind in this realm (off only in tests that share their realm).
 */
export function lockDown(scope: Record<string, unknown>, lockPrototypes = true): void {
  for (const name of BLOCKED_GLOBALS) {
    try {
      Object.defineProperty(scope, name, { value: blockedStub(name), configurable: false, writable: false })
    } catch {
      scope[name] = blockedStub(name)
    }
  }
  if (!lockPrototypes) return
  // `(function () {}).constructor` is another way to reach Function; close it for all function kinds.
  const kinds = [() => {}, async () => {}, function* () {}, async function* () {}]
  for (const fn of kinds) {
    const proto = Object.getPrototypeOf(fn) as object
    try {
      Object.defineProperty(proto, 'constructor', { value: blockedStub('Function'), configurable: false })
    } catch {
      // already locked
    }
  }
}

function message(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err)
}

/**
 * Compiles `job.code` with the Function constructor captured before lockDown, then calls the entry.
 * `FunctionCtor` must be the real Function (taken before locking); `now` measures each call.
 */
export function runJob(
  job: SandboxJob,
  FunctionCtor: FunctionConstructor,
  now: () => number = () => Date.now(),
): SandboxReply {
  const imported = locate(job.code, IMPORT_SYNTAX)
  if (imported)
    return {
      kind: 'load-error',
      error: `import is not available in exercises (line ${imported.line}, column ${imported.column}; comments and strings are checked too)`,
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
    return { kind: 'load-error', error: `function ${job.entry} is not declared` }
  const results: CallResult[] = job.calls.map((args) => {
    const start = now()
    try {
      const value = (entry as (...a: unknown[]) => unknown)(...structuredClone(args))
      return { ok: true, value: toPlain(value), ms: now() - start }
    } catch (err) {
      return { ok: false, error: message(err), ms: now() - start }
    }
  })
  return { kind: 'done', results }
}

/** Learner values must survive postMessage; anything that does not (functions, cycles) becomes a string. */
function toPlain(value: unknown): unknown {
  try {
    return structuredClone(value)
  } catch {
    return String(value)
  }
}
