/**
 * Grading a finished deck and the result file a learner hands in. Every question is graded by the
 * engine with the predict rule (right marks score, wrong or missing ones cost, never below 0); the
 * file carries the deck link, so a teacher can open the same questions and check any line. A
 * question whose answer the presentation revealed in this browser before the deck was finished is
 * marked in the review and in the file (`answerShown`); its points are still listed, for the teacher.
 */
import { answerOf, type Grade, gradeRoute, type RouteAnswer } from '../answer'
import { explainOnly } from '../engine-run'
import type { DeckAnswer, DeckRecord } from '../progress/progress-types'
import type { Deck } from './deck-id'

export const RESULT_FORMAT = 'amqp-playground-quiz-result'

export interface ReviewItem {
  n: number
  id: string
  answer: DeckAnswer | null
  right: RouteAnswer
  grade: Grade
  /** The presentation revealed this question's answer in this browser before the deck was finished. */
  answerShown: boolean
}

export interface DeckReview {
  items: ReviewItem[]
  score: number
  maxScore: number
  correct: number
  /** How many questions were revealed before the deck was finished. */
  answersShown: number
}

/** The questions a deck's presentation revealed before it was finished (all so far when it is not). */
export function shownBeforeFinish(record: Pick<DeckRecord, 'shown' | 'finishedAt'> | undefined): Set<string> {
  const end = record?.finishedAt
  return new Set(
    Object.entries(record?.shown ?? {})
      .filter(([, at]) => end === undefined || at <= end)
      .map(([id]) => id),
  )
}

export function reviewDeck(
  deck: Deck,
  answers: Readonly<Record<string, DeckAnswer>>,
  shown: ReadonlySet<string> = new Set(),
): DeckReview {
  const items = deck.questions.map((q, i): ReviewItem => {
    const right = answerOf(explainOnly(q.scenario).publish)
    const answer = answers[q.id] ?? null
    const grade = gradeRoute(right, answer ?? { queues: [], nowhere: null })
    return { n: i + 1, id: q.id, answer, right, grade, answerShown: shown.has(q.id) }
  })
  return {
    items,
    score: items.reduce((s, x) => s + x.grade.score, 0),
    maxScore: items.reduce((s, x) => s + x.grade.maxScore, 0),
    correct: items.filter((x) => x.grade.correct).length,
    answersShown: items.filter((x) => x.answerShown).length,
  }
}

export interface ResultFile {
  format: typeof RESULT_FORMAT
  /** 2: adds `answersShown` and each question's `answerShown`. */
  version: 2
  deck: string
  /** Opens the same deck: the questions can be checked against the engine again. */
  link: string
  language: string
  startedAt: string
  finishedAt: string
  score: number
  maxScore: number
  correct: number
  /** Questions revealed in the presentation (in the learner's browser) before finishing. */
  answersShown: number
  questions: {
    n: number
    id: string
    answer: DeckAnswer | null
    right: RouteAnswer
    score: number
    maxScore: number
    correct: boolean
    answerShown: boolean
  }[]
}

export function resultFile(
  deck: Deck,
  review: DeckReview,
  meta: { link: string; language: string; startedAt: string; finishedAt: string },
): ResultFile {
  return {
    format: RESULT_FORMAT,
    version: 2,
    deck: deck.id,
    ...meta,
    score: review.score,
    maxScore: review.maxScore,
    correct: review.correct,
    answersShown: review.answersShown,
    questions: review.items.map((x) => ({
      n: x.n,
      id: x.id,
      answer: x.answer,
      right: x.right,
      score: x.grade.score,
      maxScore: x.grade.maxScore,
      correct: x.grade.correct,
      answerShown: x.answerShown,
    })),
  }
}
