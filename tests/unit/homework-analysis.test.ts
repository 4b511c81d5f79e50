/**
 * Homework 02, 03 and 09 are checked by the whole-message-space analysis (docs/analysis.md,
 * "Homework"): every case a homework page opens goes through the playground's own path — the public
 * scenario JSON → script text (its `expect` list as `expect` lines) → `analyzeText` with the
 * compared "before" — and gives the intended verdicts and diff. Every counter-example and diff
 * witness is then published by the ordinary router and must do what the analysis says.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Requirement } from '../../src/engine/broker/types'
import { runOperations } from '../../src/engine/scenario/run'
import { parseScript } from '../../src/engine/script/parse'
import { topicMatch } from '../../src/engine/topic/topic-match'
import { CONTENT, CONTENT_ERRORS } from '../../src/practice/content/load'
import { publicScenarioUrl, ScenarioLinkError, scenarioJsonToScript } from '../../src/store/scenario-link'
import { analyzeText } from '../../src/worker/analysis-api'

const script = (name: string) => scenarioJsonToScript(readFileSync(`public/${name}`, 'utf8'))

/** The queues a message published to `exchange` with `key` reaches in `text`, by the ordinary router. */
function route(text: string, exchange: string, key: string): string[] {
  const parsed = parseScript(
    `${text}publish witness to ${JSON.stringify(exchange)} key ${JSON.stringify(key)}\n`,
  )
  expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
  const r = runOperations(parsed.ops, parsed.profile)
  expect(r.result.errors).toEqual([])
  return Object.entries(r.result.queues)
    .filter(([, ids]) => ids.includes('witness'))
    .map(([q]) => q)
    .sort()
}

/** Does a message that reached `reached` with routing key `key` break `r`? (requirement semantics) */
function breaks(r: Requirement, key: string, reached: string[]): boolean {
  const inside = topicMatch(r.key, key)
  switch (r.kind) {
    case 'reaches':
      return inside && r.queues.some((q) => !reached.includes(q))
    case 'reaches_only':
      return inside && [...new Set(r.queues)].sort().join() !== [...reached].sort().join()
    case 'unroutable':
      return inside && reached.length > 0
    case 'nothing_but':
      return !inside && r.queues.some((q) => reached.includes(q))
  }
}

interface Expected {
  /** holds (true) or fails (false) per requirement, in the file's order. */
  verdicts: boolean[]
  /** The failing requirements' counter-example keys, in order. */
  counterexamples: string[]
  /** `gained|lost destination` per change, when compared. */
  changes?: string[]
}

const CASES: Record<string, Expected> = {
  'hw-02/sample': { verdicts: [true, true, true, true, true, true], counterexamples: [] },
  'hw-02/add': {
    verdicts: [true, false, true, true, true, true],
    counterexamples: ['order.paid'],
    changes: ['gained points'],
  },
  'hw-02/remove': {
    verdicts: [true, true, true, false, false, false],
    counterexamples: ['', 'user.other', 'payment.other'],
    changes: ['lost audit'],
  },
  'hw-03/requirements': {
    verdicts: [true, true, true, false, false, false, true, true],
    counterexamples: ['stock.eu', 'stock.us', 'stock.eu.'],
  },
  'hw-09/transition': {
    verdicts: [true, true, true, true, true, true],
    counterexamples: [],
    changes: ['gained eu-orders', 'gained us-orders'],
  },
  'hw-09/after': {
    verdicts: [true, true, true, false, false],
    counterexamples: ['eu.other', 'us.other'],
    changes: ['lost eu-orders', 'lost us-orders'],
  },
}

const checked = CONTENT.homework.flatMap((h) =>
  (h.check?.cases ?? []).map((c) => [`${h.id}/${c.id}`, c] as const),
)

