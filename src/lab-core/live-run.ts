/**
 * Live mode: the plan on a real broker through the management HTTP API, in scratch vhosts created
 * for the run and always deleted afterwards — the shell kit's semantics (kit-http.ts), in
 * TypeScript. Optionally the topology (and the policies) is copied from an existing vhost and only
 * the publishes run: the observation then shows where the playground's model and the deployed
 * topology part ways.
 */
import { bindingBody, exchangeBody, publishBody, queueBody } from './http-bodies'
import { amqpRefusal, httpReason, policyReason } from './http-errors'
import { queuesPerVhost, vhostIndex } from './kit-shared'
import { enc, exchangePath, type HttpAnswer, type MgmtClient, MgmtHttpError } from './mgmt-client'
import {
  OBSERVATION_FORMAT,
  OBSERVATION_VERSION,
  type Observation,
  type ObservedBinding,
} from './observation'
import type { LabPlan, LabStep } from './plan'
import { type PolicyWait, policyBody, policyWaits } from './policy-steps'

export interface LiveOptions {
  /** The scratch vhost's name (plan vhost i > 0 gets `-i` appended); unique per run. */
  scratch: string
  /** The API user, given permissions on the scratch vhosts. */
  user: string
  /** Copy exchanges, queues, bindings and policies from this vhost; only the plan's publishes run. */
  topologyFrom?: string
  /** Progress, after each step. */
  onStep?: (done: number, total: number) => void
  now?: () => string
}

const ok = (a: HttpAnswer) => a.status >= 200 && a.status < 300
/** Definitions sections a scratch copy takes; users, permissions and the like stay where they are. */
const COPIED = ['exchanges', 'queues', 'bindings', 'policies'] as const
/** How long a policy may take to show on the queues and exchanges it governs. */
const POLICY_WAIT_MS = 5000

/**
 * Scratch vhosts that could not be deleted (each was tried): the run's observation when the run
 * itself worked, else the error that stopped it.
 */
export class ScratchLeftError extends Error {
  constructor(
    readonly left: { vhost: string; error: string }[],
    readonly observation: Observation | null,
    readonly cause: unknown,
  ) {
    super(`scratch vhosts left on the broker: ${left.map((l) => `${l.vhost} (${l.error})`).join(', ')}`)
    this.name = 'ScratchLeftError'
  }
}

export async function runPlanLive(
  plan: LabPlan,
  client: MgmtClient,
  opts: LiveOptions,
): Promise<Observation> {
  const now = opts.now ?? (() => new Date().toISOString())
  const { version, product } = await client.overview()
  const names = plan.vhosts.map((_, i) => (i === 0 ? opts.scratch : `${opts.scratch}-${i}`))
  const obs: Observation = {
    format: OBSERVATION_FORMAT,
    version: OBSERVATION_VERSION,
    kit: 'live',
    scenario: plan.fingerprint,
    broker: { product, version },
    observed_at: now(),
    isolation: { mode: 'vhost', name: opts.scratch },
    queues: {},
    returns: [],
    errors: [],
    steps: [],
  }
  if (opts.topologyFrom !== undefined) obs.topology_from = opts.topologyFrom
  const created: string[] = []
  const text = (v: number, t: string) => t.split(`vhost '${names[v]}'`).join(`vhost '${plan.vhosts[v]}'`)
  const record = (v: number, s: LabStep, stage: Observation['errors'][number]['stage'], a: HttpAnswer) => {
    const r = amqpRefusal(a.status, a.text, version)
    obs.errors.push({ id: s.id, stage, code: r.code, text: r.code === 0 ? r.text : text(v, r.text) })
  }
  let failure: unknown = null
  try {
    for (const name of names) {
      created.push(name)
      await client.createVhost(name, opts.user)
    }
    if (opts.topologyFrom !== undefined) await copyTopology(client, opts.topologyFrom, names[0] as string)
    const waits = policyWaits(plan)
    const steps = [...plan.steps.entries()].filter(
      ([, s]) => opts.topologyFrom === undefined || s.op === 'publish',
    )
    for (const [n, [i, s]] of steps.entries()) {
      obs.steps?.push({ id: s.id, at: now() })
      await runStep(client, plan, s, names, record, obs, waits.get(i) ?? [])
      opts.onStep?.(n + 1, steps.length)
    }
    await drain(client, plan, names, obs)
    obs.bindings = await readBindings(client, plan, names)
  } catch (e) {
    failure = e
  }
  // Each scratch vhost is deleted on its own: one refusal must not leave the others behind.
  const left: { vhost: string; error: string }[] = []
  for (const name of created)
    await client.deleteVhost(name).catch((e: unknown) => {
      left.push({ vhost: name, error: e instanceof Error ? e.message : String(e) })
    })
  if (left.length > 0) throw new ScratchLeftError(left, failure === null ? obs : null, failure)
  if (failure !== null) throw failure
  return obs
}

