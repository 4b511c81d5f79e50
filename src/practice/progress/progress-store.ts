/**
 * The progress store the views read; persists every change, remembers a corrupt-value notice and
 * whether the last change could not be saved (it is then kept in memory: export keeps it).
 */
import { create } from 'zustand'
import { localKeys, type WriteOutcome } from '../../storage/key-store'
import {
  type Attempt,
  emptyProgress,
  type LoadResult,
  loadProgress,
  type ProgressFile,
  parseProgress,
  recordAttempt,
  saveProgress,
} from './progress-model'

interface ProgressState {
  progress: ProgressFile
  corrupt: LoadResult['corrupt']
  /** Why the last change was not saved (storage full, held, none), or null when it was. */
  unsaved: Exclude<WriteOutcome, 'saved'> | null
  record(id: string, attempt: Attempt): void
  reset(): void
  /** Replaces progress with an exported file's content; throws a located error on bad input. */
  importText(text: string): void
  exportText(): string
  dismissCorrupt(): void
}

export const useProgress = create<ProgressState>((set, get) => {
  const loaded = loadProgress(localKeys)
  const commit = (progress: ProgressFile) => {
    const outcome = saveProgress(localKeys, progress)
    set({ progress, unsaved: outcome === 'saved' ? null : outcome })
  }
  return {
    progress: loaded.progress,
    corrupt: loaded.corrupt,
    unsaved: null,
    record: (id, attempt) => commit(recordAttempt(get().progress, id, attempt)),
    reset: () => commit(emptyProgress()),
    importText: (text) => commit(parseProgress(text)),
    exportText: () => `${JSON.stringify(get().progress, null, 2)}\n`,
    dismissCorrupt: () => set({ corrupt: null }),
  }
})
