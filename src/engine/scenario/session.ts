/**
 * The playground's engine session: the script text in, what changed out. One parse per change
 * (incremental: only the lines from the first changed one), one run (incremental: the broker state
 * of the unchanged prefix is kept), and replies that carry only what the client lacks — publishes
 * after the ones it has, a topology patch against the version it has. Lives in the Worker; pure.
 */

import { holdingStamp, messageIds, messageOrigins, namedQueues, topologySnapshot } from '../broker/snapshot'
import { applyTopologyPatch, diffTopology, type TopologyPatch } from '../broker/topology-patch'
import type {
  OperationOutcome,
  ProfileName,
  PublishExplanation,
  ScenarioResult,
  TopologySnapshot,
} from '../broker/types'
import { type ScriptHint, scriptHints } from '../script/hints'
import { IncrementalParser } from '../script/incremental-parse'
import type { ParseResult, ScriptDiagnostic } from '../script/parse'
import { IncrementalRunner } from './incremental-run'

/** What the client already holds (from earlier replies), so a reply sends only the rest. */
export interface ClientHas {
  /** The session the client's state came from (another one, after a Worker restart, sends all). */
  session: string | null
  generation: string | null
  publishes: number
  topology: number | null
  /** The version of the declared names and the queue contents it has. */
  names: number | null
  queues: number | null
}

/** Names declared by the script, and where: they change only with a declaration or a vhost line. */
export interface ParseNames {
  vhosts: string[]
  /** Exchanges and queues (publish ids are in `publishLines`' order on the run). */
  declared: { exchanges: string[]; queues: string[] }
  /** `entityKey(kind, vhost, name)` → line of the first declaration. */
  entityLines: Record<string, number>
}

export interface ParseSummary extends ParseNames {
  diagnostics: ScriptDiagnostic[]
  profile?: ProfileName
  finalVhost: string
  /** The line of each publish, in order (publish `i` of the run is on `publishLines[i]`). */
  publishLines: number[]
  namesVersion: number
}

/** A parse on the wire: the names only when they changed since the version the client has. */
export type ParseUpdate = Omit<ParseSummary, keyof ParseNames> & { names: ParseNames | null }

export interface SessionRun {
  /** Publishes are numbered within a generation; a new one means the whole run was redone. */
  generation: string
  profile: ProfileName
  /** `publishes` continue the client's list from this index. */
  publishesFrom: number
  publishes: PublishExplanation[]
  publishCount: number
  /** The operations the broker refused (with their locations). */
  failures: OperationOutcome[]
  /** Common mistakes and did-you-mean suggestions, located on their lines (scriptHints). */
  hints: ScriptHint[]
  /** `queues` (and `origins`) list only the queues whose messages changed when `queuesFull` is false. */
  result: ScenarioResult
  /** The publish each held message came from (as `RunResult.origins`). */
  origins: Record<string, number[]>
  queuesFull: boolean
  queuesVersion: number
  /** null: the client's topology is current. */
  topology: TopologyPatch | null
  /** Full explanations asked for with the update (`explain: 'last'`), by publish index. */
  explained: { index: number; publish: PublishExplanation }[]
}

export interface SessionUpdate {
  session: string
  parse: ParseUpdate
  /** null while the text has syntax errors (the last good run stays on the client). */
  run: SessionRun | null
}

export const entityKey = (kind: 'exchange' | 'queue', vhost: string, name: string) =>
  JSON.stringify([kind, vhost, name])

let sessions = 0

export class RunSession {
  private readonly parser = new IncrementalParser()
  private readonly runner: IncrementalRunner
  /** Operations unchanged since the last run (parses with errors in between do not run). */
  private runnerKeep = 0
  private readonly nonce = `${Date.now().toString(36)}.${++sessions}`
  private snapshot: { version: number; topology: TopologySnapshot } | null = null
  /** Names: their version, and what it was computed from (the last non-publish operation). */
  private names = { version: 0, lastDeclare: -1, vhosts: '' }
  /** Queue contents as last sent: a stamp per queue (holdingStamp), for a reply with only the changes. */
  private sentQueues: { version: number; topology: number; stamps: Map<string, string> } | null = null

  constructor(lazyExplainAbove?: number) {
    this.runner = new IncrementalRunner(lazyExplainAbove)
  }

