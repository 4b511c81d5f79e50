import type { Scenario, ScenarioError, ScenarioResult } from '../../../src/engine'

/** Queues, returns and error codes: compared exactly. Error texts are compared separately (see compareTexts). */
export function comparable(r: ScenarioResult) {
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  return {
    queues: Object.fromEntries(Object.entries(r.queues).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    returns: r.returns.map((x) => ({ ...x })),
    errors: r.errors.map(({ id, stage, code }) => ({ id, stage, code })).sort(byId),
    // Which publishes were nacked (the broker does not say which queue refused them).
    nacks: (r.nacks ?? []).map((n) => n.id),
  }
}

/** Where one publish went: the queues holding it, whether it came back, its error code and text. */
function publishView(r: ScenarioResult, id: string, vhost?: string): string {
  const queues = Object.keys(r.queues)
    .filter((q) => r.queues[q].includes(id))
    .sort()
  const ret = r.returns.some((x) => x.id === id)
  const nack = (r.nacks ?? []).some((x) => x.id === id)
  const err = r.errors.find((e) => e.id === id && e.stage === 'publish')
  // Code 0 is the client library's refusal: its wording is amqplib's, not something to reproduce.
  const text =
    !err || err.code === 0 ? null : vhost !== undefined ? normaliseBrokerText(err.text, vhost) : err.text
  return JSON.stringify({ queues, ret, nack, err: err?.code ?? null, text })
}

/** Publishes on which both sides agree, and the ids of those on which they do not. */
export function publishAgreement(s: Scenario, broker: ScenarioResult, eng: ScenarioResult, vhost: string) {
  const disagreed: string[] = []
  let agreed = 0
  for (const p of s.publishes ?? []) {
    if (publishView(broker, p.id, vhost) === publishView(eng, p.id)) agreed++
    else disagreed.push(p.id)
  }
  return { agreed, disagreed }
}

/** The broker names the scenario's vhost in some texts; the engine names `/`. */
function normaliseBrokerText(text: string, vhost: string): string {
  return text.split(`vhost '${vhost}'`).join("vhost '/'")
}

const TYPE_TEXT = /^COMMAND_INVALID - (?:unknown|invalid) exchange type '(.*)'$/s

/**
 * 3.10.8 says "invalid exchange type" when the name happens to be an atom of the Erlang VM and
 * "unknown" otherwise; the engine documents that it knows only a few such atoms, so either word is
 * accepted for the same name (the 503 code is compared exactly anyway).
 */
function sameUnknownType(broker: string, engine: string): boolean {
  const b = TYPE_TEXT.exec(broker)
  const e = TYPE_TEXT.exec(engine)
  return b !== null && e !== null && b[1] === e[1]
}

/**
 * Error texts compared pairwise: the n-th error with a given id and code on the broker against the
 * n-th one in the engine (one exchange may be redeclared several times). Errors missing on either
 * side are the structural diff's business, not this one's.
 */
export function compareTexts(broker: ScenarioResult, eng: ScenarioResult, vhost: string) {
  const mismatches: { id: string; broker: string; engine: string }[] = []
  let matched = 0
  const seen = new Map<string, number>()
  for (const b of broker.errors) {
    if (b.code === 0) continue // refused by the client library: no broker text to reproduce
    const key = `${b.id}\u0000${b.code}`
    const n = seen.get(key) ?? 0
    seen.set(key, n + 1)
    const e = eng.errors.filter((x: ScenarioError) => x.id === b.id && x.code === b.code)[n]
    if (!e) continue
    const text = normaliseBrokerText(b.text, vhost)
    // A policy refusal is the management API's 400 reason; the engine prefixes it like a reply text.
    const engineText = b.stage === 'policy' ? e.text.replace(/^ERROR - /, '') : e.text
    if (text === engineText || sameUnknownType(text, e.text)) matched++
    else mismatches.push({ id: b.id, broker: b.text, engine: e.text })
  }
  return { matched, mismatches }
}

/** A short human diff of two comparable results. */
export function describeDiff(broker: ScenarioResult, eng: ScenarioResult): string {
  const b = comparable(broker)
  const e = comparable(eng)
  const lines: string[] = []
  for (const q of new Set([...Object.keys(b.queues), ...Object.keys(e.queues)])) {
    const bq = JSON.stringify(b.queues[q] ?? '(no queue)')
    const eq = JSON.stringify(e.queues[q] ?? '(no queue)')
    if (bq !== eq) lines.push(`  queue ${JSON.stringify(q)}: broker ${bq}, engine ${eq}`)
  }
  if (JSON.stringify(b.returns) !== JSON.stringify(e.returns)) {
    lines.push(
      `  returns: broker ${JSON.stringify(b.returns.map((r) => r.id))}, engine ${JSON.stringify(e.returns.map((r) => r.id))}`,
    )
  }
  if (JSON.stringify(b.nacks) !== JSON.stringify(e.nacks))
    lines.push(`  nacks: broker ${JSON.stringify(b.nacks)}, engine ${JSON.stringify(e.nacks)}`)
  const fmt = (x: { id: string; stage: string; code: number }) => `${x.id}/${x.stage}/${x.code}`
  const be = new Set(b.errors.map(fmt))
  const ee = new Set(e.errors.map(fmt))
  for (const x of be) if (!ee.has(x)) lines.push(`  error only on broker: ${x}`)
  for (const x of ee) if (!be.has(x)) lines.push(`  error only in engine: ${x}`)
  return lines.join('\n')
}
