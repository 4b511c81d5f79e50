/**
 * The progress store the views read; persists every change, remembers a corrupt-value notice and
 * whether the last change could not be saved (it is then kept in memory: export keeps it).
 */
import { create } from 'zustand'
import { localKeys, type WriteOutcome } from '../../storage/key-store'
import {
  type Attempt,
  type DeckRecord,
  emptyProgress,
  type HomeworkRecord,
  type LoadResult,
  loadProgress,
  type ProgressFile,
  parseProgress,
  rateHomework,
  recordAnswerShown,
  recordAttempt,
  saveDeck,
  saveDraft,
  saveProgress,
} from './progress-model'

interface ProgressState {
  progress: ProgressFile
  corrupt: LoadResult['corrupt']
  /** Why the last change was not saved (storage full, held, none), or null when it was. */
  unsaved: Exclude<WriteOutcome, 'saved'> | null
  /** A graded answer, or `{ status: 'revealed' }` when the learner asked to see the answer. */
  record(id: string, attempt: Attempt | { status: 'revealed' }): void
  answerShown(id: string): void
  /** Saves a code exercise's text; `mine` keeps (string) or forgets (null) the learner's own text. */
  draft(id: string, text: string, mine?: string | null): void
  rate(id: string, change: Partial<Pick<HomeworkRecord, 'rating' | 'stuck'>>): void
  deck(id: string, deck: DeckRecord): void
  reset(): void
  /** Replaces progress with an exported file's content (any version); throws a located error on bad input. */
  importText(text: string): void
  exportText(): string
  dismissCorrupt(): void
}

export const useProgress = create<ProgressState>((set, get) => {
  const loaded = loadProgress(localKeys)
  const commit = (progress: ProgressFile) => {
    if (progress === get().progress) return
    const outcome = saveProgress(localKeys, progress)
    set({ progress, unsaved: outcome === 'saved' ? null : outcome })
  }
  return {
    progress: loaded.progress,
    corrupt: loaded.corrupt,
    unsaved: null,
    record: (id, a) =>
      commit(
        a.status === 'revealed'
          ? recordAnswerShown(get().progress, id)
          : recordAttempt(get().progress, id, a),
      ),
    answerShown: (id) => commit(recordAnswerShown(get().progress, id)),
    draft: (id, text, mine) =>
      commit(saveDraft(get().progress, id, mine === undefined ? { text } : { text, mine })),
    rate: (id, change) => commit(rateHomework(get().progress, id, change)),
    deck: (id, deck) => commit(saveDeck(get().progress, id, deck)),
    reset: () => commit(emptyProgress()),
    importText: (text) => commit(parseProgress(text)),
    exportText: () => `${JSON.stringify(get().progress, null, 2)}\n`,
    dismissCorrupt: () => set({ corrupt: null }),
  }
})
