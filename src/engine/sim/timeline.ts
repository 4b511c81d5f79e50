/**
 * Plays a timeline script: every step yields a frame holding the whole state after it, so a view can
 * step forward and back (or jump) without recomputing anything.
 */
import { DEFAULT_PROFILE } from '../broker/profiles'
import type { ProfileName } from '../broker/types'
import { createBrokerPort } from './broker-port'
import type { RoutingPort } from './routing-port'
import { emptyState } from './sim-state'
import type { SimFrame, SimOp, SimState, TimelineRun, TimelineScript } from './sim-types'
import { applyStep } from './step'

/** A timeline being played one step at a time (generators and editors append as they go). */
export interface TimelinePlayer {
  /** Apply one more operation and return its frame. */
  push(op: SimOp): SimFrame
  /** The state after the last step (the initial state before any). */
  readonly state: SimState
  readonly run: TimelineRun
}

/** Start an empty timeline. `port` defaults to a live engine broker for the profile. */
export function createTimeline(profile: ProfileName = DEFAULT_PROFILE, port?: RoutingPort): TimelinePlayer {
  const p = port ?? createBrokerPort(profile)
  const run: TimelineRun = { profile, initial: emptyState(p.topology()), frames: [] }
  let state = run.initial
  return {
    push(op) {
      const frame = applyStep(state, p, op, run.frames.length)
      run.frames.push(frame)
      state = frame.state
      return frame
    },
    get state() {
      return state
    },
    run,
  }
}

/** Run every step of a script (profile default: rabbitmq-4). */
export function runTimeline(script: TimelineScript, port?: RoutingPort): TimelineRun {
  const player = createTimeline(script.profile ?? DEFAULT_PROFILE, port)
  for (const op of script.steps) player.push(op)
  return player.run
}
