/**
 * Text → the engine session (in the Worker: one incremental parse and run) → store. Typing is
 * debounced; an action (a publish, a loaded case) asks for its run at once and says what to log.
 * One request is in flight at a time and only the newest text waits behind it, so every reply
 * applies to the state the next request describes (`have`), and nothing is computed twice.
 * While the text has errors the last good run stays, marked stale, so a typo never wipes the diagram.
 */
import type { StoreApi } from 'zustand'
import {
  applyParseUpdate,
  applySessionRun,
  type ClientHas,
  clientHas,
  type PublishExplanation,
  type SessionState,
  type SessionUpdate,
} from '../engine'
import { keepExplanation, lighten } from './explanations'
import { own } from './text-history'
import type { LogEntry, PlaygroundState } from './types'

const LOG_LIMIT = 200

export interface EngineAccess {
  update: (text: string, have: ClientHas, opts: { explain?: 'last' }) => Promise<SessionUpdate>
  explain: (generation: string, index: number) => Promise<PublishExplanation | null>
}

/** What an action wants done with its run: log these publishes (by id), or all of them. */
export interface RunIntent {
  log?: 'all' | string[]
}

export interface Pipeline {
  start: () => void
  /** Run `text` now (after the request in flight), doing what `intent` asks once it is routed. */
  request: (text: string, intent?: RunIntent) => void
  /** Run `text` after the typing pause (unless it was just requested). */
  schedule: (text: string) => void
  explain: (index: number) => void
  stop: () => void
}

/** A longer pause for big texts so a 10,000-binding topology is not re-routed on every key. */
export function debounceFor(text: string): number {
  return text.length > 50_000 ? 400 : text.length > 5_000 ? 250 : 120
}

