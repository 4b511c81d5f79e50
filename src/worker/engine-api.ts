/**
 * What the Worker exposes: plain engine functions, nothing else. Add a line here to make an engine
 * function callable from the UI through `engineClient.call(name, ...args)`.
 */
import { runOperations, runScenario, runTimeline } from '../engine'
import { analyzeText } from './analysis-api'
import { sessionExplain, sessionUpdate } from './session-api'

export const engineApi = {
  runScenario,
  runOperations,
  // The timeline view plays a script of client operations (issue 8).
  runTimeline,
  // The playground: incremental parse and run of its script, explanations on demand (issue 14).
  sessionUpdate,
  sessionExplain,
  // Whole-message-space analysis (issue 20): requirements, lint, diff; its own Worker instance.
  analyzeText,
}
