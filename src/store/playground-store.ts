/**
 * The playground store: one zustand store composed of slices (editor, run, notices, work), the run
 * pipeline to the engine session, plus the persistence policy — only `text` and `kept` are saved,
 * never derived state, and never while a read-only link is shown.
 */
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { KeyStore } from '../storage/key-store'
import { type AnalysisAccess, type AnalysisPipeline, createAnalysisPipeline } from './analysis-pipeline'
import { createEditorSlice } from './editor-slice'
import { createNoticeSlice } from './notice-slice'
import { createPipeline, type EngineAccess, type Pipeline } from './run-pipeline'
import { createRunSlice } from './run-slice'
import { loadWork, saveWork } from './saved-work'
import type { PlaygroundState } from './types'
import { createWorkSlice } from './work-slice'

export interface StoreOptions {
  storage: KeyStore | null
  /** Text shown when nothing is saved. */
  defaultText: string
  saveDelayMs?: number
  /** The engine session (the Worker in the app, in-thread in tests); none: nothing runs. */
  engine?: EngineAccess | null
  /** The analysis (requirements, lint, diff): its own Worker in the app, in-thread in tests. */
  analysis?: AnalysisAccess | null
}

export function createPlaygroundStore(opts: StoreOptions): StoreApi<PlaygroundState> {
  const loaded = opts.storage ? loadWork(opts.storage) : ({ kind: 'empty' } as const)
  // Saved work counts as the user's own: replacing it asks, unless it is still the example.
  const initial =
    loaded.kind === 'loaded'
      ? { text: loaded.work.text, kept: loaded.work.kept, pristine: loaded.work.pristine ?? opts.defaultText }
      : { text: opts.defaultText, kept: null, pristine: opts.defaultText }
  let pipeline: Pipeline | null = null
  let analyses: AnalysisPipeline | null = null
  const runs = () => pipeline as Pipeline
  let compareIds = 0
  const store = createStore<PlaygroundState>()((...a) => ({
    ...createEditorSlice(initial)(...a),
    ...createRunSlice(runs, () => analyses?.start())(...a),
    analysis: null,
    analysisBusy: false,
    analysisError: null,
    compare: null,
    setCompare: (source) => a[0]({ compare: source ? { ...source, id: ++compareIds } : null }),
    ...createNoticeSlice(...a),
    ...createWorkSlice(runs)(...a),
  }))
  pipeline = createPipeline(store, opts.engine ?? null)
  analyses = createAnalysisPipeline(store, opts.analysis ?? null)
  // Typing (and undo, redo) waits for a pause; actions ask for their run themselves.
  store.subscribe((s, prev) => {
    if (s.text !== prev.text) runs().schedule(s.text)
  })
  const { notify } = store.getState()
  // Not copied aside (storage full): it stays held under its key, and typing never replaces it.
  const held = loaded.kind === 'rescued' && !!opts.storage?.isHeld(loaded.rescueKey)
  if (loaded.kind === 'rescued')
    notify('error', held ? 'savedKeptInPlace' : loaded.reason === 'newer' ? 'savedNewer' : 'savedCorrupt', {
      key: loaded.rescueKey,
      detail: loaded.detail,
    })
  if (loaded.kind === 'loaded' && loaded.migratedFrom !== undefined)
    notify('info', 'savedMigrated', { from: loaded.migratedFrom })

  const storage = opts.storage
  if (storage) {
    let timer: ReturnType<typeof setTimeout> | null = null
    let warned = held // savedKeptInPlace already says the work is not saved
    const flush = () => {
      timer = null
      const s = store.getState()
      if (s.mode !== 'edit') return
      // Not saved (full, held, no storage): the text stays in memory and the notice offers a download.
      if (saveWork(storage, { text: s.text, kept: s.kept, pristine: s.pristine }) === 'saved') warned = false
      else if (!warned) {
        warned = true
        store.getState().notify('error', 'saveFailed')
      }
    }
    store.subscribe((s, prev) => {
      if (s.mode !== 'edit' || (s.text === prev.text && s.kept === prev.kept && s.mode === prev.mode)) return
      if (timer) clearTimeout(timer)
      // A large script is written less often (each save copies all of it into the browser storage).
      timer = setTimeout(flush, opts.saveDelayMs ?? (s.text.length > 100_000 ? 2000 : 300))
    })
    if (typeof window !== 'undefined')
      window.addEventListener('pagehide', () => {
        if (timer) {
          clearTimeout(timer)
          flush()
        }
      })
  }
  return store
}
