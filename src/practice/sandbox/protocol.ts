/**
 * Messages between the page and the sandbox Worker. One Worker runs one job and is then thrown away,
 * so learner code can never affect a later run.
 */
export interface SandboxJob {
  /** Plain JavaScript (TypeScript already transpiled). */
  code: string
  /** Name of the function the code must declare. */
  entry: string
  /** Arguments of each call, structured-clone safe. */
  calls: unknown[][]
}

export type CallResult = { ok: true; value: unknown; ms: number } | { ok: false; error: string; ms: number }

export type SandboxReply =
  | { kind: 'done'; results: CallResult[] }
  /** The code did not compile / did not declare the entry function / used a forbidden feature. */
  | { kind: 'load-error'; error: string }

/** What the page finally reports for a run (a timeout is decided on the page side). */
export type RunOutcome = SandboxReply | { kind: 'timeout'; ms: number }
