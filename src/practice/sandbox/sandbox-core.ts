/**
 * The sandbox Worker's pieces for use outside a Worker (Node tests, the grader's tests): the same
 * functions the Worker runs, taken from the self-contained program in worker-program.ts.
 */
import { SANDBOX_LIMITS, type SandboxJob, type SandboxReply } from './protocol'
import { sandboxWorkerProgram } from './worker-program'

const pieces = sandboxWorkerProgram(null, false)

export const { BLOCKED_GLOBALS, lockDown, boundedJson } = pieces

/** Compiles and calls the learner's entry like the Worker does (limits default to the page's). */
export function runJob(
  job: Omit<SandboxJob, 'limits'> & { limits?: SandboxJob['limits'] },
  FunctionCtor: FunctionConstructor,
  now?: () => number,
): SandboxReply {
  return pieces.runJob({ limits: SANDBOX_LIMITS, ...job }, FunctionCtor, now)
}
