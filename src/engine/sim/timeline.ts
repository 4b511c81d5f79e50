/**
 * Plays a timeline script: every step yields a frame holding the whole state after it, so a view can
 * step forward and back (or jump) without recomputing anything.
 */
import { DEFAULT_PROFILE } from '../profiles'
import type { ProfileName } from '../types'
import { createBrokerPort } from './broker-port'
import type { RoutingPort } from './routing-port'
import { emptyState } from './sim-state'
import type { SimFrame, TimelineRun, TimelineScript } from './sim-types'
import { applyStep } from './step'

/**
 * Run every step of a script. `port` defaults to a live engine broker for the script's profile;
 * a test may pass another (e.g. the replaying port) to compare.
 */
export function runTimeline(script: TimelineScript, port?: RoutingPort): TimelineRun {
  const profile: ProfileName = script.profile ?? DEFAULT_PROFILE
  const p = port ?? createBrokerPort(profile)
  const initial = emptyState(p.topology())
  const frames: SimFrame[] = []
  let state = initial
  script.steps.forEach((op, index) => {
    const frame = applyStep(state, p, op, index)
    frames.push(frame)
    state = frame.state
  })
  return { profile, initial, frames }
}
