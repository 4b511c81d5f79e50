/**
 * Word-by-word reading of a topic match, recovered from the engine's DP table: which key words each
 * pattern word took, and where the match stopped. Pure; the why panel renders the result.
 */
import type { TopicExplanation } from '../engine'

export interface TopicStep {
  patternWord: string
  /** Key words this pattern word took (`#` may take none or several). */
  keyWords: string[]
}

export type TopicFailure =
  | { kind: 'mismatch'; patternWord: string; keyWord: string; patternIndex: number; keyIndex: number }
  | { kind: 'key-too-short'; patternWord: string; patternIndex: number }
  | { kind: 'key-too-long'; keyWords: string[]; keyIndex: number }

export interface TopicReading {
  steps: TopicStep[]
  failure: TopicFailure | null
}

const cell = (t: boolean[][], i: number, j: number) => t[i]?.[j] === true

/** Walks back from the cell (i, j) of the table to the origin, one pattern word at a time. */
function backtrack(te: TopicExplanation, i: number, j: number): TopicStep[] {
  const steps: TopicStep[] = []
  let col = j
  for (let row = i; row > 0; row--) {
    const word = te.patternWords[row - 1] ?? ''
    if (word === '#') {
      // take as few words as possible: the largest earlier column still reachable
      let from = col
      while (from >= 0 && !cell(te.table, row - 1, from)) from--
      if (from < 0) return []
      steps.push({ patternWord: word, keyWords: te.keyWords.slice(from, col) })
      col = from
    } else {
      if (col === 0 || !cell(te.table, row - 1, col - 1)) return []
      steps.push({ patternWord: word, keyWords: [te.keyWords[col - 1] ?? ''] })
      col -= 1
    }
  }
  return steps.reverse()
}

export function readTopic(te: TopicExplanation): TopicReading {
  const P = te.patternWords.length
  const K = te.keyWords.length
  if (te.matched) return { steps: backtrack(te, P, K), failure: null }
  const p = te.failedAt?.patternIndex ?? null
  const k = te.failedAt?.keyIndex ?? null
  const steps = backtrack(te, p ?? P, k ?? K)
  let failure: TopicFailure
  if (p !== null && k !== null) {
    failure = {
      kind: 'mismatch',
      patternWord: te.patternWords[p] ?? '',
      keyWord: te.keyWords[k] ?? '',
      patternIndex: p,
      keyIndex: k,
    }
  } else if (p !== null) {
    failure = { kind: 'key-too-short', patternWord: te.patternWords[p] ?? '', patternIndex: p }
  } else {
    failure = { kind: 'key-too-long', keyWords: te.keyWords.slice(k ?? K), keyIndex: k ?? K }
  }
  return { steps, failure }
}
