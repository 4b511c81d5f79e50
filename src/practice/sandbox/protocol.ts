/**
 * Messages between the page, the sandbox frame and its Worker. One frame and one Worker run one job
 * and are then thrown away, so learner code can never affect a later run. Every reply is checked
 * against these limits in the Worker, again in the frame and again on the page, so a value of any
 * size costs the page nothing.
 */

export interface SandboxLimits {
  /** Characters of JSON one call's value may take. */
  callChars: number
  /** Characters of JSON all calls together may take. */
  totalChars: number
}

export const SANDBOX_LIMITS: SandboxLimits = { callChars: 100_000, totalChars: 400_000 }

/** An error text (learner exceptions included) is cut to this length in the Worker. */
export const MAX_ERROR_CHARS = 2_001

export interface SandboxJob {
  /** Plain JavaScript (TypeScript already transpiled). */
  code: string
  /** Name of the function the code must declare. */
  entry: string
  /** Arguments of each call, structured-clone safe. */
  calls: unknown[][]
  limits: SandboxLimits
}

/** One call as it crosses to the page: the value as JSON text (null for undefined), never the value. */
export type WireResult =
  | { ok: true; json: string | null; ms: number }
  | { ok: false; error: string; ms: number; tooLarge?: true }

/** One call as the grader sees it (the JSON parsed back). */
export type CallResult =
  | { ok: true; value: unknown; ms: number }
  | { ok: false; error: string; ms: number; tooLarge?: true }

/**
 * Why code could not run, for a translated message (`error` keeps the English detail): `import` at
 * line/column, the entry function not `declared`, the sandbox did not `start` or sent a `bad-reply`.
 */
export type LoadErrorCode =
  | { code: 'import'; line: number; column: number }
  | { code: 'not-declared'; entry: string }
  | { code: 'no-start' }
  | { code: 'bad-reply' }

export type LoadError = { kind: 'load-error'; error: string; why?: LoadErrorCode }

export type SandboxReply =
  | { kind: 'done'; results: WireResult[] }
  /** The code did not compile / did not declare the entry function / used a forbidden feature. */
  | LoadError

/** What the page finally reports for a run (a timeout is decided on the page side). */
export type RunOutcome = SandboxReply | { kind: 'timeout'; ms: number }

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null

/**
 * The reply if it has the shape and sizes a real Worker sends for `calls` calls, else null. Runs on
 * the page; the frame runs the same checks before forwarding (frame-html.ts), so both hold even if
 * learner code took over the Worker.
 */
export function checkReply(data: unknown, calls: number, limits: SandboxLimits): SandboxReply | null {
  if (!isObj(data)) return null
  if (data.kind === 'load-error') {
    if (typeof data.error !== 'string' || data.error.length > MAX_ERROR_CHARS * 2) return null
    const why = checkWhy(data.why)
    return { kind: 'load-error', error: data.error, ...(why ? { why } : {}) }
  }
  if (data.kind !== 'done' || !Array.isArray(data.results) || data.results.length !== calls) return null
  let total = 0
  const results: WireResult[] = []
  for (const r of data.results as unknown[]) {
    if (!isObj(r) || typeof r.ms !== 'number' || !Number.isFinite(r.ms)) return null
    if (r.ok === true && (r.json === null || typeof r.json === 'string')) {
      const n = r.json?.length ?? 0
      total += n
      if (n > limits.callChars || total > limits.totalChars) return null
      results.push({ ok: true, json: r.json, ms: r.ms })
    } else if (r.ok === false && typeof r.error === 'string' && r.error.length <= MAX_ERROR_CHARS * 2) {
      results.push({
        ok: false,
        error: r.error,
        ms: r.ms,
        ...(r.tooLarge === true ? { tooLarge: true } : {}),
      })
    } else return null
  }
  return { kind: 'done', results }
}

function checkWhy(why: unknown): LoadErrorCode | null {
  if (!isObj(why)) return null
  if (why.code === 'import' && Number.isInteger(why.line) && Number.isInteger(why.column))
    return { code: 'import', line: why.line as number, column: why.column as number }
  if (why.code === 'not-declared' && typeof why.entry === 'string' && why.entry.length <= 100)
    return { code: 'not-declared', entry: why.entry }
  return null
}

/** The grader's view of a wire result. */
export function decodeResult(r: WireResult): CallResult {
  if (!r.ok) return r
  try {
    return { ok: true, value: r.json === null ? undefined : JSON.parse(r.json), ms: r.ms }
  } catch {
    return { ok: false, error: 'the value could not be read back', ms: r.ms }
  }
}
