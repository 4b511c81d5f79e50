/**
 * The app-wide playground store: localStorage persistence and the engine Worker, where one session
 * parses and routes the script incrementally (nothing of it is parsed on the main thread).
 */
import { useStore } from 'zustand'
import { type Lang, useLanguage } from '../i18n/language'
import { localKeys } from '../storage/key-store'
import { analysisClient, engineClient } from '../worker/client'
import type { AnalysisAccess } from './analysis-pipeline'
import { createPlaygroundStore } from './playground-store'
import type { EngineAccess } from './run-pipeline'
import type { PlaygroundState } from './types'

/** The example a first visit starts with, commented in the UI language (the script itself is code). */
const DEFAULT_TEXTS: Record<Lang, string> = {
  en: `// A topic exchange: audit takes every order event, notify only created orders.
exchange declare study.orders topic
queue declare audit
queue declare notify
bind audit to study.orders key "order.#"
bind notify to study.orders key "order.created"
publish m1 to study.orders key "order.created" mandatory
`,
  'zh-CN': `// 一个 topic 交换机：audit 接收全部订单事件，notify 只接收新建的订单。
exchange declare study.orders topic
queue declare audit
queue declare notify
bind audit to study.orders key "order.#"
bind notify to study.orders key "order.created"
publish m1 to study.orders key "order.created" mandatory
`,
}

const SESSION = 'playground'

const workerEngine: EngineAccess = {
  update: (text, have, opts) => engineClient().call('sessionUpdate', SESSION, text, have, opts),
  explain: (generation, index) => engineClient().call('sessionExplain', SESSION, generation, index),
}

const workerAnalysis: AnalysisAccess = {
  analyze: (text, before) => analysisClient().call('analyzeText', text, before),
  cancel: () => analysisClient().cancel('A newer text replaced this analysis'),
}

export const playgroundStore = createPlaygroundStore({
  storage: localKeys,
  defaultText: DEFAULT_TEXTS[useLanguage.getState().lang],
  engine: workerEngine,
  analysis: workerAnalysis,
})

// While the example is untouched it follows the language (its comment is the only prose in it).
useLanguage.subscribe(({ lang }) => {
  const s = playgroundStore.getState()
  const next = DEFAULT_TEXTS[lang]
  const untouched = s.text === s.pristine && Object.values(DEFAULT_TEXTS).includes(s.text)
  if (s.mode !== 'edit' || !untouched || s.text === next) return
  s.setText(next)
  playgroundStore.setState({ pristine: next })
})

/** Start routing the text (the playground page calls it on mount; loading a case starts it too). */
export function ensurePipeline(): void {
  playgroundStore.getState().startRuns()
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