  update(text: string, have: ClientHas, opts: { explain?: 'last' } = {}): SessionUpdate {
    const parsed = this.parser.update(text)
    const r = parsed.result
    this.runnerKeep = Math.min(this.runnerKeep, parsed.keptOps)
    const ours = have.session === this.nonce
    const parse = this.parseUpdate(r, parsed.keptOps, ours ? have.names : null)
    if (r.diagnostics.some((d) => d.severity === 'error')) return { session: this.nonce, parse, run: null }

    const runner = this.runner
    const before = `${this.nonce}:${runner.generation}`
    const kept = Math.min(this.runnerKeep, runner.acc.outcomes.length)
    const keptPublishes = runner.acc.outcomes.slice(0, kept).filter((o) => o.op === 'publish').length
    runner.sync(r.ops, this.runnerKeep, r.profile)
    this.runnerKeep = r.ops.length
    const generation = `${this.nonce}:${runner.generation}`
    const same = ours && generation === before && have.generation === generation
    const publishesFrom = same ? Math.min(have.publishes, keptPublishes) : 0
    const count = runner.publishCount
    const explained: SessionRun['explained'] = []
    const last = runner.acc.publishes[count - 1]
    if (opts.explain === 'last' && last?.explained === false) {
      const full = runner.explain(count - 1)
      if (full) explained.push({ index: count - 1, publish: full })
    }
    const failures = runner.acc.outcomes.filter((o) => !o.ok)
    const topology = this.topologyFor(ours ? have.topology : null)
    const { queues, origins, full } = this.queuesFor(ours && same ? have.queues : null)
    return {
      session: this.nonce,
      parse,
      run: {
        generation,
        profile: runner.broker.profile.name,
        publishesFrom,
        publishes: runner.acc.publishes.slice(publishesFrom),
        publishCount: count,
        failures,
        hints: scriptHints(r.ops, failures, this.snapshot?.topology ?? null),
        // Copies: the runner keeps appending to its own lists.
        result: {
          queues,
          returns: [...runner.acc.result.returns],
          errors: [...runner.acc.result.errors],
        },
        origins,
        queuesFull: full,
        queuesVersion: this.sentQueues?.version ?? 0,
        topology,
        explained,
      },
    }
  }

  /** The full explanation of publish `index` of `generation` (null when that run is gone). */
  explain(generation: string, index: number): PublishExplanation | null {
    if (generation !== `${this.nonce}:${this.runner.generation}`) return null
    return this.runner.explain(index)
  }

  /** The parse, with the names only when they changed (or the client has another version). */
  private parseUpdate(r: ParseResult, keptOps: number, have: number | null): ParseUpdate {
    const n = this.names
    // The last declaration (any non-publish operation): a new or re-parsed one changes the names.
    let lastDeclare = -1
    for (let i = r.ops.length - 1; i >= keptOps && lastDeclare < 0; i--)
      if (r.ops[i]?.op !== 'publish') lastDeclare = i
    const vhosts = r.vhosts.join('\u0000')
    const changed = lastDeclare >= 0 || n.lastDeclare >= keptOps || vhosts !== n.vhosts
    if (lastDeclare < 0 && n.lastDeclare < keptOps) lastDeclare = n.lastDeclare
    for (let i = Math.min(keptOps, r.ops.length) - 1; i >= 0 && lastDeclare < 0; i--)
      if (r.ops[i]?.op !== 'publish') lastDeclare = i
    if (changed) n.version++
    n.lastDeclare = lastDeclare
    n.vhosts = vhosts
    const { names, ...rest } = summary(r, have === n.version)
    return { ...rest, namesVersion: n.version, names }
  }

  /** Every queue's messages, or only those that changed since the version the client has. */
  private queuesFor(have: number | null): {
    queues: ScenarioResult['queues']
    origins: Record<string, number[]>
    full: boolean
  } {
    const all = namedQueues(this.runner.broker)
    const topo = this.runner.topologyVersion
    const prev = this.sentQueues
    const stamps = new Map(all.map(([name, q]) => [name, holdingStamp(q)]))
    const version = (prev?.version ?? 0) + 1
    this.sentQueues = { version, topology: topo, stamps }
    const full = !prev || have !== prev.version || prev.topology !== topo
    const queues: ScenarioResult['queues'] = {}
    const origins: Record<string, number[]> = {}
    for (const [name, q] of all) {
      if (!full && prev.stamps.get(name) === stamps.get(name)) continue
      queues[name] = messageIds(q)
      origins[name] = messageOrigins(q)
    }
    return { queues, origins, full }
  }

