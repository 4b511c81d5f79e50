// The playground's engine session after any sequence of edits gives what a fresh parse and run of the
// same text gives: same publishes (with their explanations), result (and the publish each held message
// came from), refusals and topology — whether the edit appended, changed the last line, changed a
// line in the middle or broke the syntax.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyParseUpdate,
  applySessionRun,
  clientHas,
  type ParseSummary,
  type PublishExplanation,
  parseScript,
  RunSession,
  runOperations,
  type SessionState,
} from '../../src/engine'

const SEED = 1414

const LINE = fc.constantFrom(
  'exchange declare t topic',
  'exchange declare d direct',
  'exchange declare f fanout args {alternate-exchange: d}',
  'queue declare a',
  'queue declare b',
  'queue declare ""',
  'bind a to t key "x.#"',
  'bind b to t key "*.y"',
  'bind a to d key k',
  'bind "" to d key k',
  'bind exchange f to t key "#"',
  'unbind a to t key "x.#"',
  'delete queue b',
  'publish to t key x.y mandatory',
  'publish to t key z',
  'publish to f key k mandatory',
  'publish to "" key a',
  'publish to "" key nope mandatory',
  'publish to missing key k',
  'publish m7 to d key k headers {CC: ["x.y"]}',
  'vhost other',
  'vhost /',
  'profile robustmq',
  'bind a to t key "unterminated',
  // Queue limits, priorities, dead-lettering and policies: a publish may do more than append.
  'queue declare c args {x-max-length: 1, x-dead-letter-exchange: d}',
  'queue declare p args {x-max-priority: 3, x-message-ttl: 0}',
  'bind c to t key "#"',
  'publish to "" key p properties {priority: 2}',
  'publish to "" key c',
  'policy set lim pattern "^(a|b)$" definition {max-length: 1, overflow: reject-publish}',
  'policy clear lim',
)

type Edit =
  | { kind: 'append'; line: string }
  | { kind: 'replace-last'; line: string }
  | { kind: 'replace'; at: number; line: string }
  | { kind: 'delete'; at: number }
  | { kind: 'insert'; at: number; line: string }

const EDIT: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: LINE.map((line) => ({ kind: 'append' as const, line })) },
  { weight: 2, arbitrary: LINE.map((line) => ({ kind: 'replace-last' as const, line })) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.nat(), LINE).map(([at, line]) => ({ kind: 'replace' as const, at, line })),
  },
  { weight: 1, arbitrary: fc.nat().map((at) => ({ kind: 'delete' as const, at })) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.nat(), LINE).map(([at, line]) => ({ kind: 'insert' as const, at, line })),
  },
)

function edit(lines: string[], e: Edit): string[] {
  const out = [...lines]
  const at = out.length ? ('at' in e ? e.at % out.length : 0) : 0
  if (e.kind === 'append') out.push(e.line)
  else if (e.kind === 'replace-last') out.splice(Math.max(0, out.length - 1), 1, e.line)
  else if (e.kind === 'replace') out.splice(at, 1, e.line)
  else if (e.kind === 'delete') out.splice(at, 1)
  else out.splice(at, 0, e.line)
  return out
}

const set = (p: PublishExplanation) => [...p.queues.map((q) => q.queue)].sort()

function check(lazyAbove: number, edits: Edit[]) {
  const session = new RunSession(lazyAbove)
  let client: SessionState | null = null
  let clientParse: ParseSummary | null = null
  let lines: string[] = []
  for (const e of edits) {
    lines = edit(lines, e)
    const text = `${lines.join('\n')}\n`
    const u = session.update(text, clientHas(client))
    const parsed = parseScript(text)
    clientParse = applyParseUpdate(clientParse, u.parse)
    expect(clientParse.diagnostics).toEqual(parsed.diagnostics)
    expect(clientParse.finalVhost).toBe(parsed.finalVhost)
    expect(clientParse.vhosts).toEqual(parsed.vhosts)
    expect(clientParse.declared).toEqual({
      exchanges: parsed.declared.exchanges,
      queues: parsed.declared.queues,
    })
    expect(clientParse.publishLines).toEqual(
      parsed.ops.filter((o) => o.op === 'publish').map((o) => o.loc?.line),
    )
    const next = applySessionRun(client, u)
    if (parsed.diagnostics.length) {
      expect(u.run).toBeNull()
      continue
    }
    client = next
    const want = runOperations(parsed.ops, parsed.profile)
    expect(client?.result).toEqual(want.result)
    expect(client?.origins).toEqual(want.origins)
    expect(client?.topology).toEqual(want.topology)
    expect(client?.failures).toEqual(want.outcomes.filter((o) => !o.ok))
    if (lazyAbove === Number.POSITIVE_INFINITY) {
      expect(client?.publishes).toEqual(want.publishes)
      continue
    }
    // Lazy: routed alike; the full explanation on demand equals the eager one.
    expect(client?.publishes.map(set)).toEqual(want.publishes.map(set))
    want.publishes.forEach((p, i) => {
      expect(session.explain(client?.generation ?? '', i)).toEqual(p)
    })
  }
}

describe('incremental session ≡ fresh parse and run', () => {
  it('explains every publish at once (small topologies)', () => {
    fc.assert(
      fc.property(fc.array(EDIT, { minLength: 1, maxLength: 25 }), (edits) => {
        check(Number.POSITIVE_INFINITY, edits)
      }),
      { seed: SEED, numRuns: 250 },
    )
  }, 60_000)
  it('routes first and explains on demand (large topologies), also after the topology changed', () => {
    fc.assert(
      fc.property(fc.array(EDIT, { minLength: 1, maxLength: 25 }), (edits) => {
        check(0, edits)
      }),
      { seed: SEED + 1, numRuns: 150 },
    )
  }, 60_000)
  it('appends publishes without running the script again', () => {
    const session = new RunSession()
    const head = 'exchange declare t topic\nqueue declare a\nbind a to t key "#"\n'
    let client = applySessionRun(null, session.update(head, clientHas(null)))
    let text = head
    for (let i = 1; i <= 3; i++) {
      text += `publish to t key k${i}\n`
      const u = session.update(text, clientHas(client))
      expect(u.run?.topology).toBeNull() // the client's topology is current
      expect(u.run?.publishesFrom).toBe(i - 1) // only the new publish travels
      expect(u.run?.publishes.map((p) => p.id)).toEqual([`m${i}`])
      expect(u.parse.names).toBeNull() // no declaration changed: the names do not travel again
      expect(u.run?.queuesFull).toBe(false)
      expect(Object.keys(u.run?.result.queues ?? {})).toEqual(['a']) // only the queue that changed
      client = applySessionRun(client, u)
    }
    expect(client?.result.queues).toEqual({ a: ['m1', 'm2', 'm3'] })
    // Changing the last publish undoes it alone: same generation, the first two publishes stay.
    const generation = client?.generation
    const u = session.update(text.replace('key k3', 'key k9'), clientHas(client))
    expect(u.run?.generation).toBe(generation)
    expect(u.run?.publishesFrom).toBe(2)
    client = applySessionRun(client, u)
    expect(client?.publishes.map((p) => p.routingKeys[0])).toEqual(['k1', 'k2', 'k9'])
  })
})
