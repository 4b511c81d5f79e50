/**
 * The shape of practice progress (format version 3): one entry per exercise id, the code exercises'
 * autosaved text, the homework self-ratings, the quiz decks' answers and the open attempt of each
 * choice or ordering question. It is what the browser keeps
 * and what export writes, so it is versioned; older files are migrated on load (progress-file.ts).
 */
import type { Nowhere } from '../answer'

export const PROGRESS_FORMAT = 'amqp-playground-practice-progress'
export const PROGRESS_VERSION = 3

export type ProgressStatus = 'correct' | 'wrong' | 'revealed' | 'passed' | 'failed' | 'done'
export const STATUSES: readonly ProgressStatus[] = [
  'correct',
  'wrong',
  'revealed',
  'passed',
  'failed',
  'done',
]
/** Statuses that mean "solved"; a later wrong attempt does not take them away. */
export const SOLVED: readonly ProgressStatus[] = ['correct', 'passed', 'done']

export interface ProgressEntry {
  status: ProgressStatus
  /** Graded answers given (a shown answer is not an attempt). */
  attempts: number
  /** The first graded answer, or 'shown' when the answer was shown before any. */
  firstTry?: 'correct' | 'wrong' | 'shown'
  /** The answer (or the reference solution) was shown: later right answers do not count as solved. */
  answerShown?: true
  bestScore?: number
  maxScore?: number
  updatedAt: string
}

/** A code exercise's text, saved as the learner types. */
export interface CodeDraft {
  text: string
  /** Counts saves, so a restored older file is recognisable. */
  revision: number
  savedAt: string
  /** The learner's own text, kept when the reference solution replaced it ("back to my code"). */
  mine?: string
}

/** The study note's self-rating: done on my own / done after looking things up / not done yet. */
export type HomeworkRating = 'independent' | 'looked-up' | 'not-yet'
export const HOMEWORK_RATINGS: readonly HomeworkRating[] = ['independent', 'looked-up', 'not-yet']

export interface HomeworkRecord {
  rating: HomeworkRating | null
  /** "Where I got stuck", in the learner's words. */
  stuck: string
  updatedAt: string
}

export interface DeckAnswer {
  queues: string[]
  nowhere: Nowhere | null
}

/** A quiz deck in progress or finished: the answers by question id. */
export interface DeckRecord {
  answers: Record<string, DeckAnswer>
  startedAt: string
  finishedAt?: string
  /**
   * Questions whose answer the presentation revealed in this browser, with when (kept through
   * "answer again": what was seen stays seen). The review and the result file mark them.
   */
  shown?: Record<string, string>
}

/**
 * The open attempt of a choice or ordering question, so a reload does not reset it: the option order's
 * seed, the options already tried, the wrong answers given, and how the attempt ended.
 */
export interface QuestionRound {
  seed: number
  tried: string[]
  wrong: number
  end?: 'right' | 'shown'
}

export interface ProgressFile {
  format: typeof PROGRESS_FORMAT
  version: typeof PROGRESS_VERSION
  entries: Record<string, ProgressEntry>
  code: Record<string, CodeDraft>
  homework: Record<string, HomeworkRecord>
  decks: Record<string, DeckRecord>
  rounds: Record<string, QuestionRound>
}

export function emptyProgress(): ProgressFile {
  return {
    format: PROGRESS_FORMAT,
    version: PROGRESS_VERSION,
    entries: {},
    code: {},
    homework: {},
    decks: {},
    rounds: {},
  }
}
