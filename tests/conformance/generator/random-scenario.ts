import type {
  JsonValue,
  Scenario,
  ScenarioBinding,
  ScenarioExchange,
  ScenarioPublish,
  ScenarioQueue,
} from '../../../src/engine'
import { Rng, scenarioSeed } from './prng'
import { directKey, headersBindingArgs, headerTable, routingKey, topicPattern } from './values'

const TYPES = ['direct', 'fanout', 'topic', 'headers'] as const
const BUILTIN = ['amq.direct', 'amq.fanout', 'amq.topic', 'amq.headers', 'amq.match']
const BUILTIN_TYPES: Record<string, string> = {
  'amq.direct': 'direct',
  'amq.fanout': 'fanout',
  'amq.topic': 'topic',
  'amq.headers': 'headers',
  'amq.match': 'headers',
}

function exchanges(rng: Rng): ScenarioExchange[] {
  const n = rng.int(2, 5)
  const names = Array.from({ length: n }, (_, i) => `x${i}`)
  const out: ScenarioExchange[] = names.map((name) => {
    const x: ScenarioExchange = {
      name,
      type: rng.pick(TYPES),
      durable: false,
      auto_delete: false,
      internal: false,
    }
    if (rng.chance(0.07)) x.internal = true
    // The AE may name an exchange declared later, a builtin, or nothing at all.
    if (rng.chance(0.3)) x.arguments = { 'alternate-exchange': rng.pick([...names, 'ghost', 'amq.fanout']) }
    return x
  })
  if (rng.chance(0.08)) out.push({ ...rng.pick(out), type: rng.pick(TYPES) }) // maybe an inequivalent redeclare
  if (rng.chance(0.03))
    out.push({ name: 'amq.mine', type: 'fanout', durable: false, auto_delete: false, internal: false })
  if (rng.chance(0.03))
    out.push({ name: 'odd', type: 'x-unknown', durable: false, auto_delete: false, internal: false })
  // A passive declare only checks existence: its type and flags do not matter.
  if (rng.chance(0.06))
    out.push({
      name: rng.pick([...names, 'ghost', '', 'amq.topic']),
      type: rng.pick(TYPES),
      durable: rng.chance(0.5),
      auto_delete: false,
      internal: rng.chance(0.2),
      passive: true,
    })
  return out
}

function queues(rng: Rng): ScenarioQueue[] {
  const out: ScenarioQueue[] = Array.from({ length: rng.int(1, 4) }, (_, i) => ({
    name: `q${i}`,
    durable: false,
    exclusive: rng.chance(0.15),
    auto_delete: rng.chance(0.1),
  }))
  // A passive check of a declared, a missing or the "" queue (which makes it the last declared).
  if (rng.chance(0.08))
    out.push({
      name: rng.pick([...out.map((q) => q.name), 'ghostq', '']),
      durable: rng.chance(0.5),
      exclusive: false,
      auto_delete: false,
      passive: true,
    })
  return out
}

function bindingKey(rng: Rng, sourceType: string | undefined): string {
  if (sourceType === 'topic') return topicPattern(rng)
  if (sourceType === 'direct') return directKey(rng)
  return rng.chance(0.5) ? '' : routingKey(rng)
}

function bindings(rng: Rng, xs: ScenarioExchange[], qs: ScenarioQueue[]): ScenarioBinding[] {
  const typeOf = (name: string) => xs.find((x) => x.name === name)?.type ?? BUILTIN_TYPES[name]
  // Mostly the exchanges that declare fine; 'missing', 'odd' and 'amq.mine' only now and then.
  const xNames = xs.filter((x) => /^x\d$/.test(x.name)).map((x) => x.name)
  const out: ScenarioBinding[] = []
  for (let i = rng.int(2, 10); i > 0; i--) {
    const r = rng.next()
    const source =
      r < 0.9
        ? rng.pick(xNames)
        : r < 0.95
          ? rng.pick(BUILTIN)
          : r < 0.97
            ? ''
            : rng.pick(['missing', 'odd', 'amq.mine'])
    const toExchange = rng.chance(0.3)
    const destination = toExchange
      ? rng.chance(0.97)
        ? rng.pick(xNames)
        : rng.pick(['missing', ''])
      : rng.chance(0.96)
        ? rng.pick(qs).name
        : rng.pick(['ghostq', '']) // "" = the channel's last declared queue
    const b: ScenarioBinding = {
      source,
      destination,
      destination_type: toExchange ? 'exchange' : 'queue',
      routing_key: bindingKey(rng, typeOf(source)),
    }
    if (typeOf(source) === 'headers' || rng.chance(0.05)) b.arguments = headersBindingArgs(rng)
    out.push(b)
  }
  return out
}

function publishes(rng: Rng, xs: ScenarioExchange[], qs: ScenarioQueue[]): ScenarioPublish[] {
  const out: ScenarioPublish[] = []
  const n = rng.int(3, 8)
  for (let i = 0; i < n; i++) {
    const r = rng.next()
    const exchange = r < 0.82 ? rng.pick(xs).name : r < 0.92 ? '' : r < 0.97 ? rng.pick(BUILTIN) : 'missing'
    const key =
      exchange === '' && rng.chance(0.7)
        ? rng.pick(qs).name
        : rng.chance(0.5)
          ? routingKey(rng)
          : directKey(rng)
    const p: ScenarioPublish = { id: `m${i}`, exchange, routing_key: key, mandatory: rng.chance(0.5) }
    const headers: { [k: string]: JsonValue } = rng.chance(0.5) ? headerTable(rng) : {}
    const extraKeys = (): JsonValue[] =>
      Array.from({ length: rng.int(0, 2) }, () =>
        rng.chance(0.1)
          ? 7
          : exchange === ''
            ? rng.pick(qs).name
            : rng.chance(0.5)
              ? routingKey(rng)
              : directKey(rng),
      )
    if (rng.chance(0.25)) headers.CC = extraKeys()
    if (rng.chance(0.15)) headers.BCC = extraKeys()
    if (rng.chance(0.02)) headers.CC = rng.pick<JsonValue>(['a', 1, null])
    if (Object.keys(headers).length > 0) p.headers = headers
    out.push(p)
  }
  return out
}

/** Random scenario `index` of run `seed` (profile rabbitmq-3.10, the broker this suite runs). */
export function randomScenario(seed: number, index: number): Scenario {
  const rng = new Rng(scenarioSeed(seed, index))
  const xs = exchanges(rng)
  const qs = queues(rng)
  return {
    profile: 'rabbitmq-3.10',
    exchanges: xs,
    queues: qs,
    bindings: bindings(rng, xs, qs),
    publishes: publishes(rng, xs, qs),
  }
}
