/**
 * Runs a script's operations again after an edit, keeping the broker state of the unchanged prefix:
 * appended operations are applied to the live broker, trailing publishes that changed are undone
 * exactly (their deliveries, a queue the profile auto-created, the channel's last queue), and any
 * other change re-runs from a fresh broker. The result always equals `runOperations` of the same
 * operations (tests/property/incremental-session.test.ts). Publishes on a large topology are routed
 * without the binding-by-binding explanation; `explain(i)` builds it on demand.
 */
import { type Broker, createBroker } from '../broker/model'
import { DEFAULT_PROFILE, getProfile } from '../broker/profiles'
import type { Operation, ProfileName, PublishExplanation } from '../broker/types'
import { publish } from '../routing/publish'
import { type RunAccumulator, runStep } from './run'

/** Above this many bindings in its vhost, a publish is routed without the per-binding explanation. */
const LAZY_EXPLAIN_ABOVE = 500

interface PublishUndo {
  vhost: string
  id: string
  delivered: string[]
  created: string[]
  lastQueues: [string, string | null][]
  returned: boolean
  failed: boolean
}

export class IncrementalRunner {
  broker: Broker
  profile: ProfileName = DEFAULT_PROFILE
  /** Bumped by every re-run from scratch (ids of earlier publishes are then void). */
  generation = 0
  /** Bumped whenever exchanges, queues or bindings may have changed. */
  topologyVersion = 0
  acc: RunAccumulator = emptyAcc()
  private ops: Operation[] = []
  private undo: (PublishUndo | null)[] = []
  /** Per publish: the op index, and the topology version it was routed against. */
  private publishOps: number[] = []
  private publishTopology: number[] = []

  constructor(private readonly lazyAbove = LAZY_EXPLAIN_ABOVE) {
    this.broker = createBroker(getProfile(this.profile))
  }

  /** Bring the state to `ops`, of which the first `kept` are the same as last time. */
  sync(ops: readonly Operation[], kept: number, profile: ProfileName = DEFAULT_PROFILE): void {
    const keep = Math.min(kept, this.ops.length, ops.length)
    if (profile !== this.profile || (keep > 0 && ops[keep - 1] !== this.ops[keep - 1])) {
      this.rerun(ops, profile)
      return
    }
    while (this.ops.length > keep) {
      const undo = this.undo[this.ops.length - 1]
      if (!undo) {
        this.rerun(ops, profile)
        return
      }
      this.undoPublish(undo)
    }
    for (let i = keep; i < ops.length; i++) this.apply(ops[i] as Operation, i)
  }

  /** The full explanation of publish `index` (routed again, nothing delivered). */
  explain(index: number): PublishExplanation | null {
    const opIndex = this.publishOps[index]
    const op = opIndex === undefined ? undefined : this.ops[opIndex]
    if (op?.op !== 'publish') return null
    let broker = this.broker
    // Queue limits and dead-lettering depend on what the queues held then: replay up to it.
    const replay = !appendedOnly(this.acc.publishes[index])
    if (replay || this.publishTopology[index] !== this.topologyVersion) {
      // The topology changed since: rebuild the broker as it was just before this publish.
      broker = createBroker(getProfile(this.profile))
      broker.explain = false
      const scratch = emptyAcc()
      for (let i = 0; i < opIndex; i++) runStep(broker, this.ops[i] as Operation, i, scratch)
    }
    const saved = broker.explain
    broker.explain = true
    try {
      return publish(broker, op.publish, { dryRun: !replay })
    } finally {
      broker.explain = saved
    }
  }

  get publishCount(): number {
    return this.acc.publishes.length
  }

  private rerun(ops: readonly Operation[], profile: ProfileName): void {
    this.profile = profile
    this.broker = createBroker(getProfile(profile))
    this.generation++
    this.topologyVersion++
    this.acc = emptyAcc()
    this.ops = []
    this.undo = []
    this.publishOps = []
    this.publishTopology = []
    ops.forEach((op, i) => {
      this.apply(op, i)
    })
  }

  private apply(op: Operation, index: number): void {
    this.ops.push(op)
    if (op.op !== 'publish') {
      runStep(this.broker, op, index, this.acc)
      this.undo.push(null)
      this.topologyVersion++
      return
    }
    const b = this.broker
    const vhostName = op.publish.vhost ?? '/'
    const before = b.vhosts.get(vhostName)
    const queuesBefore = before?.queues.size ?? 0
    const lastQueues = [...b.vhosts.values()].map((v) => [v.name, v.lastQueue] as [string, string | null])
    b.explain = (before?.bindings.size ?? 0) <= this.lazyAbove
    const errorsBefore = this.acc.result.errors.length
    const returnsBefore = this.acc.result.returns.length
    runStep(b, op, index, this.acc)
    const p = this.acc.publishes[this.acc.publishes.length - 1] as PublishExplanation
    if (!b.explain) p.explained = false
    const vhost = b.vhosts.get(vhostName)
    // A queue the profile created on the default exchange comes last in the vhost's map.
    const created = vhost ? [...vhost.queues.keys()].slice(queuesBefore) : []
    if (created.length || !before) this.topologyVersion++
    // A publish to a vhost the script never named creates it, and one that met queue limits, TTL,
    // priorities or dead-lettering did more than append: not undone, the next edit re-runs.
    this.undo.push(
      !before || !appendedOnly(p)
        ? null
        : {
            vhost: vhostName,
            id: op.publish.id,
            delivered: p.queues.map((q) => q.queue),
            created,
            lastQueues,
            returned: this.acc.result.returns.length > returnsBefore,
            failed: this.acc.result.errors.length > errorsBefore,
          },
    )
    this.publishOps.push(index)
    this.publishTopology.push(this.topologyVersion)
  }

  private undoPublish(u: PublishUndo): void {
    this.ops.pop()
    this.undo.pop()
    this.publishOps.pop()
    this.publishTopology.pop()
    this.acc.outcomes.pop()
    this.acc.publishes.pop()
    if (u.failed) this.acc.result.errors.pop()
    if (u.returned) this.acc.result.returns.pop()
    const vhost = this.broker.vhosts.get(u.vhost)
    for (const name of u.delivered) {
      const messages = vhost?.queues.get(name)?.messages
      if (messages && messages[messages.length - 1]?.id === u.id) messages.pop()
    }
    for (const name of u.created) vhost?.queues.delete(name)
    if (u.created.length) this.topologyVersion++
    for (const [name, last] of u.lastQueues) {
      const v = this.broker.vhosts.get(name)
      if (v) v.lastQueue = last
    }
  }
}

/** The publish only appended itself to its queues (no limit, TTL, priority or dead-letter acted). */
function appendedOnly(p: PublishExplanation | undefined): boolean {
  return p !== undefined && !p.admissions && !p.deadLetters && p.confirm === undefined
}

function emptyAcc(): RunAccumulator {
  return { outcomes: [], publishes: [], result: { queues: {}, returns: [], errors: [] } }
}