describe('homework checked by the analysis', () => {
  it('homework 02, 03 and 09 have checks, and every case is tested here', () => {
    expect(CONTENT_ERRORS).toEqual([])
    expect(CONTENT.homework.filter((h) => h.check).map((h) => h.id)).toEqual(['hw-02', 'hw-03', 'hw-09'])
    expect(checked.map(([id]) => id).sort()).toEqual(Object.keys(CASES).sort())
  })

  it('homework 03 states at least six requirements over event keys', () => {
    const hw03 = JSON.parse(readFileSync('public/scenarios/homework-03.json', 'utf8')) as {
      expect: unknown[]
    }
    expect(hw03.expect.length).toBeGreaterThanOrEqual(6)
  })

  it.each(checked)('%s: the intended verdicts, witnesses routed by the ordinary router', (id, c) => {
    const want = CASES[id] as Expected
    const after = script(c.scenario)
    const before = c.compare ? script(c.compare) : null
    const reply = analyzeText(after, before)
    expect(reply.ok).toBe(true)
    // The `expect` list arrived as `expect` lines, each checked where it was written.
    expect(reply.requirements.map((r) => r.holds)).toEqual(want.verdicts)
    expect(reply.requirements.every((r) => r.loc !== undefined && r.error === undefined)).toBe(true)
    const failing = reply.requirements.filter((r) => r.holds === false)
    expect(failing.map((r) => r.counterexample?.routing_key)).toEqual(want.counterexamples)
    for (const r of failing) {
      const w = r.counterexample
      if (!w) throw new Error(`${r.text}: no counter-example`)
      const reached = route(after, w.exchange, w.routing_key)
      expect(reached).toEqual([...w.reached].sort())
      expect(breaks(r.requirement, w.routing_key, reached)).toBe(true)
    }
    // nor is a holding one broken by any key the sample publishes
    const publishes = (
      JSON.parse(readFileSync(`public/${c.scenario}`, 'utf8')) as {
        publishes: { exchange: string; routing_key: string }[]
      }
    ).publishes
    for (const r of reply.requirements.filter((x) => x.holds))
      for (const p of publishes)
        expect(breaks(r.requirement, p.routing_key, route(after, p.exchange, p.routing_key))).toBe(false)
    if (!before) {
      expect(reply.diff).toBeNull()
      return
    }
    const diff = reply.diff
    if (!diff) throw new Error('no diff')
    expect(reply.diffError).toBeNull()
    expect(diff.undecided).toEqual([])
    expect(diff.changes.map((ch) => `${ch.change} ${ch.destination}`)).toEqual(want.changes)
    for (const ch of diff.changes) {
      const key = ch.witness.routing_key
      const was = route(before, ch.exchange, key)
      const now = route(after, ch.exchange, key)
      expect(was).toEqual([...ch.before.queues].sort())
      expect(now).toEqual([...ch.after.queues].sort())
      expect(was.includes(ch.destination)).toBe(ch.change === 'lost')
      expect(now.includes(ch.destination)).toBe(ch.change === 'gained')
    }
    for (const cp of diff.copies) {
      const key = cp.witness.routing_key
      expect(route(before, cp.exchange, key)).toHaveLength(cp.copies_before)
      expect(route(after, cp.exchange, key)).toHaveLength(cp.copies_after)
    }
  })

  it('homework 09: the transition loses nothing, removing the old bindings loses only two-word keys', () => {
    const transition = analyzeText(
      script('scenarios/homework-09-transition.json'),
      script('scenarios/homework-09.json'),
    )
    expect(transition.diff?.changes.filter((c) => c.change === 'lost')).toEqual([])
    const after = analyzeText(
      script('scenarios/homework-09-after.json'),
      script('scenarios/homework-09-transition.json'),
    )
    const lost = after.diff?.changes ?? []
    expect(lost.length).toBeGreaterThan(0)
    for (const c of lost) {
      expect(c.change).toBe('lost')
      expect(c.witness.routing_key.split('.')).toHaveLength(2)
    }
  })
})

describe('the compare= link names a public scenario only', () => {
  const page = 'https://playground.example/sub/?view=playground'
  it('accepts scenarios/NAME.json, resolved beside the app', () => {
    expect(publicScenarioUrl('scenarios/homework-09.json', page).toString()).toBe(
      'https://playground.example/sub/scenarios/homework-09.json',
    )
    expect(publicScenarioUrl('scenarios/a.b_c-1.json', page).pathname).toBe('/sub/scenarios/a.b_c-1.json')
  })
  it.each([
    'homework-09.json',
    '/scenarios/homework-09.json',
    'scenarios/../secret.json',
    'scenarios/..json',
    'scenarios/a/b.json',
    'scenarios/x.json?y=1',
    'scenarios/x.json#z',
    'scenarios/x.txt',
    'https://evil.example/scenarios/x.json',
    '//evil.example/scenarios/x.json',
    'javascript:alert(1)//scenarios/x.json',
    'scenarios/%2e%2e/x.json',
    'scenarios\\x.json',
    ' scenarios/x.json',
    '',
  ])('refuses %j', (value) => {
    expect(() => publicScenarioUrl(value, page)).toThrow(ScenarioLinkError)
    try {
      publicScenarioUrl(value, page)
    } catch (e) {
      expect((e as ScenarioLinkError).kind).toBe('not-public')
    }
  })
})

describe('a scenario’s expect list becomes expect lines', () => {
  it('strings and objects, in order, with the vhost they name', () => {
    const text = scenarioJsonToScript(
      JSON.stringify({
        vhosts: [{ name: 'shop' }],
        exchanges: [{ name: 'x', type: 'topic', vhost: 'shop' }],
        queues: [{ name: 'q', vhost: 'shop' }],
        bindings: [
          { source: 'x', destination: 'q', destination_type: 'queue', routing_key: 'a.#', vhost: 'shop' },
        ],
        expect: [
          { kind: 'reaches', key: 'a.#', queues: ['q'], vhost: 'shop' },
          { kind: 'unroutable', key: 'b.*', exchange: 'x', vhost: 'shop' },
        ],
      }),
    )
    expect(text.split('\n').slice(-3)).toEqual(['expect "a.#" reaches q', 'expect to x "b.*" unroutable', ''])
    const reply = analyzeText(text)
    expect(reply.requirements.map((r) => r.holds)).toEqual([true, true])
  })
  it('a bad item is refused with its path, as a bad scenario', () => {
    expect(() => scenarioJsonToScript(JSON.stringify({ expect: [{ kind: 'reach', key: '#' }] }))).toThrow(
      /expect\[0\]\.kind/,
    )
  })
})
