/**
 * The app-wide playground store: localStorage persistence and the engine Worker. Parsing runs on the
 * main thread for small scripts (instant markers) and in the Worker for large ones.
 */
import { useStore } from 'zustand'
import { type Operation, type ParseResult, type ProfileName, parseScript } from '../engine'
import { localKeys } from '../storage/key-store'
import { engineClient } from '../worker/client'
import { createPlaygroundStore } from './playground-store'
import { type EngineAccess, startPipeline } from './run-pipeline'
import type { PlaygroundState } from './types'

const WORKER_PARSE_CHARS = 20_000

export const DEFAULT_TEXT = `// A topic exchange: audit takes every order event, notify only created orders.
exchange declare study.orders topic
queue declare audit
queue declare notify
bind audit to study.orders key "order.#"
bind notify to study.orders key "order.created"
publish m1 to study.orders key "order.created" mandatory
`

const workerEngine: EngineAccess = {
  parse: async (text): Promise<ParseResult> =>
    text.length > WORKER_PARSE_CHARS
      ? engineClient().latest('playground-parse', 'parseScript', text)
      : parseScript(text),
  run: (ops: Operation[], profile: ProfileName | undefined) =>
    engineClient().latest('playground-run', 'runOperations', ops, profile),
}

export const playgroundStore = createPlaygroundStore({ storage: localKeys, defaultText: DEFAULT_TEXT })

let started = false
/** Start parsing/routing (once for the page's lifetime; the playground page calls it on mount). */
export function ensurePipeline(): void {
  if (started) return
  started = true
  startPipeline(playgroundStore, workerEngine)
}

export function usePlayground<T>(selector: (s: PlaygroundState) => T): T {
  return useStore(playgroundStore, selector)
}

// A read-only hook for end-to-end tests and debugging (mermaid-live-editor does the same):
// `window.__playground.getState()` gives the text, the parse and the last run.
declare global {
  interface Window {
    __playground?: { getState: () => PlaygroundState }
  }
}
if (typeof window !== 'undefined') window.__playground = { getState: playgroundStore.getState }
