/** The progress store the views read; persists every change and remembers a corrupt-value notice. */
import { create } from 'zustand'
import {
  type Attempt,
  emptyProgress,
  type LoadResult,
  loadProgress,
  type ProgressFile,
  parseProgress,
  recordAttempt,
  type StorageLike,
  saveProgress,
} from './progress-model'

const memory = new Map<string, string>()
/** localStorage when usable, else an in-memory stand-in (private mode): progress then lasts one visit. */
function storage(): StorageLike {
  try {
    localStorage.getItem('x')
    return localStorage
  } catch {
    return {
      getItem: (k) => memory.get(k) ?? null,
      setItem: (k, v) => void memory.set(k, v),
      removeItem: (k) => void memory.delete(k),
    }
  }
}

interface ProgressState {
  progress: ProgressFile
  corrupt: LoadResult['corrupt']
  record(id: string, attempt: Attempt): void
  reset(): void
  /** Replaces progress with an exported file's content; throws a located error on bad input. */
  importText(text: string): void
  exportText(): string
  dismissCorrupt(): void
}

export const useProgress = create<ProgressState>((set, get) => {
  const loaded = loadProgress(storage())
  const commit = (progress: ProgressFile) => {
    saveProgress(storage(), progress)
    set({ progress })
  }
  return {
    progress: loaded.progress,
    corrupt: loaded.corrupt,
    record: (id, attempt) => commit(recordAttempt(get().progress, id, attempt)),
    reset: () => commit(emptyProgress()),
    importText: (text) => commit(parseProgress(text)),
    exportText: () => `${JSON.stringify(get().progress, null, 2)}\n`,
    dismissCorrupt: () => set({ corrupt: null }),
  }
})
