/**
 * The progress store the views read; persists every change, remembers a corrupt-value notice and
 * whether the last change could not be saved (it is then kept in memory: export keeps it).
 * Other tabs of the app share the stored progress (the instructor link opens one): each change starts
 * from what is stored now, and a change stored by another tab is taken when the browser says so.
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
  PROGRESS_KEY,
  type ProgressFile,
  parseProgress,
  type QuestionRound,
  rateHomework,
  recordAnswerShown,
  recordAttempt,
  recordDeckShown,
  saveDeck,
  saveDraft,
  saveProgress,
  saveRound,
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
  /** Changes a deck's record; `update` gets the stored one (another tab may have marked a reveal). */
  deck(id: string, update: (prev: DeckRecord | undefined) => DeckRecord): void
  /** The presentation revealed a deck's question in this browser. */
  deckShown(deckId: string, questionId: string): void
  /** Keeps (or, with null, forgets) a question's open attempt. */
  round(id: string, round: QuestionRound | null): void
  reset(): void
  /** Replaces progress with an exported file's content (any version); throws a located error on bad input. */
  importText(text: string): void
  exportText(): string
  dismissCorrupt(): void
}

export const useProgress = create<ProgressState>((set, get) => {
  const loaded = loadProgress(localKeys)
  /** The stored text this tab last read or wrote: anything else was written by another tab. */
  let known = localKeys.read(PROGRESS_KEY)
  /** The stored progress when another tab changed it (unless this tab holds changes it could not store). */
  const current = (): ProgressFile => {
    const raw = localKeys.read(PROGRESS_KEY)
    if (get().unsaved !== null || raw === null || raw === known) return get().progress
    known = raw
    try {
      const progress = parseProgress(raw)
      set({ progress })
      return progress
    } catch {
      return get().progress // a broken value from elsewhere: this tab keeps what it has
    }
  }
  const commit = (change: (p: ProgressFile) => ProgressFile) => {
    const base = current()
    const progress = change(base)
    if (progress === base) return
    const outcome = saveProgress(localKeys, progress)
    known = localKeys.read(PROGRESS_KEY)
    set({ progress, unsaved: outcome === 'saved' ? null : outcome })
  }
  if (typeof window !== 'undefined')
    window.addEventListener('storage', (e) => {
      if (e.key === PROGRESS_KEY) current()
    })
  return {
    progress: loaded.progress,
    corrupt: loaded.corrupt,
    unsaved: null,
    record: (id, a) =>
      commit((p) => (a.status === 'revealed' ? recordAnswerShown(p, id) : recordAttempt(p, id, a))),
    answerShown: (id) => commit((p) => recordAnswerShown(p, id)),
    draft: (id, text, mine) =>
      commit((p) => saveDraft(p, id, mine === undefined ? { text } : { text, mine })),
    rate: (id, change) => commit((p) => rateHomework(p, id, change)),
    deck: (id, update) => commit((p) => saveDeck(p, id, update(p.decks[id]))),
    deckShown: (deckId, questionId) => commit((p) => recordDeckShown(p, deckId, questionId)),
    round: (id, round) => commit((p) => saveRound(p, id, round)),
    reset: () => commit(() => emptyProgress()),
    importText: (text) => {
      const imported = parseProgress(text)
      commit(() => imported)
    },
    exportText: () => `${JSON.stringify(current(), null, 2)}\n`,
    dismissCorrupt: () => set({ corrupt: null }),
  }
})