/**
 * Copies a vhost's exchanges, queues, bindings and policies into the scratch vhost, then waits
 * until every queue and exchange shows the policy it has in the source (the broker applies
 * policies asynchronously).
 */
async function copyTopology(client: MgmtClient, from: string, scratch: string): Promise<void> {
  const defs = await client.definitions(from)
  const copy: { [key: string]: unknown[] } = Object.fromEntries(
    COPIED.map((k) => [k, Array.isArray(defs[k]) ? (defs[k] as unknown[]) : []]),
  )
  copy.policies = (copy.policies as object[]).map((p) => ({ ...p, vhost: scratch }))
  await client.json('POST', `/definitions/${enc(scratch)}`, copy)
  if (copy.policies.length === 0) return
  const want = await governedBy(client, from)
  await waitUntil(async () => {
    const seen = await governedBy(client, scratch)
    return [...want].every(([k, policy]) => !seen.has(k) || seen.get(k) === policy)
  })
}

/** Each queue's and exchange's policy as the API lists it (`q:NAME` / `e:NAME` → name or ""). */
async function governedBy(client: MgmtClient, vhost: string, kinds = ['queue', 'exchange']) {
  const out = new Map<string, string>()
  for (const kind of kinds) {
    // disable_stats: the entity records, where a policy shows at once (the statistics lag seconds).
    const rows = await client.json<{ name: string; policy?: string | null }[]>(
      'GET',
      `/${kind}s/${enc(vhost)}?disable_stats=true&columns=name,policy`,
    )
    for (const r of rows) out.set(`${kind[0]}:${r.name}`, r.policy || '')
  }
  return out
}

/** The host's timer (lab-core is type-checked without DOM or Node types). */
const pause = () =>
  new Promise<void>((r) =>
    (globalThis as unknown as { setTimeout: (f: () => void, ms: number) => void }).setTimeout(r, 20),
  )

async function waitUntil(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + POLICY_WAIT_MS
  while (!(await done()) && Date.now() < deadline) await pause()
}

/** After a policy step: until the API lists the policy the engine expects on each entity it changed. */
async function awaitPolicies(client: MgmtClient, vhost: string, waits: PolicyWait[]): Promise<void> {
  if (waits.length === 0) return
  const kinds = [...new Set(waits.map(([kind]) => kind))]
  await waitUntil(async () => {
    const seen = await governedBy(client, vhost, kinds)
    return waits.every(([kind, name, policy]) => {
      const got = seen.get(`${kind[0]}:${name}`)
      return got === undefined || got === policy
    })
  })
}

type Record = (v: number, s: LabStep, stage: Observation['errors'][number]['stage'], a: HttpAnswer) => void

