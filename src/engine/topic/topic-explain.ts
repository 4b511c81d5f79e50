/** A topic binding's explanation for one routing key: the DP table and where matching stopped. */

import type { TopicExplanation, TopicTaken } from '../broker/types'
import { topicDpTable } from './topic-dp'
import { splitWords } from './topic-words'

/**
 * Build the TopicExplanation of `pattern` against `routingKey`. `failedAt` points at the deepest
 * partial match: the pattern word that could go no further and the key word it faced (null = none left).
 */
export function explainTopic(pattern: string, routingKey: string): TopicExplanation {
  const patternWords = splitWords(pattern)
  const keyWords = splitWords(routingKey)
  const table = topicDpTable(patternWords, keyWords)
  const matched = (table[patternWords.length] as boolean[])[keyWords.length] as boolean
  const out: TopicExplanation = { routingKey, patternWords, keyWords, matched, table, taken: [] }
  let end: [number, number] = [patternWords.length, keyWords.length]
  if (!matched) {
    let bi = 0
    let bj = 0
    for (let i = 0; i < table.length; i++) {
      const row = table[i] as boolean[]
      for (let j = 0; j < row.length; j++) {
        if (row[j] && (i > bi || (i === bi && j > bj))) {
          bi = i
          bj = j
        }
      }
    }
    out.failedAt = {
      patternIndex: bi < patternWords.length ? bi : null,
      keyIndex: bj < keyWords.length ? bj : null,
    }
    end = [bi, bj]
  }
  out.taken = taken(patternWords, keyWords, table, end[0], end[1])
  return out
}

const cell = (t: boolean[][], i: number, j: number) => t[i]?.[j] === true

/**
 * Walks the table back from cell (i, j) to the origin, one pattern word at a time: the key words
 * each pattern word took. `#` takes as few words as it can (the largest earlier column still true).
 */
function taken(pattern: string[], key: string[], table: boolean[][], i: number, j: number): TopicTaken[] {
  const steps: TopicTaken[] = []
  let col = j
  for (let row = i; row > 0; row--) {
    const word = pattern[row - 1] ?? ''
    if (word === '#') {
      let from = col
      while (from >= 0 && !cell(table, row - 1, from)) from--
      if (from < 0) return []
      steps.push({ patternWord: word, keyWords: key.slice(from, col) })
      col = from
    } else {
      if (col === 0 || !cell(table, row - 1, col - 1)) return []
      steps.push({ patternWord: word, keyWords: [key[col - 1] ?? ''] })
      col -= 1
    }
  }
  return steps.reverse()
}
