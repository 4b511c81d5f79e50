/**
 * How answers change practice progress (pure; the React store wraps these). Honest by construction:
 * the first graded answer is remembered, a shown answer or solution is remembered for good, and a right
 * answer given after the answer was shown never counts as solved.
 */
import type {
  CodeDraft,
  DeckRecord,
  HomeworkRecord,
  ProgressEntry,
  ProgressFile,
  ProgressStatus,
  QuestionRound,
} from './progress-types'
import { SOLVED } from './progress-types'

export {
  type LoadResult,
  loadProgress,
  PROGRESS_KEY,
  parseProgress,
  saveProgress,
} from './progress-file'
export * from './progress-types'

/** A graded answer. */
export interface Attempt {
  status: Extract<ProgressStatus, 'correct' | 'wrong' | 'passed' | 'failed'>
  score?: number
  maxScore?: number
}

const SUCCESS: readonly ProgressStatus[] = ['correct', 'passed']

function put(p: ProgressFile, id: string, entry: ProgressEntry): ProgressFile {
  return { ...p, entries: { ...p.entries, [id]: entry } }
}

/** Adds one graded answer; solved stays solved, the best score is kept. */
export function recordAttempt(p: ProgressFile, id: string, a: Attempt, now = new Date()): ProgressFile {
  const prev = p.entries[id]
  const success = SUCCESS.includes(a.status)
  const shown = prev?.answerShown === true
  const status: ProgressStatus = prev && isSolved(prev) ? prev.status : shown ? 'revealed' : a.status
  const entry: ProgressEntry = {
    status,
    attempts: (prev?.attempts ?? 0) + 1,
    firstTry: prev?.firstTry ?? (success ? 'correct' : 'wrong'),
    updatedAt: now.toISOString(),
  }
  if (shown) entry.answerShown = true
  // A score earned with the answer in view is not the learner's.
  const best = Math.max(
    prev?.bestScore ?? Number.NEGATIVE_INFINITY,
    shown ? Number.NEGATIVE_INFINITY : (a.score ?? Number.NEGATIVE_INFINITY),
  )
  if (Number.isFinite(best)) entry.bestScore = best
  const max = a.maxScore ?? prev?.maxScore
  if (max !== undefined) entry.maxScore = max
  return put(p, id, entry)
}

/** The answer (or reference solution) was shown: remembered for good; a solved entry stays solved. */
export function recordAnswerShown(p: ProgressFile, id: string, now = new Date()): ProgressFile {
  const prev = p.entries[id]
  const entry: ProgressEntry = {
    ...prev,
    status: prev && isSolved(prev) ? prev.status : 'revealed',
    attempts: prev?.attempts ?? 0,
    firstTry: prev?.firstTry ?? 'shown',
    answerShown: true,
    updatedAt: now.toISOString(),
  }
  return put(p, id, entry)
}

export function isSolved(e: ProgressEntry | undefined): boolean {
  return !!e && SOLVED.includes(e.status)
}

/** A homework task the learner rated as done (on their own or after looking things up). */
export function isRatedDone(h: HomeworkRecord | undefined): boolean {
  return h?.rating === 'independent' || h?.rating === 'looked-up'
}

/** Saves a code exercise's text (a no-op when nothing changed). */
export function saveDraft(
  p: ProgressFile,
  id: string,
  change: { text: string; mine?: string | null },
  now = new Date(),
): ProgressFile {
  const prev = p.code[id]
  const mine = change.mine === null ? undefined : (change.mine ?? prev?.mine)
  if (prev && prev.text === change.text && prev.mine === mine) return p
  const draft: CodeDraft = {
    text: change.text,
    revision: (prev?.revision ?? 0) + 1,
    savedAt: now.toISOString(),
  }
  if (mine !== undefined) draft.mine = mine
  return { ...p, code: { ...p.code, [id]: draft } }
}

/** Sets a homework task's self-rating and/or "where I got stuck" note. */
export function rateHomework(
  p: ProgressFile,
  id: string,
  change: Partial<Pick<HomeworkRecord, 'rating' | 'stuck'>>,
  now = new Date(),
): ProgressFile {
  const prev = p.homework[id] ?? { rating: null, stuck: '', updatedAt: '' }
  const next: HomeworkRecord = { ...prev, ...change, updatedAt: now.toISOString() }
  return { ...p, homework: { ...p.homework, [id]: next } }
}

export function saveDeck(p: ProgressFile, id: string, deck: DeckRecord): ProgressFile {
  return { ...p, decks: { ...p.decks, [id]: deck } }
}

/** Keeps (or, with null, forgets) the open attempt of a question. */
export function saveRound(p: ProgressFile, id: string, round: QuestionRound | null): ProgressFile {
  const rounds = { ...p.rounds }
  if (round) rounds[id] = round
  else delete rounds[id]
  return { ...p, rounds }
}

/**
 * The presentation revealed a deck question in this browser: the deck remembers it (starting the
 * deck's record if there is none) and the question's own entry records "answer shown".
 */
export function recordDeckShown(
  p: ProgressFile,
  deckId: string,
  questionId: string,
  now = new Date(),
): ProgressFile {
  const at = now.toISOString()
  const prev = p.decks[deckId] ?? { answers: {}, startedAt: at }
  const deck: DeckRecord = { ...prev, shown: { ...prev.shown, [questionId]: prev.shown?.[questionId] ?? at } }
  return recordAnswerShown(saveDeck(p, deckId, deck), questionId, now)
}
