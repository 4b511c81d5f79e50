import type { ScenarioError } from '../broker/types'

/**
 * The simulation's one refusal type, built only by `refuse` below. A refusal inside the simulation: the broker closing a channel (4xx) or a connection (5xx), or the
 * client refusing before anything is sent (code 0, e.g. using a closed channel).
 */
export class SimRefusal extends Error {
  constructor(
    readonly code: number,
    readonly text: string,
  ) {
    super(text)
    this.name = 'SimRefusal'
  }

  /** 5xx reply codes close the whole connection; 4xx only the channel; 0 closes nothing. */
  get level(): 'channel' | 'connection' | 'client' {
    if (this.code === 0) return 'client'
    return this.code >= 500 ? 'connection' : 'channel'
  }
}

const quote = (s: string) => `'${s}'`

/**
 * Every refusal of the simulation: the broker's reply texts for those it decides itself, and the
 * engine's answers (topology and publish errors, policy refusals) carried over unchanged.
 */
export const refuse = {
  /** The engine refused a topology operation or a publish: its code and text. */
  byEngine: (error: ScenarioError) => new SimRefusal(error.code, error.text),
  /** The management API refused a policy (HTTP 400): closes nothing, as a client-side refusal. */
  policy: (error: ScenarioError) =>
    new SimRefusal(0, `CLIENT_REFUSED - policy refused (HTTP ${error.code}): ${error.text}`),
  noQueue: (name: string, vhost: string) =>
    new SimRefusal(404, `NOT_FOUND - no queue ${quote(name)} in vhost ${quote(vhost)}`),
  locked: (name: string, vhost: string) =>
    new SimRefusal(
      405,
      `RESOURCE_LOCKED - cannot obtain exclusive access to locked queue ${quote(name)} in vhost ${quote(vhost)}. It could be originally declared on another connection or the exclusive property value does not match that of the original declaration.`,
    ),
  unknownTag: (tag: number) => new SimRefusal(406, `PRECONDITION_FAILED - unknown delivery tag ${tag}`),
  inUse: (name: string, vhost: string) =>
    new SimRefusal(406, `PRECONDITION_FAILED - queue ${quote(name)} in vhost ${quote(vhost)} in use`),
  notEmpty: (name: string, vhost: string) =>
    new SimRefusal(406, `PRECONDITION_FAILED - queue ${quote(name)} in vhost ${quote(vhost)} not empty`),
  exclusiveUse: (name: string, vhost: string) =>
    new SimRefusal(403, `ACCESS_REFUSED - queue ${quote(name)} in vhost ${quote(vhost)} in exclusive use`),
  reusedTag: (tag: string) =>
    new SimRefusal(530, `NOT_ALLOWED - attempt to reuse consumer tag ${quote(tag)}`),
  client: (detail: string) => new SimRefusal(0, `CLIENT_REFUSED - ${detail}`),
  /** A stream consumer without a per-consumer prefetch (rabbit_stream_queue:consume). */
  noPrefetch: (name: string, vhost: string) =>
    new SimRefusal(
      406,
      `PRECONDITION_FAILED - consumer prefetch count is not set for 'queue ${quote(name)} in vhost ${quote(vhost)}'`,
    ),
  /** What a stream does not do (basic.get, no-ack consumers, nack and reject, purge): 540, the connection. */
  notOnStream: (what: string, name: string, vhost: string) =>
    new SimRefusal(
      540,
      `NOT_IMPLEMENTED - ${what} not supported by stream queues queue ${quote(name)} in vhost ${quote(vhost)}`,
    ),
  /** A quorum or stream consumer on a channel with a global basic.qos limit (3.10.8). */
  globalQos: (name: string, vhost: string) =>
    new SimRefusal(
      540,
      `NOT_IMPLEMENTED - queue ${quote(name)} in vhost ${quote(vhost)} does not support global qos`,
    ),
  /** 3.10.8's channel crashes (a bad x-stream-offset, basic.recover of stream deliveries): 541. */
  crash: () => new SimRefusal(541, 'INTERNAL_ERROR'),
}
