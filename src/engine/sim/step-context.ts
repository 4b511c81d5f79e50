/**
 * What every function of the simulation core works on during one step, passed as one argument
 * instead of a state, a port and an event list each (and instead of state hidden in module maps):
 * the step's own copy of the state, the door to the routing engine, the events in the order they
 * happened, and the copies waiting to be dead-lettered at the end of the step.
 */
import type { QueueLimits } from '../broker/effective-args'
import type { DeathReason, QueuedMessage } from '../broker/types'
import type { RoutingPort } from './routing-port'
import type { SimEvent, SimQueue, SimState } from './sim-types'

/** A copy that left a queue with a dead-letter exchange, waiting to be routed (arrival.ts). */
export interface PendingDeath {
  queue: SimQueue
  limits: QueueLimits
  message: QueuedMessage
  reason: DeathReason
}

export interface StepContext {
  /** The step's own copy of the previous state; the functions of the core change it in place. */
  readonly state: SimState
  readonly port: RoutingPort
  /** What happened during the step, in order (the frame's events). */
  readonly events: SimEvent[]
  /** The step's place in the timeline (a publish records it in the message's fate). */
  readonly index: number
  /**
   * Copies that left a queue with a dead-letter exchange during this step, in the order they left;
   * settleDeaths routes them (and those they cause) and empties the list.
   */
  deaths: PendingDeath[]
}

export function stepContext(state: SimState, port: RoutingPort, index: number): StepContext {
  return { state, port, events: [], index, deaths: [] }
}