export function createPipeline(store: StoreApi<PlaygroundState>, engine: EngineAccess | null): Pipeline {
  let started = false
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | null = null
  let inFlight = false
  let pending: { text: string; intent: RunIntent } | null = null
  let lastRequested: string | null = null
  let client: SessionState | null = null

  const clearTimer = () => {
    if (timer) clearTimeout(timer)
    timer = null
  }

  function request(text: string, intent: RunIntent = {}): void {
    if (!engine || stopped) return
    started = true
    clearTimer()
    lastRequested = text
    pending = { text, intent: mergeIntents(pending?.intent, intent) }
    store.setState({ busy: true })
    void pump()
  }

  async function pump(): Promise<void> {
    if (inFlight || !pending || !engine) return
    const job = pending
    pending = null
    inFlight = true
    try {
      const wantsFull = job.intent.log !== undefined && job.intent.log !== 'all'
      const u = await engine.update(job.text, clientHas(client), wantsFull ? { explain: 'last' } : {})
      if (stopped) return
      const next = applySessionRun(client, u)
      if (next) client = next
      onReply(job.text, job.intent, u, next)
    } catch (e) {
      // A restarted Worker lost the session: the next request starts a new one from nothing.
      client = null
      if (!stopped) store.setState({ runError: e instanceof Error ? e.message : String(e) })
    } finally {
      inFlight = false
      if (!pending && !timer) store.setState({ busy: false })
      void pump()
    }
  }

  function onReply(text: string, intent: RunIntent, u: SessionUpdate, next: SessionState | null): void {
    const s = store.getState()
    const current = text === s.text
    const lines = linesOf(text)
    const parse = applyParseUpdate(s.parsed, u.parse)
    const diagnostics = same(s.parsed?.diagnostics, s.parsed?.diagnosticLines, parse.diagnostics, (d) =>
      lines(d.loc.line),
    )
    const parsed = { ...parse, text, diagnostics: diagnostics.items, diagnosticLines: diagnostics.lines }
    if (!next || !u.run) {
      store.setState({ parsed, stale: true, runError: null })
      return
    }
    // Unchanged refusals and hints keep their arrays, so the editor does not set its markers again
    // (thousands of them on a large import) after every publish.
    const prev = s.run
    const failures = same(prev?.failures, prev?.failureLines, next.failures, (o) => lines(o.loc?.line ?? 0))
    const hints = same(prev?.hints, prev?.hintLines, next.hints, (h) => lines(h.loc.line))
    const run = {
      ...next,
      text,
      failures: failures.items,
      failureLines: failures.lines,
      hints: hints.items,
      hintLines: hints.lines,
    }
    let explanations = s.explanations
    for (const e of u.run.explained)
      explanations = keepExplanation(explanations, `${run.generation}:${e.index}`, e.publish)
    const log = [...s.log]
    let selection = s.selection
    const logged = whichToLog(run.publishes, intent)
    for (const index of logged) {
      const key = `${run.generation}:${index}`
      const publish = explanations[key] ?? (run.publishes[index] as PublishExplanation)
      const entry: LogEntry = {
        seq: (log[log.length - 1]?.seq ?? 0) + 1,
        at: Date.now(),
        publish: lighten(publish),
        topology: run.topology,
        ref: { generation: run.generation, index },
      }
      log.push(entry)
      selection = { kind: 'run', index }
    }
    if (selection?.kind === 'run' && selection.index >= run.publishes.length) selection = null
    store.setState({
      parsed,
      run,
      stale: !current,
      runError: null,
      log: log.slice(-LOG_LIMIT),
      selection,
      explanations,
    })
  }

  return {
    start: () => {
      if (!started) request(store.getState().text)
    },
    request,
    schedule: (text) => {
      if (!started || stopped || text === lastRequested) return
      clearTimer()
      store.setState({ busy: true })
      timer = setTimeout(() => {
        timer = null
        request(text)
      }, debounceFor(text))
    },
    explain: (index) => {
      const s = store.getState()
      const run = s.run
      const p = run?.publishes[index]
      if (!engine || !run || !p || p.explained !== false) return
      const key = `${run.generation}:${index}`
      if (s.explanations[key]) return
      void engine.explain(run.generation, index).then(
        (full) => {
          if (full) store.setState((st) => ({ explanations: keepExplanation(st.explanations, key, full) }))
        },
        () => {},
      )
    },
    stop: () => {
      stopped = true
      clearTimer()
    },
  }
}

/** `next` with the text of each item's line, or the previous arrays when both are the same. */
function same<T>(
  prevItems: T[] | undefined,
  prevLines: string[] | undefined,
  next: T[],
  lineOf: (item: T) => string,
): { items: T[]; lines: string[] } {
  const lines = next.map(lineOf)
  if (prevItems && prevLines && JSON.stringify([prevItems, prevLines]) === JSON.stringify([next, lines]))
    return { items: prevItems, lines: prevLines }
  return { items: next, lines }
}

/** Line `n` (1-based) of `text`, splitting only when a line is asked for. */
function linesOf(text: string): (n: number) => string {
  let lines: string[] | null = null
  return (n) => {
    lines ??= text.split(/\r\n|\n|\r/)
    // copied: a line kept with a marker must not keep the whole text it was cut from
    return own(lines[n - 1] ?? '')
  }
}

function mergeIntents(a: RunIntent | undefined, b: RunIntent): RunIntent {
  if (!a?.log) return b
  if (!b.log) return a
  if (a.log === 'all' || b.log === 'all') return { log: 'all' }
  return { log: [...a.log, ...b.log] }
}

/** Indexes of the publishes an intent logs: every one, or the last one with each asked id. */
function whichToLog(publishes: PublishExplanation[], intent: RunIntent): number[] {
  if (intent.log === 'all') return publishes.map((_, i) => i)
  const out: number[] = []
  for (const id of intent.log ?? []) {
    for (let i = publishes.length - 1; i >= 0; i--) {
      if (publishes[i]?.id === id) {
        out.push(i)
        break
      }
    }
  }
  return out.sort((a, b) => a - b)
}
