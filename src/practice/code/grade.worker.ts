/// <reference lib="webworker" />
// The grader Worker: the engine runs once per case here, off the page's thread, under a time limit.
import { type GradeJob, gradeOutcome } from './run-exercise'

const scope = self as unknown as DedicatedWorkerGlobalScope
scope.onmessage = (event: MessageEvent<GradeJob>) => {
  scope.postMessage(gradeOutcome(event.data.ex, event.data.plan, event.data.outcome))
}
