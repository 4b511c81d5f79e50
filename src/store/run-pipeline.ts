/**
 * Text → parse → (no syntax error) → run in the engine Worker → store. Debounced so typing never
 * queues work, and the newest text always wins (older replies are dropped by the client). While the
 * text has errors the last good run stays, marked stale, so a typo never wipes the diagram.
 */
import type { StoreApi } from 'zustand'
import type { Operation, ParseResult, ProfileName, RunResult } from '../engine'
import { LOG_LIMIT } from './run-slice'
import type { LogEntry, PlaygroundState } from './types'

export interface EngineAccess {
  parse: (text: string) => Promise<ParseResult>
  run: (ops: Operation[], profile: ProfileName | undefined) => Promise<RunResult>
}

/** A longer pause for big texts so a 1,000-binding topology is not re-routed on every key. */
export function debounceFor(text: string): number {
  return text.length > 50_000 ? 500 : text.length > 5_000 ? 250 : 120
}

export function startPipeline(store: StoreApi<PlaygroundState>, engine: EngineAccess): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  let generation = 0

  async function process(text: string, gen: number): Promise<void> {
    let parsed: ParseResult
    try {
      parsed = await engine.parse(text)
    } catch (e) {
      if (gen === generation) store.setState({ busy: false, runError: errorText(e) })
      return
    }
    if (gen !== generation) return
    const hasErrors = parsed.diagnostics.some((d) => d.severity === 'error')
    // Post the run before the store update: the Worker routes while the page shows the new markers.
    const running = hasErrors ? null : engine.run(parsed.ops, parsed.profile)
    store.setState({ parsed, stale: true })
    if (!running) {
      store.setState({ busy: false })
      return
    }
    let run: RunResult
    try {
      run = await running
    } catch (e) {
      if (gen === generation && (e as Error).name !== 'StaleReplyError')
        store.setState({ busy: false, runError: errorText(e) })
      return
    }
    if (gen !== generation) return
    const s = store.getState()
    const log = [...s.log]
    const pending = new Set(s.pendingLog)
    let selection = s.selection
    for (const p of run.publishes) {
      if (!pending.has(p.id)) continue
      pending.delete(p.id)
      const entry: LogEntry = {
        seq: (log[log.length - 1]?.seq ?? 0) + 1,
        at: Date.now(),
        publish: p,
        topology: run.topology,
      }
      log.push(entry)
      selection = { kind: 'run', publishId: p.id }
    }
    store.setState({
      run,
      stale: false,
      busy: false,
      runError: null,
      log: log.slice(-LOG_LIMIT),
      pendingLog: [...pending],
      selection,
    })
  }

  function schedule(text: string, delay: number): void {
    generation++
    const gen = generation
    if (timer) clearTimeout(timer)
    timer = null
    store.setState({ busy: true })
    if (delay === 0) {
      // No timer task to wait for (the page re-renders the editor first, 20-40 ms): start as soon as
      // this store update has reached every subscriber.
      queueMicrotask(() => void process(text, gen))
      return
    }
    timer = setTimeout(() => {
      timer = null
      void process(text, gen)
    }, delay)
  }

  schedule(store.getState().text, 0)
  const unsubscribe = store.subscribe((s, prev) => {
    // Typing is debounced; a publish the user asked for (it waits in pendingLog) runs at once.
    if (s.text !== prev.text) schedule(s.text, s.pendingLog.length > 0 ? 0 : debounceFor(s.text))
  })
  return () => {
    unsubscribe()
    if (timer) clearTimeout(timer)
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}
