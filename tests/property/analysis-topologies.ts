/**
 * Small generated topologies for the analysis's proofs, and exhaustive enumeration over them: every
 * routing key of up to KEY_WORDS words over the words the patterns use plus a fresh one and the empty
 * word, times every header set over the named headers and values (plus absent and another value).
 */
import fc from 'fast-check'
import {
  type AnalysisBroker,
  analysisBroker,
  type JsonValue,
  type Operation,
  type ProfileName,
  routeWitness,
  type Scenario,
  scenarioToOperations,
  toAmqpTable,
} from '../../src/engine'

/** A fixed seed, or PROP_SEED from the environment (printed on failure by fast-check). */
export const SEED = process.env.PROP_SEED ? Number(process.env.PROP_SEED) : 2026
const KEY_WORDS = 4
const WORDS = ['a', 'b', '', 'zz']
const EX = ['e0', 'e1', 'e2', 'e3']
const QS = ['q0', 'q1', 'q2', 'q3']
const HVALS: JsonValue[] = [1, 'x', null, { '!': 'long', value: 1 }]
const HEADER_NAMES = ['h1', 'x-h']

const topicWord = fc.constantFrom('a', 'b', '', '*', '#')
const bindingKey = fc.array(topicWord, { maxLength: 3 }).map((w) => w.join('.'))
const bindArgs = fc.record(
  {
    'x-match': fc.constantFrom<JsonValue>('all', 'any', 'all-with-x', 'any-with-x'),
    h1: fc.constantFrom(...HVALS),
    'x-h': fc.constantFrom(...HVALS),
  },
  { requiredKeys: [] },
)

export const topologyArb: fc.Arbitrary<Scenario> = fc
  .record({
    profile: fc.constantFrom<ProfileName>('rabbitmq-4', 'rabbitmq-3.10'),
    types: fc.array(fc.constantFrom('direct', 'fanout', 'topic', 'topic', 'headers'), {
      minLength: 4,
      maxLength: 4,
    }),
    internal: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    ae: fc.array(fc.option(fc.constantFrom(...EX, 'nope'), { freq: 3 }), { minLength: 4, maxLength: 4 }),
    dlx: fc.array(
      fc.option(
        fc.record({
          x: fc.constantFrom(...EX, '', 'gone'),
          rk: fc.option(fc.constantFrom('a', 'b.a', 'q1'), { freq: 2 }),
        }),
        { freq: 2 },
      ),
      { minLength: 4, maxLength: 4 },
    ),
    ttl: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    bindings: fc.array(
      fc.record({
        source: fc.constantFrom(...EX),
        toExchange: fc.boolean(),
        q: fc.constantFrom(...QS),
        x: fc.constantFrom(...EX),
        key: bindingKey,
        args: bindArgs,
      }),
      { maxLength: 9 },
    ),
  })
  .map((g) => ({
    profile: g.profile,
    exchanges: EX.map((name, i) => ({
      name,
      type: g.types[i] as string,
      ...(i > 0 && g.internal[i] ? { internal: true } : {}),
      ...(g.ae[i] ? { arguments: { 'alternate-exchange': g.ae[i] as string } } : {}),
    })),
    queues: QS.map((name, i) => {
      const d = g.dlx[i]
      const args: Record<string, JsonValue> = {}
      if (d) {
        args['x-dead-letter-exchange'] = d.x
        if (d.rk) args['x-dead-letter-routing-key'] = d.rk
      }
      if (g.ttl[i]) args['x-message-ttl'] = 10
      return { name, ...(Object.keys(args).length ? { arguments: args } : {}) }
    }),
    bindings: g.bindings.map((b) => ({
      source: b.source,
      destination: b.toExchange ? b.x : b.q,
      destination_type: b.toExchange ? ('exchange' as const) : ('queue' as const),
      routing_key: b.key,
      ...(g.types[EX.indexOf(b.source)] === 'headers'
        ? { arguments: b.args as Record<string, JsonValue> }
        : {}),
    })),
  }))

export function opsOf(s: Scenario): Operation[] {
  return scenarioToOperations(s)
}

export function brokerOf(s: Scenario): AnalysisBroker {
  return analysisBroker(opsOf(s), s.profile ?? 'rabbitmq-4')
}

/** Every key of up to KEY_WORDS words over WORDS (`""` once: it is zero words). */
function allKeys(words: readonly string[] = WORDS, maxWords = KEY_WORDS): string[] {
  const out = new Set<string>([''])
  let level: string[][] = [[]]
  for (let n = 1; n <= maxWords; n++) {
    level = level.flatMap((w) => words.map((x) => [...w, x]))
    for (const w of level) if (!(w.length === 1 && w[0] === '')) out.add(w.join('.'))
  }
  return [...out].sort((a, b) => a.split('.').length - b.split('.').length || (a === '' ? -1 : 0))
}

/** Every header set over the generator's header names (JSON form), the empty one first. */
function allHeaderSets(): Record<string, JsonValue>[] {
  let sets: Record<string, JsonValue>[] = [{}]
  for (const h of HEADER_NAMES)
    sets = sets.flatMap((s) => [
      s,
      ...[...HVALS, 'zzz'].filter((v) => v !== null).map((v) => ({ ...s, [h]: v })),
    ])
  return sets
}

function hasHeadersExchange(s: Scenario): boolean {
  return (s.exchanges ?? []).some((x) => x.type === 'headers')
}

/** The messages a test enumerates for this topology. */
export function allMessages(
  s: Scenario,
  maxWords = KEY_WORDS,
): { key: string; headers: Record<string, JsonValue> }[] {
  const headerSets = hasHeadersExchange(s) ? allHeaderSets() : [{}]
  return allKeys(WORDS, maxWords).flatMap((key) => headerSets.map((headers) => ({ key, headers })))
}

/** Queues a message published to `exchange` reaches, by the ordinary router. */
export function queuesFor(
  b: AnalysisBroker,
  exchange: string,
  key: string,
  headers: Record<string, JsonValue>,
  vhost = '/',
): string[] {
  const v = b.broker.vhosts.get(vhost)
  if (!v) return []
  return routeWitness(v, b.broker.profile, exchange, key, toAmqpTable(headers)).queues
}

export const PUBLISHABLE = (s: Scenario) => (s.exchanges ?? []).filter((x) => !x.internal).map((x) => x.name)