  private topologyFor(have: number | null): TopologyPatch | null {
    const version = this.runner.topologyVersion
    if (have === version && this.snapshot?.version === version) return null
    const next = topologySnapshot(this.runner.broker)
    const prev = this.snapshot
    this.snapshot = { version, topology: next }
    return prev && have === prev.version
      ? diffTopology(prev.topology, next, prev.version, version)
      : { base: null, version, full: next }
  }
}

function summary(r: ParseResult, namesKnown: boolean): Omit<ParseUpdate, 'namesVersion'> {
  const publishLines: number[] = []
  const entityLines: Record<string, number> = {}
  for (const op of r.ops) {
    const line = op.loc?.line ?? 0
    if (op.op === 'publish') publishLines.push(line)
    else if (op.op === 'exchange.declare') {
      const key = entityKey('exchange', op.exchange.vhost ?? '/', op.exchange.name)
      entityLines[key] ??= line
    } else if (op.op === 'queue.declare') {
      const key = entityKey('queue', op.queue.vhost ?? '/', op.queue.name)
      entityLines[key] ??= line
    }
  }
  return {
    diagnostics: [...r.diagnostics],
    ...(r.profile ? { profile: r.profile } : {}),
    finalVhost: r.finalVhost,
    publishLines,
    names: namesKnown
      ? null
      : {
          vhosts: [...r.vhosts],
          declared: {
            exchanges: [...r.declared.exchanges],
            queues: [...r.declared.queues],
          },
          entityLines,
        },
  }
}

/** The client's parse after an update: the names it had when none were sent. */
export function applyParseUpdate(prev: ParseSummary | null, p: ParseUpdate): ParseSummary {
  const { names, ...rest } = p
  const kept =
    names ?? (prev ? { vhosts: prev.vhosts, declared: prev.declared, entityLines: prev.entityLines } : null)
  if (!kept) throw new Error('the session sent no names to a client that has none')
  return { ...rest, ...kept }
}

/** What a client rebuilds from the replies: the whole run, as `runOperations` would give it. */
export interface SessionState {
  session: string
  generation: string
  profile: ProfileName
  publishes: PublishExplanation[]
  failures: OperationOutcome[]
  hints: ScriptHint[]
  result: ScenarioResult
  origins: Record<string, number[]>
  topology: TopologySnapshot
  topologyVersion: number
  queuesVersion: number
  /** The version of the names in the client's parse (kept beside the run: one `have` to send). */
  namesVersion: number | null
}

export function clientHas(s: SessionState | null): ClientHas {
  return s
    ? {
        session: s.session,
        generation: s.generation,
        publishes: s.publishes.length,
        topology: s.topologyVersion,
        names: s.namesVersion,
        queues: s.queuesVersion,
      }
    : { session: null, generation: null, publishes: 0, topology: null, names: null, queues: null }
}

/** `prev` with the run of `u` applied (unchanged parts stay the same objects); null: no run. */
export function applySessionRun(prev: SessionState | null, u: SessionUpdate): SessionState | null {
  const run = u.run
  if (!run) return null
  const base = prev && prev.session === u.session ? prev : null
  const kept = base && base.generation === run.generation ? base.publishes.slice(0, run.publishesFrom) : []
  const topology = run.topology ? applyTopologyPatch(base?.topology ?? null, run.topology) : base?.topology
  if (!topology) throw new Error('the session sent no topology to a client that has none')
  return {
    session: u.session,
    generation: run.generation,
    profile: run.profile,
    publishes: run.publishesFrom === 0 ? run.publishes : [...kept, ...run.publishes],
    failures: run.failures,
    hints: run.hints,
    result:
      run.queuesFull || !base
        ? run.result
        : { ...run.result, queues: { ...base.result.queues, ...run.result.queues } },
    origins: run.queuesFull || !base ? run.origins : { ...base.origins, ...run.origins },
    topology,
    topologyVersion: run.topology ? run.topology.version : (base?.topologyVersion ?? 0),
    queuesVersion: run.queuesVersion,
    namesVersion: u.parse.namesVersion,
  }
}