async function runStep(
  client: MgmtClient,
  plan: LabPlan,
  s: LabStep,
  names: string[],
  record: Record,
  obs: Observation,
  waits: PolicyWait[],
): Promise<void> {
  const v = vhostIndex(plan, s)
  const vh = enc(names[v] as string)
  const bindingPath = (b: Extract<LabStep, { op: 'bind' }>['binding']) =>
    `/bindings/${vh}/e/${exchangePath(b.source)}/${b.destination_type === 'exchange' ? `e/${exchangePath(b.destination)}` : `q/${enc(b.destination)}`}`
  switch (s.op) {
    case 'policy.set': {
      const a = await client.call('PUT', `/policies/${vh}/${enc(s.policy.name)}`, policyBody(s))
      if (a.status === 400)
        obs.errors.push({ id: s.id, stage: 'policy', code: 400, text: policyReason(a.text) })
      else if (!ok(a))
        obs.errors.push({ id: s.id, stage: 'policy', code: a.status, text: policyReason(a.text) })
      else await awaitPolicies(client, names[v] as string, waits)
      return
    }
    case 'policy.clear': {
      const a = await client.call('DELETE', `/policies/${vh}/${enc(s.name)}`)
      if (a.status === 404) return // clearing what is not there is no error
      if (!ok(a)) obs.errors.push({ id: s.id, stage: 'policy', code: a.status, text: policyReason(a.text) })
      else await awaitPolicies(client, names[v] as string, waits)
      return
    }
    case 'exchange.declare': {
      const body = exchangeBody(s)
      const path = `/exchanges/${vh}/${exchangePath(s.exchange.name)}`
      const a = 'passive' in body ? await client.call('GET', path) : await client.call('PUT', path, body)
      if (a.status === 404 && 'passive' in body)
        obs.errors.push({
          id: s.id,
          stage: 'declare',
          code: 404,
          text: `NOT_FOUND - no exchange '${s.exchange.name}' in vhost '${plan.vhosts[v]}'`,
        })
      else if (!ok(a)) record(v, s, 'declare', a)
      return
    }
    case 'queue.declare': {
      const body = queueBody(s)
      const path = `/queues/${vh}/${enc(s.queue.name)}`
      const a = 'passive' in body ? await client.call('GET', path) : await client.call('PUT', path, body)
      if (a.status === 404 && 'passive' in body)
        obs.errors.push({
          id: s.id,
          stage: 'declare',
          code: 404,
          text: `NOT_FOUND - no queue '${s.queue.name}' in vhost '${plan.vhosts[v]}'`,
        })
      else if (!ok(a)) record(v, s, 'declare', a)
      return
    }
    case 'bind': {
      const a = await client.call('POST', bindingPath(s.binding), bindingBody(s))
      if (!ok(a)) record(v, s, 'bind', a)
      return
    }
    case 'unbind': {
      const path = bindingPath(s.binding)
      const list = await client.call('GET', path)
      if (!ok(list)) return record(v, s, 'unbind', list)
      const want = JSON.stringify(bindingBody(s))
      const found = (
        JSON.parse(list.text) as { routing_key: string; arguments: unknown; properties_key: string }[]
      ).find((b) => JSON.stringify({ routing_key: b.routing_key, arguments: b.arguments }) === want)
      if (!found) return // nothing to unbind: not an error
      const a = await client.call('DELETE', `${path}/${enc(found.properties_key)}`)
      if (!ok(a) && a.status !== 404) record(v, s, 'unbind', a)
      return
    }
    case 'exchange.delete': {
      const a = await client.call(
        'DELETE',
        `/exchanges/${vh}/${exchangePath(s.name)}${s.if_unused ? '?if-unused=true' : ''}`,
      )
      if (!ok(a) && a.status !== 404) record(v, s, 'delete', a) // deleting what is missing is no error
      return
    }
    case 'queue.delete': {
      const a = await client.call('DELETE', `/queues/${vh}/${enc(s.name)}`)
      if (!ok(a) && a.status !== 404) record(v, s, 'delete', a)
      return
    }
    case 'publish': {
      const a = await client.call(
        'POST',
        `/exchanges/${vh}/${exchangePath(s.publish.exchange)}/publish`,
        publishBody(s),
      )
      // A full queue with x-overflow reject-publish nacks the API's own publish: 400 "rejected …".
      if (a.status === 400 && /^rejected /.test(httpReason(a.text))) {
        obs.nacks = [...(obs.nacks ?? []), { id: s.id, queues: [] }]
        return
      }
      if (!ok(a)) return record(v, s, 'publish', a)
      if (s.publish.mandatory && (JSON.parse(a.text) as { routed: boolean }).routed === false)
        obs.returns.push({ id: s.id, reply_code: 312, reply_text: 'NO_ROUTE' })
    }
  }
}

async function drain(client: MgmtClient, plan: LabPlan, names: string[], obs: Observation): Promise<void> {
  const declared = queuesPerVhost(plan)
  for (const [v, name] of names.entries()) {
    // A copied topology has its own queues: drain what the vhost holds.
    const queues =
      obs.topology_from !== undefined && v === 0
        ? (await client.json<{ name: string }[]>('GET', `/queues/${enc(name)}?columns=name`)).map(
            (q) => q.name,
          )
        : (declared[v] ?? [])
    for (const q of queues) {
      const path = `/queues/${enc(name)}/${enc(q)}`
      if (!ok(await client.call('GET', path))) continue // it does not exist
      const ids: string[] = []
      for (;;) {
        const a = await client.call('POST', `${path}/get`, {
          count: 1000,
          ackmode: 'ack_requeue_false',
          encoding: 'auto',
        })
        // "Get messages" is basic.get: a stream (540) and a quorum queue with single active consumer
        // (405) refuse it with a 400. The queue stays as read so far, empty (limits.ts,
        // queue-type-drain), as in the HTTP kit; the rest of the run goes on.
        if (a.status === 400) break
        if (!ok(a)) throw new MgmtHttpError(a.status, `POST /api${path}/get`, a.text)
        const got = JSON.parse(a.text) as { payload: string; properties: unknown }[]
        if (got.length === 0) break
        for (const m of got) {
          const props = m.properties as { message_id?: string } | unknown[]
          ids.push((!Array.isArray(props) && props.message_id) || m.payload)
        }
      }
      obs.queues[plan.vhosts[v] === '/' ? q : `${plan.vhosts[v]}/${q}`] = ids
    }
  }
}

async function readBindings(client: MgmtClient, plan: LabPlan, names: string[]): Promise<ObservedBinding[]> {
  const out: ObservedBinding[] = []
  for (const [v, name] of names.entries()) {
    const rows = await client.json<ObservedBinding[]>('GET', `/bindings/${enc(name)}`)
    for (const b of rows) {
      if (b.source === '') continue // the default exchange's implicit bindings
      out.push({
        vhost: plan.vhosts[v] as string,
        source: b.source,
        destination: b.destination,
        destination_type: b.destination_type,
        routing_key: b.routing_key,
      })
    }
  }
  return out
}
