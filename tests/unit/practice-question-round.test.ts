/**
 * The attempt of a choice question is data kept in progress: after one wrong answer and a reload the
 * card resumes with the hint, and the second wrong answer shows the answer (no third free try).
 */
import { describe, expect, it } from 'vitest'
import {
  emptyProgress,
  loadProgress,
  type QuestionRound,
  saveProgress,
  saveRound,
} from '../../src/practice/progress/progress-model'
import {
  answerRound,
  freshRound,
  showRound,
  showsHint,
  WRONG_BEFORE_ANSWER,
} from '../../src/practice/questions/question-round'
import { createKeyStore } from '../../src/storage/key-store'
import { quotaStorage } from './support/quota-storage'

/** What the page keeps over a reload: a round saved into progress, stored, and loaded again. */
function reload(round: QuestionRound): QuestionRound {
  const keys = createKeyStore(quotaStorage({}))
  saveProgress(keys, saveRound(emptyProgress(), 'q', round))
  const back = loadProgress(keys).progress.rounds.q
  if (!back) throw new Error('the round was not kept')
  return back
}

describe('a question attempt', () => {
  it('hint after the first wrong answer, answer after the second — also across a reload', () => {
    let r = answerRound(freshRound(7), false, 'a')
    expect(r).toEqual({ seed: 7, tried: ['a'], wrong: 1 })
    expect(showsHint(r)).toBe(true)
    r = reload(r)
    expect(showsHint(r)).toBe(true) // the reloaded card still shows the hint, not a fresh attempt
    r = answerRound(r, false, 'c')
    expect(r).toEqual({ seed: 7, tried: ['a', 'c'], wrong: WRONG_BEFORE_ANSWER, end: 'shown' })
    expect(showsHint(r)).toBe(false)
    expect(reload(r).end).toBe('shown')
  })

  it('a right answer ends it; an ended attempt takes no more answers; asking shows the answer', () => {
    const right = answerRound(answerRound(freshRound(1), false, 'b'), true, 'a')
    expect(right).toEqual({ seed: 1, tried: ['b'], wrong: 1, end: 'right' })
    expect(answerRound(right, false, 'c')).toBe(right)
    expect(showRound(freshRound(2)).end).toBe('shown')
    expect(showRound(right)).toBe(right)
    // an ordering question has no option to strike
    expect(answerRound(freshRound(3), false, null)).toEqual({ seed: 3, tried: [], wrong: 1 })
  })
})
