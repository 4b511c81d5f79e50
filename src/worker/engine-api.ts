/**
 * What the Worker exposes: plain engine functions, nothing else. Add a line here to make an engine
 * function callable from the UI through `engineClient.call(name, ...args)`.
 */
import { parseScript, runOperations, runScenario, runTimeline } from '../engine'

export const engineApi = {
  runScenario,
  runOperations,
  // The playground parses large scripts off the main thread.
  parseScript,
  // The timeline view plays a script of client operations (issue 8).
  runTimeline,
}
